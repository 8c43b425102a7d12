extension Task where Failure == Never {
    /// The task's value, or `nil` if it has not finished within `timeLimit`; giving up records
    /// an issue of the running test at the caller's line (see ``WaitLimit``).
    ///
    /// ```swift
    /// await fixture.wrapper.timer?.boundedValue()   // the wrapper's timer stops in time, or the test fails
    /// ```
    ///
    /// For a task whose end the test cannot bring about itself. A task whose work waits only on
    /// ``AsyncGate``s needs no bound of its own: its gates have one. Gives up at once, with
    /// `nil`, if the waiting test is cancelled (its own time limit ran out, say).
    @discardableResult
    public func boundedValue(
        within timeLimit: Duration = WaitLimit.standard,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Success? {
        let gate = AsyncGate<Success>(
            observesCancellation: true, timeLimit: timeLimit, subject: "the task awaited at \(fileID):\(line)",
            origin: (fileID, filePath, line, column))
        // If the task never ends, neither does this one; the test has failed by then.
        Task<Void, Never> { gate.open(returning: await self.value) }
        return try? await gate.wait()
    }
}

extension Array {
    /// The values of these tasks, in order, or `nil` if they have not all finished within
    /// `timeLimit`; giving up records an issue of the running test at the caller's line (see
    /// ``WaitLimit``).
    ///
    /// ```swift
    /// let reloads = dataSources.map { dataSource in Task { await dataSource.reload(ownedBy: .caller) } }
    /// #expect(await reloads.boundedValues()?.allSatisfy { $0 == .content } == true)
    /// ```
    ///
    /// One bounded wait for all of them, instead of one per task: the tasks are awaited off the
    /// caller's actor, so a test on the main actor waiting for a thousand tasks takes one hop back
    /// to it rather than a thousand, each behind whatever else the main actor has queued.
    public func boundedValues<Success: Sendable>(
        within timeLimit: Duration = WaitLimit.standard,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> [Success]? where Element == Task<Success, Never> {
        let tasks = self
        return await Task<[Success], Never>.detached {
            var values: [Success] = []
            values.reserveCapacity(tasks.count)
            for task in tasks { values.append(await task.value) }
            return values
        }.boundedValue(within: timeLimit, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
