import Foundation  // NSLock: a lock ThreadSanitizer understands.

/// Collects `load { }` tasks begun from many tasks, so the test can await all their values.
final class LoadTaskCollector: @unchecked Sendable {
    // @unchecked: `tasks` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var tasks: [Task<Bool, Never>] = []

    /// Adds a task; callable from any thread.
    func add(_ task: Task<Bool, Never>) {
        lock.withLock { tasks.append(task) }
    }

    /// Every task's value, in the order they were added.
    func values() async -> [Bool] {
        var values: [Bool] = []
        for task in lock.withLock({ tasks }) { values.append(await task.value) }
        return values
    }
}
