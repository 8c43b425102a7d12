import ContentLoading

/// Runs a ``PageCapScenario`` against the real data source and the reference side by side,
/// comparing them after every step, and shrinks a failing scenario to a 1-minimal one.
@MainActor
enum PageCapRunner {
    /// What the comparison looks at.
    enum Field: Hashable {
        /// The step's answer: load more's and load previous's, a finish's, a cancel's.
        case answer
        /// The model's rows, in order: what every commit and drop left.
        case rows
        /// The refresh lane's `contentState`.
        case state
        /// `appendState`: the end after the rows.
        case appendState
        /// `previousPageState`: the start of the list.
        case previousPageState
        /// `nextCursor`.
        case nextCursor
        /// Every page requested, in order: its end and cursor.
        case requests
        /// Every token's `isValid`, first pages and pages.
        case validity
    }

    struct Mismatch: CustomStringConvertible {
        let step: Int
        let operation: String
        let problems: [(field: Field, detail: String)]

        var fields: Set<Field> { Set(problems.map(\.field)) }
        var description: String {
            "step \(step) (\(operation)): " + problems.map { "\($0.field): \($0.detail)" }.joined(separator: "; ")
        }
    }

    static func run(_ scenario: PageCapScenario, fault: PageCapFault? = nil) -> Mismatch? {
        let live = PageCapLive(scenario: scenario)
        var model = PageCapReference(maxPages: scenario.maxPages, fault: fault)
        for (index, step) in scenario.steps.enumerated() {
            let modelAnswer = model.apply(step)
            let liveAnswer = live.apply(step)
            let problems = compare(live, model, answers: (liveAnswer, modelAnswer))
            if !problems.isEmpty { return Mismatch(step: index + 1, operation: "\(step)", problems: problems) }
        }
        return nil
    }

    /// Removes ever smaller chunks of steps, then single steps, until none can go.
    static func shrink(
        _ scenario: PageCapScenario, fault: PageCapFault? = nil
    ) -> (scenario: PageCapScenario, mismatch: Mismatch)? {
        guard var failure = run(scenario, fault: fault) else { return nil }
        var current = scenario
        func attempt(_ steps: [PageCapStep]) -> Bool {
            var candidate = current
            candidate.steps = steps
            guard let mismatch = run(candidate, fault: fault) else { return false }
            current = candidate
            failure = mismatch
            return true
        }
        var chunk = current.steps.count / 2
        while chunk > 1 {
            var start = 0
            while start < current.steps.count {
                var steps = current.steps
                steps.removeSubrange(start..<min(start + chunk, steps.count))
                if !attempt(steps) { start += chunk }
            }
            chunk /= 2
        }
        var index = 0
        while index < current.steps.count {
            var steps = current.steps
            steps.remove(at: index)
            if attempt(steps) { index = 0 } else { index += 1 }
        }
        return (current, failure)
    }

    private static func compare(
        _ live: PageCapLive, _ model: PageCapReference, answers: (live: String?, model: String?)
    ) -> [(field: Field, detail: String)] {
        var problems: [(field: Field, detail: String)] = []
        func expect<T: Equatable>(_ field: Field, _ live: T, _ model: T) {
            if live != model { problems.append((field, "live \(live), model \(model)")) }
        }
        let dataSource = live.dataSource
        expect(.answer, answers.live ?? "-", answers.model ?? "-")
        expect(.rows, live.rows, model.rows)
        expect(.state, dataSource.contentState, model.state)
        expect(.appendState, dataSource.appendState.description, model.appendState)
        expect(.previousPageState, dataSource.previousPageState.description, model.previousPageState)
        expect(.nextCursor, dataSource.nextCursor, model.nextCursor)
        expect(.requests, live.requests, model.requests)
        let firsts = dataSource.firstTokens.enumerated().map { $0.element.isValid != model.isFirstValid($0.offset + 1) }
        let pages = dataSource.pageRequests.enumerated().map {
            $0.element.state.isValid != model.isPageValid($0.offset + 1)
        }
        if firsts.contains(true) || pages.contains(true) {
            problems.append((.validity, "first pages \(firsts), pages \(pages) differ"))
        }
        return problems
    }
}
