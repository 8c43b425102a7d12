import Foundation  // NSLock: a lock ThreadSanitizer understands.

/// Collects the tasks that worker threads spawn, so the test can await every one of them:
/// awaiting completion, not sleeping, is what orders the checks after the work.
final class TaskCollector: @unchecked Sendable {
    // @unchecked: `tasks` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var tasks: [Task<Void, Never>] = []

    /// Adds a task to await later; callable from any thread.
    func add(_ task: Task<Void, Never>) {
        lock.withLock { tasks.append(task) }
    }

    /// Awaits every task added so far, and any they added meanwhile.
    func awaitAll() async {
        while let batch = takeAll() {
            for task in batch { await task.value }
        }
    }

    private func takeAll() -> [Task<Void, Never>]? {
        lock.withLock {
            defer { tasks.removeAll() }
            return tasks.isEmpty ? nil : tasks
        }
    }
}
