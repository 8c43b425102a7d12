import ContentLoading

/// Runs one sequence against the real types and the reference model side by side, comparing
/// them after every step, and shrinks a failing sequence to a 1-minimal one: a sequence that
/// still fails and from which no single step can be removed.
@MainActor
enum SequenceRunner {
    /// What the comparison looks at after every step.
    enum Field: Hashable {
        /// The step's answer: a finish's or cancel's `Bool`, a task's value.
        case answer
        /// The state the wrapper draws.
        case shown
        /// Whether the wrapper the data source reports to draws what the state calls for
        /// (immediate policy): its state, with exactly that state's renderer visible.
        case screen
        /// The coordinator's `state`.
        case state
        /// The coordinator's `isLoading`.
        case isLoading
        /// The coordinator's `error`.
        case error
        /// The data source's model.
        case items
        /// Every renderer and delegate call, in order.
        case log
        /// Every token's `isValid`.
        case validity
        /// Whether each async load's task that is still running has been cancelled.
        case taskCancelled
        /// What is deallocated: the data source once released; everything once the run ends.
        case lifetime
        /// Every answer `loadMore()` gave the harness, in order.
        case loadMore
        /// The paged data source's `appendState`.
        case appendState
        /// The paged data source's `nextCursor`.
        case nextCursor
        /// The footer the current wrapper draws (`wrapper.footer`).
        case footer
        /// Whether the wrapper the data source reports to draws the footer the lane calls for,
        /// as its content renderer was last told (immediate policy).
        case footerScreen
    }

    typealias Problem = RaceHarness.Problem<Field>
    typealias Mismatch = RaceHarness.Mismatch<Field>

    /// Runs `operations`, then lets every async load still waiting return (as further checked
    /// steps), so no task outlives the run, then drops the system and checks that everything
    /// was deallocated. Returns the first mismatch, if any.
    static func run(
        _ operations: [RaceOperation], fault: Fault? = nil, firstFrame: FirstFrame = .blank,
        coverage: PagingCoverage? = nil
    ) async -> Mismatch? {
        var live: LiveSystem? = LiveSystem(fault: fault, firstFrame: firstFrame)
        var model = ReferenceModel(fault: fault, firstFrame: firstFrame)
        if let problems = compare(live!, model, answers: (nil, nil)) {
            return Mismatch(step: 0, what: "init", problems: problems)
        }
        defer { coverage?.add(model.lane.reached) }
        func step(_ number: Int, _ operation: RaceOperation) async -> Mismatch? {
            let modelAnswer = model.apply(operation)
            let liveAnswer = await live!.apply(operation)
            guard let problems = compare(live!, model, answers: (liveAnswer, modelAnswer)) else { return nil }
            return Mismatch(step: number, what: "\(operation)", problems: problems)
        }
        for (index, operation) in operations.enumerated() {
            if let mismatch = await step(index + 1, operation) {
                await live!.endAllWork()
                return mismatch
            }
        }
        // Let every async load whose result is not known yet return, checked like any step.
        var number = operations.count
        while let waiting = model.asyncLoads.firstIndex(where: { $0.value == nil }) {
            number += 1
            if let mismatch = await step(number, .resume(.earlier(waiting), .items(["drained"]))) {
                await live!.endAllWork()
                return mismatch
            }
        }
        await live!.endAllWork()
        // Nothing keeps the data source, its coordinator or the wrapper alive but the system.
        weak let coordinator = live!.coordinator
        let wrappers = live!.madeWrappers
        weak let dataSource = live!.weakDataSource
        live = nil
        let leaks = RaceHarness.leaks(
            [("coordinator", coordinator)]
                + wrappers.enumerated().map { ("wrapper \($0.offset + 1)", $0.element.wrapper) }
                + [("data source", dataSource)],
            field: Field.lifetime)
        return leaks.isEmpty ? nil : Mismatch(step: number + 1, what: "teardown", problems: leaks)
    }

    /// Shrinks a failing sequence: removes ever smaller chunks, simplifies steps, and ends with
    /// single-step removals until none still fails. The result is 1-minimal (no single step can
    /// be removed), not necessarily the shortest failing sequence there is.
    static func shrink(
        _ operations: [RaceOperation], fault: Fault? = nil, firstFrame: FirstFrame = .blank
    ) async -> (operations: [RaceOperation], mismatch: Mismatch)? {
        guard
            let (minimal, mismatch) = await RaceHarness.shrink(
                operations, run: { await run($0, fault: fault, firstFrame: firstFrame) }, simpler: simplifications)
        else { return nil }
        return (minimal, mismatch)
    }

    /// Smaller variants of a step: the latest load instead of an earlier one, fewer items.
    private static func simplifications(of operation: RaceOperation) -> [RaceOperation] {
        func references(_ reference: RaceOperation.Reference) -> [RaceOperation.Reference] {
            if case .earlier(let position) = reference, position > 0 { [.latest, .earlier(0)] } else { [] }
        }
        func outcomes(_ outcome: RaceOperation.Outcome) -> [RaceOperation.Outcome] {
            switch outcome {
            case .items(let items) where items.count > 1: [.items([items[0]])]
            case .page(let items, let next) where items.count > 1: [.page([items[0]], next: next)]
            default: []
            }
        }
        switch operation {
        case .finish(let reference, let outcome):
            return references(reference).map { .finish($0, outcome) } + outcomes(outcome).map { .finish(reference, $0) }
        case .resume(let reference, let outcome):
            return references(reference).map { .resume($0, outcome) } + outcomes(outcome).map { .resume(reference, $0) }
        case .cancelTask(let reference):
            return references(reference).map { .cancelTask($0) }
        case .finishPage(let reference, let outcome):
            var simpler = references(reference).map { RaceOperation.finishPage($0, outcome) }
            if case .rows(let count, let next) = outcome, count > 1 {
                simpler.append(.finishPage(reference, .rows(1, next: next)))
            }
            return simpler
        default:
            return []
        }
    }

    /// The sequence as Swift source, to paste into a regression test.
    static func source(_ operations: [RaceOperation]) -> String {
        RaceHarness.source(operations)
    }
}
