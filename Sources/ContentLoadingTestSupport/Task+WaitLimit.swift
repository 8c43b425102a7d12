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
