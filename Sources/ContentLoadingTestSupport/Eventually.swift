/// Yields to other tasks until `condition` holds, for at most `timeLimit`.
///
/// ```swift
/// let reload = Task { await dataSource.reload(ownedBy: .dataSource) }
/// await eventually { dataSource.loadingCoordinator.isLoading }   // the load has begun
/// ```
///
/// Gives up (recording an issue of the running test at the caller's line, see ``WaitLimit``)
/// and returns `false` when the condition never holds, or at once if the test is cancelled,
/// so a regression fails its test instead of spinning forever.
@MainActor
@discardableResult
public func eventually(
    within timeLimit: Duration = WaitLimit.standard,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    _ condition: () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeLimit
    while !condition() {
        guard ContinuousClock.now < deadline, !Task.isCancelled else {
            let exceeded = WaitLimit.Exceeded(
                description: "the condition awaited at \(fileID):\(line) never held within \(timeLimit)")
            WaitLimit.record(exceeded, fileID: fileID, filePath: filePath, line: line, column: column)
            return false
        }
        await Task.yield()
    }
    return true
}
