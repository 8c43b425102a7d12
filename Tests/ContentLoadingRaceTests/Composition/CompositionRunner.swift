import ContentLoading

/// Runs a ``CompositionScenario`` against the real types and a reference model side by side,
/// comparing them after every step, and shrinks a failing scenario to a 1-minimal one (no
/// single step can be removed and still fail).
///
/// Every step is synchronous on the main actor: nothing is awaited, so nothing can hang.
@MainActor
enum CompositionRunner {
    /// What the comparison looks at.
    enum Field: Hashable {
        /// The step's answer: a finish's, remove's or select's `Bool`.
        case answer
        /// The container's `contentState`.
        case state
        /// The container's `hasContent`.
        case hasContent
        /// The state the wrapper draws.
        case shown
        /// The container's delegate calls, in order (screens drawn, refresh failures, loads
        /// begun and finished).
        case log
        /// Each child's model.
        case items
        /// Each child's `contentState`.
        case childStates
        /// Every child token's `isValid`.
        case validity
        /// The segmented source's `selectedIndex`.
        case selection
        /// Every frame the wrapper drew was the container's state (the selected child's, for
        /// segments) at that moment.
        case frames
        /// A released child is freed; after the run, the container, every child and the
        /// wrapper are.
        case lifetime
    }

    typealias Problem = RaceHarness.Problem<Field>
    typealias Mismatch = RaceHarness.Mismatch<Field>

    /// Runs `scenario`, then drops everything and checks that it was all freed.
    static func run(_ scenario: CompositionScenario, fault: CompositionFault? = nil) -> Mismatch? {
        var coverage = CompositionCoverage()
        return run(scenario, fault: fault, coverage: &coverage)
    }

    /// Runs `scenario` as ``run(_:fault:)`` does, noting into `coverage` what its steps reached.
    static func run(
        _ scenario: CompositionScenario, fault: CompositionFault? = nil, coverage: inout CompositionCoverage
    ) -> Mismatch? {
        var live: CompositionLive? = CompositionLive(scenario: scenario, fault: fault)
        var model = scenario.reference(fault: fault)
        if let problems = compare(live!, model, answers: (nil, nil)) {
            return Mismatch(step: 0, what: "init", problems: problems)
        }
        for (index, step) in scenario.steps.enumerated() {
            let before = model
            let modelAnswer = model.apply(step)
            let liveAnswer = live!.apply(step)
            coverage.note(step, before: before, after: model, answer: modelAnswer)
            if let problems = compare(live!, model, answers: (liveAnswer, modelAnswer)) {
                return Mismatch(step: index + 1, what: "\(step)", problems: problems)
            }
        }
        weak let container = live!.container
        weak let wrapper = live!.wrapper
        let sections = live!.weakSections
        live = nil
        let leaks = RaceHarness.leaks(
            [("container", container), ("wrapper", wrapper)]
                + sections.enumerated().map { ("child \($0.offset)", $0.element.section) },
            field: Field.lifetime)
        // A planted cycle, once seen, is broken, so it leaks nothing into the leak check.
        for weakSection in sections { weakSection.section?.onLoadContent = nil }
        let end = scenario.steps.count + 1
        return leaks.isEmpty ? nil : Mismatch(step: end, what: "teardown", problems: leaks)
    }

    /// Shrinks a failing scenario to a 1-minimal one (no single step can be removed).
    static func shrink(
        _ scenario: CompositionScenario, fault: CompositionFault? = nil
    ) async -> (scenario: CompositionScenario, mismatch: Mismatch)? {
        func withSteps(_ steps: [CompositionStep]) -> CompositionScenario {
            var candidate = scenario
            candidate.steps = steps
            return candidate
        }
        guard
            let (minimal, mismatch) = await RaceHarness.shrink(
                scenario.steps, run: { run(withSteps($0), fault: fault) })
        else { return nil }
        return (withSteps(minimal), mismatch)
    }

    private static func compare(
        _ live: CompositionLive, _ model: any CompositionReference, answers: (live: Bool?, model: Bool?)
    ) -> [Problem]? {
        var problems: [Problem] = []
        func expect<T: Equatable>(_ field: Field, _ live: T, _ model: T) {
            if live != model { problems.append(Problem(field: field, detail: "live \(live), model \(model)")) }
        }
        expect(.answer, String(describing: answers.live), String(describing: answers.model))
        expect(.state, live.container.contentState, model.state)
        expect(.hasContent, live.container.hasContent, model.hasContent)
        expect(.shown, live.wrapper.displayedState, model.drawn)
        if live.log != model.log {
            let common = zip(live.log, model.log).prefix { $0 == $1 }.count
            problems.append(
                Problem(
                    field: .log,
                    detail:
                        "from entry \(common): live \(live.log.dropFirst(common)), model \(model.log.dropFirst(common))"
                ))
        }
        let released = model.children.map(\.isReleased)
        expect(.items, live.items, zip(model.children, released).map { $1 ? nil : $0.items })
        expect(.childStates, live.childStates, zip(model.children, released).map { $1 ? nil : $0.state })
        for (child, tokens) in live.tokens.enumerated() {
            let numbers = model.children[child].tokens
            guard tokens.count == numbers.count else {
                problems.append(
                    Problem(
                        field: .validity,
                        detail: "child \(child) holds \(tokens.count) tokens live, \(numbers.count) in the model"))
                continue
            }
            for (index, token) in tokens.enumerated()
            where token.isValid != model.children[child].isValid(numbers[index]) {
                problems.append(
                    Problem(
                        field: .validity,
                        detail: "child \(child) token \(index + 1) live \(token.isValid), "
                            + "model \(model.children[child].isValid(numbers[index]))"))
            }
        }
        if let segmented = live.segmented { expect(.selection, segmented.selectedIndex, model.selection) }
        if let problem = live.frameProblems.first {
            problems.append(Problem(field: .frames, detail: problem))
        }
        for (child, isReleased) in released.enumerated() where isReleased && live.weakSections[child].section != nil {
            problems.append(Problem(field: .lifetime, detail: "released child \(child) alive"))
        }
        return problems.isEmpty ? nil : problems
    }
}
