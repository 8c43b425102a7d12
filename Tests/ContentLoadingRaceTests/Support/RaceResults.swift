import Foundation  // NSLock: a lock ThreadSanitizer understands.

/// Collects named `Bool` results of racing main-actor tasks spawned from worker threads.
final class RaceResults: @unchecked Sendable {
    // @unchecked: `tasks` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var tasks: [Task<(String, Bool), Never>] = []

    /// Adds a racer's task; callable from any thread.
    func add(_ task: Task<(String, Bool), Never>) {
        lock.withLock { tasks.append(task) }
    }

    /// Every racer's name and answer.
    func values() async -> [(name: String, won: Bool)] {
        var values: [(name: String, won: Bool)] = []
        for task in lock.withLock({ tasks }) { values.append(await task.value) }
        return values
    }
}
