import ContentLoading
import ContentLoadingTestSupport

/// Async loads of children (`load { }`), whose work reads its token and jitters off the main
/// actor, begun while children join and leave.
extension CompositionContentionHarness {
    /// What an async load's work returns: its token, and the items it loaded.
    struct Landed: Sendable {
        let ticket: TokenTicket
        let items: [String]
    }

    /// Begins an async load of `child` whose work runs `work` off the main actor, then returns
    /// items naming the load; the task's value is whether it landed.
    func beginAsync(
        child: Int, keepingContent: Bool, work: @escaping @Sendable (LoadingState) async throws -> Void
    ) -> Task<Bool, Never> {
        noteBegun(child)
        let number = loadsBegun[child]
        let reads = self.reads
        let task = sections[child].loadingCoordinator.load(keepingContent: keepingContent) { state in
            let ticket = TokenTicket(child: child, index: number - 1, token: state)
            try await Self.runOffMain(ticket, reads, work)
            return Landed(ticket: ticket, items: ["a\(child)#\(number)"])
        } commit: { [weak self] landed in
            self?.asyncCommit(landed)
        }
        openTasks[child] = task
        check(after: "async load \(number) of child \(child) began")
        return task
    }

    /// The tasks returned `values`: as many landed as committed.
    func noteAsyncValues(_ values: [Bool]) {
        asyncLanded += values.filter { $0 }.count
        if asyncLanded != asyncCommits { record("\(asyncLanded) async tasks returned true, \(asyncCommits) committed") }
    }

    /// Once every task has returned, no load is left open: each landed, was superseded, or was
    /// cancelled when its child left.
    func expectEveryLoadEnded() {
        for child in sections.indices where isOpen[child] || sections[child].loadingCoordinator.isLoading {
            record("child \(child) still loading after every task returned")
        }
        check(after: "every task returned")
    }

    private func asyncCommit(_ landed: Landed) {
        let (child, number) = (landed.ticket.child, landed.ticket.index + 1)
        // Runs only for an accepted load: the child's newest, still open (so not removed since).
        if !(isOpen[child] && loadsBegun[child] == number) {
            record("commit of child \(child) load \(number) while load \(loadsBegun[child]) open: \(isOpen[child])")
        }
        if reads.wasSeenInvalid(landed.ticket) { record("\(landed.ticket) committed after a worker saw it invalid") }
        sections[child].items = landed.items
        noteModelChanged(child, to: landed.items)
        noteLanded(child)
        asyncCommits += 1
    }

    private nonisolated static func runOffMain(
        _ ticket: TokenTicket, _ reads: TokenReads, _ work: @Sendable (LoadingState) async throws -> Void
    ) async throws {
        reads.observe(ticket)
        try await work(ticket.token)
        reads.observe(ticket)
    }
}
