import Testing

@Suite struct RacePlaceholderTests {
    @Test func builds() { #expect(Bool(true)) }
}
