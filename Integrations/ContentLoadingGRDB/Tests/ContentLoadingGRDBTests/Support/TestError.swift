/// An error a test makes a fetch fail with.
struct TestError: Error, Equatable {
    let number: Int
    init(_ number: Int) { self.number = number }
}
