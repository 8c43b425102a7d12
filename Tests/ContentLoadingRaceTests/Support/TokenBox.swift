import ContentLoading

/// Holds the token a `load { }` work closure received, for the test to read once it starts.
@MainActor
final class TokenBox {
    var token: LoadingState? {
        didSet {
            guard let token else { return }
            for waiter in waiters { waiter.resume(returning: token) }
            waiters.removeAll()
        }
    }
    private var waiters: [CheckedContinuation<LoadingState, Never>] = []

    /// The token, once the work has stored it.
    func awaitToken() async -> LoadingState {
        if let token { return token }
        return await withCheckedContinuation { waiters.append($0) }
    }
}
