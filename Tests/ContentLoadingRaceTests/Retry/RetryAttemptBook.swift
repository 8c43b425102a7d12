import ContentLoading
import ContentLoadingTestSupport

/// What a scripted attempt returns: a page's rows and the cursor after it.
struct RetryAttemptAnswer: Sendable {
    let rows: [String]
    let next: Int?
}

/// The live side's record of every load a ``RetryRaceDataSource`` began: its attempts (each
/// waiting on its own gate until a step opens it), the cursor each asked for, its task and the
/// task's value once it ends.
@MainActor
final class RetryAttemptBook {
    /// One load, numbered from 1 in the order loads began (both lanes).
    @MainActor
    final class Entry {
        let number: Int
        let isPage: Bool
        let ignoresCancellation: Bool
        /// The cursor each attempt asked for (`nil` for a content load's attempts).
        fileprivate(set) var cursors: [Int?] = []
        fileprivate(set) var gates: [AsyncGate<RetryAttemptAnswer>] = []
        /// Whether a step opened the last attempt's gate.
        fileprivate(set) var lastOpened = false
        /// The token the work was handed, for finishing the load by hand.
        fileprivate(set) var token: LoadingState?
        fileprivate(set) var task: Task<Bool, Never>?
        /// The task's value once it has ended.
        fileprivate(set) var value: Bool?

        fileprivate init(number: Int, isPage: Bool, ignoresCancellation: Bool) {
            self.number = number
            self.isPage = isPage
            self.ignoresCancellation = ignoresCancellation
        }

        /// Whether the last attempt waits on a gate no step has opened yet.
        var isWaiting: Bool { value == nil && !gates.isEmpty && !lastOpened }
    }

    private(set) var entries: [Entry] = []

    /// Numbers a load about to begin.
    func register(isPage: Bool, ignoresCancellation: Bool) -> Int {
        entries.append(Entry(number: entries.count + 1, isPage: isPage, ignoresCancellation: ignoresCancellation))
        return entries.count
    }

    /// Keeps load `number`'s task, and records its value when it ends.
    func track(_ number: Int, _ task: Task<Bool, Never>) {
        let entry = entries[number - 1]
        entry.task = task
        Task { [weak entry] in
            let value = await task.value
            entry?.value = value
        }
    }

    /// An attempt of load `number`: waits until a step opens its gate. Runs off the main actor.
    nonisolated func attempt(_ number: Int, state: LoadingState, cursor: Int?) async throws -> RetryAttemptAnswer {
        try await start(number, state: state, cursor: cursor).wait()
    }

    private func start(_ number: Int, state: LoadingState, cursor: Int?) -> AsyncGate<RetryAttemptAnswer> {
        let entry = entries[number - 1]
        if entry.token == nil { entry.token = state }
        let gate = AsyncGate<RetryAttemptAnswer>(observesCancellation: !entry.ignoresCancellation)
        entry.cursors.append(cursor)
        entry.gates.append(gate)
        entry.lastOpened = false
        return gate
    }

    /// Opens the last attempt's gate of `entry` with `outcome`.
    func open(_ entry: Entry, with outcome: RetryStep.Outcome) {
        entry.lastOpened = true
        switch outcome {
        case .rows(let count, let ends):
            let rows = (0..<count).map { "\(entry.number)-\($0)" }
            let next = ends ? nil : (entry.cursors.last.flatMap { $0 } ?? 0) + 1
            entry.gates.last?.open(returning: RetryAttemptAnswer(rows: rows, next: next))
        case .failure(let error): entry.gates.last?.open(throwing: error)
        case .cancellation: entry.gates.last?.open(throwing: CancellationError())
        }
    }

    /// Lets every attempt still waiting end with a cancellation, after a mismatch or at the end.
    func openEveryGate() {
        for entry in entries {
            for gate in entry.gates { gate.open(throwing: CancellationError()) }
        }
    }
}
