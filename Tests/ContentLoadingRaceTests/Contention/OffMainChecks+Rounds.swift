import ContentLoading
import ContentLoadingTestSupport

extension OffMainChecks {
    /// One round of real threads racing the main actor: each of `threads` seeded threads (see
    /// ``runSeededThreads(_:seed:round:_:)``) picks one of `tokens` and reads it here, then spawns
    /// a main-actor task that jitters and `perform`s one of 20 actions with it, and reads the token
    /// again while earlier threads' tasks run. Returns once every task has ended (bounded).
    func race(
        _ threads: Int, seed: UInt64, round: Int, tokens: [LoadingState],
        perform: @escaping @MainActor @Sendable (_ action: Int, _ token: LoadingState) -> Void
    ) async {
        let tasks = BoundedTasks<Void>()
        await runSeededThreads(threads, seed: seed, round: round) { _, random in
            _ = Jitter.spin(&random)
            let token = tokens.randomElement(using: &random)!
            self.observe(token)
            let action = Int.random(in: 0..<20, using: &random)
            var taskRandom = random
            tasks.add(
                Task { @MainActor in
                    await Jitter.yield(&taskRandom)
                    perform(action, token)
                })
            _ = Jitter.spin(&random)
            self.observe(token)
        }
        await tasks.awaitAll()
    }
}
