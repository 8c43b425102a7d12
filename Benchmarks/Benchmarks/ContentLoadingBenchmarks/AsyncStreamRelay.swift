import ContentLoading

/// The peer of a wrapper's `screens`: a `ContentWrapperDelegate` that yields each screen shown
/// into an `AsyncStream` keeping the newest, read by one task on the main actor. What an app
/// writes without the framework's stream, and the floor of waking a task per screen.
@MainActor
final class AsyncStreamRelay: ContentWrapperDelegate {
    /// The screens received so far.
    private(set) var received = 0
    private let continuation: AsyncStream<Screen>.Continuation
    private var task: Task<Void, Never>?

    init() {
        let (stream, continuation) = AsyncStream<Screen>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.continuation = continuation
        task = Task { @MainActor [weak self] in
            for await _ in stream {
                self?.received += 1
            }
        }
    }

    deinit {
        continuation.finish()
    }

    func contentWrapper(_ wrapper: ContentWrapper, didShow screen: Screen) {
        continuation.yield(screen)
    }
}
