import ContentLoading

/// One consumer of a wrapper's `screens`, on the main actor: a task that counts the screens it
/// receives until the stream ends.
@MainActor
final class ScreenStreamConsumer {
    /// The screens received so far.
    private(set) var received = 0
    private var task: Task<Void, Never>?

    /// Starts reading `screens`.
    init(_ screens: ScreenStream) {
        task = Task { @MainActor [weak self] in
            for await _ in screens {
                self?.received += 1
            }
        }
    }

    /// Waits until the stream has ended (its wrapper is gone).
    func ended() async {
        await task?.value
    }
}
