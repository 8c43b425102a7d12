/// Calls an action on the main actor at a fixed interval until stopped: drives the spinners.
@MainActor
final class Ticker {
    private var task: Task<Void, Never>?

    /// Whether the ticker is running.
    var isRunning: Bool { task != nil }

    /// Starts calling `action` every `interval`; does nothing if already running.
    func start(every interval: Duration, _ action: @escaping @MainActor () -> Void) {
        guard task == nil else { return }
        task = Task {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return  // Stopped.
                }
                // Stopped while this tick was waiting for the main actor: draw nothing more.
                guard !Task.isCancelled else { return }
                action()
            }
        }
    }

    /// Stops the ticks.
    func stop() {
        task?.cancel()
        task = nil
    }
}
