import ContentLoading
import ContentLoadingTestSupport

/// Holds the token a `load { }` work closure received, for the test to read once it starts.
@MainActor
final class TokenBox {
    var token: LoadingState? {
        didSet {
            if let token { arrived.open(returning: token) }
        }
    }
    /// Opens with the first token stored; a gate, so the wait is bounded (see `WaitLimit`).
    private let arrived = AsyncGate<LoadingState>()

    /// The token, once the work has stored it.
    func awaitToken() async throws -> LoadingState {
        try await arrived.wait()
    }
}
