import ContentLoadingTestSupport
import Foundation  // NSLock: a lock ThreadSanitizer understands.

/// Collects the tasks that worker threads and tasks spawn (callable from any thread), so the
/// test can await every one of them, each for at most `WaitLimit.standard`: awaiting completion,
/// not sleeping, orders the checks after the work, and a task that never ends fails the test
/// instead of hanging it.
final class BoundedTasks<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `tasks` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var tasks: [Task<Value, Never>] = []

    /// Adds a task to await later; callable from any thread.
    func add(_ task: Task<Value, Never>) {
        lock.withLock { tasks.append(task) }
    }

    /// Awaits every task added so far, and any they added meanwhile.
    func awaitAll() async { _ = await values() }

    /// Awaits every task added so far, and any they added meanwhile; the values of those that
    /// ended in time, in the order they were added (a task that did not has recorded an issue).
    func values() async -> [Value] {
        var values: [Value] = []
        while let batch = takeAll() {
            for task in batch {
                if let value = await task.boundedValue() { values.append(value) }
            }
        }
        return values
    }

    private func takeAll() -> [Task<Value, Never>]? {
        lock.withLock {
            defer { tasks.removeAll() }
            return tasks.isEmpty ? nil : tasks
        }
    }
}
