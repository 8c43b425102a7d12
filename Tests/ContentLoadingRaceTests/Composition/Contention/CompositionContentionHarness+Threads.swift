import ContentLoadingTestSupport

extension CompositionContentionHarness {
    /// One round of real threads racing the main actor: each of `workers` seeded threads (see
    /// ``runSeededThreads(_:seed:round:_:)``) draws an action for `tickets`, reads the token it
    /// finishes off the main actor, spawns a main-actor task that jitters and performs it, and
    /// reads that token again while earlier threads' tasks run. Returns the actions performed,
    /// once every task has ended (bounded).
    func raceThreads(
        workers: Int, seed: UInt64, round: Int, tickets: [[TokenTicket]],
        draw: @escaping @Sendable ([[TokenTicket]], inout SeededGenerator) -> Action
    ) async -> [Action] {
        let reads = self.reads
        let tasks = BoundedTasks<Action>()
        await runSeededThreads(workers, seed: seed, round: round) { _, random in
            _ = Jitter.spin(&random)
            let action = draw(tickets, &random)
            if case .finish(let ticket, _) = action { reads.observe(ticket) }
            var taskRandom = random
            tasks.add(
                Task { @MainActor in
                    await Jitter.yield(&taskRandom)
                    self.perform(action)
                    return action
                })
            _ = Jitter.spin(&random)
            if case .finish(let ticket, _) = action { reads.observe(ticket) }
        }
        return await tasks.values()
    }
}
