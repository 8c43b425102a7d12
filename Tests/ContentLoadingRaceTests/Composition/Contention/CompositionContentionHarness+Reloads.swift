import ContentLoadingTestSupport

@testable import ContentLoading

/// Awaited reloads of the whole container, as SwiftUI's `.refreshable` makes them.
extension CompositionContentionHarness {
    /// Begins an awaited reload of the container in a task of its own and returns the task.
    ///
    /// The task begins the children's loads as soon as it runs, before its first suspension;
    /// the next step (or the round's settling) absorbs them into the oracle.
    func beginAwaitedReload() -> Task<LoadOutcome, Never> {
        awaitedReloadsRequested += 1
        let container = self.container
        return Task { @MainActor in
            self.awaitedReloadsBegun += 1
            return await container.reload(ownedBy: .dataSource)
        }
    }
}

extension CompositionContentionHarness {
    /// One round of awaited reloads racing the children: `workers` seeded workers (see
    /// ``runSeededWorkers(_:seed:round:_:)``) each take six steps, a quarter of them an awaited
    /// reload and the rest what `draw` picks for the tickets they hold. Then the round settles,
    /// every reload is awaited (bounded) and counted by its outcome's case in `outcomes`, and a
    /// child's coordinator still waiting or recording after every reload returned is a violation.
    ///
    /// - Parameter draw: The action a worker takes besides a reload, from the newest two tickets.
    func raceAwaitedReloads(
        workers: Int, seed: UInt64, round: Int, outcomes: inout [String: Int],
        draw: @escaping @Sendable ([[TokenTicket]], inout SeededGenerator) -> Action
    ) async {
        let awaited = BoundedTasks<LoadOutcome>()
        await runSeededWorkers(workers, seed: seed, round: round) { random in
            for _ in 0..<6 {
                let tickets = await self.tickets(newest: 2)
                let reloadsNow = random.chance(25)
                let action = draw(tickets, &random)
                await Jitter.yield(&random, limit: 2)
                await MainActor.run {
                    if reloadsNow {
                        awaited.add(self.beginAwaitedReload())
                    } else {
                        self.perform(action)
                    }
                }
            }
        }
        // Every reload has begun its loads before the round settles them.
        await eventually { self.awaitedReloadsBegun == self.awaitedReloadsRequested }
        settleEverything()
        for outcome in await awaited.values() {
            outcomes[String("\(outcome)".prefix { $0 != "(" }), default: 0] += 1
        }
        for (child, section) in sections.enumerated() where !section.loadingCoordinator.waiters.isIdle {
            record("child \(child)'s coordinator still waits or records after every reload returned")
        }
    }
}
