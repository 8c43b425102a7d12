// Placeholder until the demo issue lands.
print("demo")
