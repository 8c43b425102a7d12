import Testing

@Suite struct DemoPlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
