/// Holds the tokens (or objects) a benchmark begins, with room reserved up front so that
/// keeping them allocates nothing inside the measurement.
@MainActor
final class TokenBuffer<Token> {
    var tokens: [Token] = []

    init(capacity: Int) {
        tokens.reserveCapacity(capacity)
    }
}
