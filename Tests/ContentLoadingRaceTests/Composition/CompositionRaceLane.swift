import ContentLoading

/// The composition lane for ``RaceRunner``: a composed or segmented container of
/// ``SectionDataSource``s, against a reference model of the aggregate rule.
///
/// Every step is synchronous on the main actor: nothing is awaited, so nothing can hang.
struct CompositionRaceLane: RaceLane {
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

    /// The container, its pool of children and who is in it at the start; its steps are empty
    /// (a sequence's steps are passed apart).
    let setup: CompositionScenario
    var fault: CompositionFault?

    init(_ scenario: CompositionScenario, fault: CompositionFault? = nil) {
        var setup = scenario
        setup.steps = []
        self.setup = setup
        self.fault = fault
    }

    var description: String { "\(setup.container)" }
    static var lifetimeField: Field { .lifetime }

    func makeReferenceModel() -> any CompositionReferenceModel {
        switch setup.container {
        case .composed(let reveal):
            ComposedReferenceModel(
                poolSize: setup.poolSize, members: setup.initialMembers, reveal: reveal, fault: fault)
        case .segmented:
            SegmentedReferenceModel(poolSize: setup.poolSize, selection: setup.initialSelection, fault: fault)
        }
    }

    func makeLiveSystem() -> CompositionLiveSystem { CompositionLiveSystem(scenario: setup, fault: fault) }

    func apply(_ step: CompositionStep, to model: inout any CompositionReferenceModel) -> Bool? {
        model.apply(step)
    }

    func apply(_ step: CompositionStep, to live: CompositionLiveSystem) -> Bool? { live.apply(step) }

    func watched(_ live: CompositionLiveSystem) -> [RaceHarness.Watched] {
        [.init("container", live.container), .init("wrapper", live.wrapper)]
            + live.weakSections.enumerated().map { .init("child \($0.offset)", $0.element.section) }
    }

    /// A planted cycle, once seen, is broken, so it leaks nothing into the next run's leak check.
    func tearDown(_ watched: [RaceHarness.Watched]) {
        for object in watched { (object.object as? SectionDataSource)?.onLoadContent = nil }
    }

    /// The scenario with `steps`, to paste into a regression test.
    func source(_ steps: [CompositionStep]) -> String {
        var scenario = setup
        scenario.steps = steps
        return scenario.description
    }

    /// The answers, the container's state, `hasContent` and drawn state, its delegate calls,
    /// each child's model, state and tokens, the selection, every frame drawn, and that a
    /// released child is freed.
    func compare(
        _ live: CompositionLiveSystem, with model: any CompositionReferenceModel, answers: (live: Bool?, model: Bool?)
    ) -> [Problem] {
        var comparison = Comparison<Field>()
        comparison.expect(.answer, String(describing: answers.live), String(describing: answers.model))
        comparison.expect(.state, live.container.contentState, model.state)
        comparison.expect(.hasContent, live.container.hasContent, model.hasContent)
        comparison.expect(.shown, live.wrapper.displayedState, model.drawn)
        comparison.expectLog(.log, live.log, model.log)
        let released = model.children.map(\.isReleased)
        comparison.expect(.items, live.items, zip(model.children, released).map { $1 ? nil : $0.items })
        comparison.expect(.childStates, live.childStates, zip(model.children, released).map { $1 ? nil : $0.state })
        for (child, tokens) in live.tokens.enumerated() {
            let numbers = model.children[child].tokens
            guard tokens.count == numbers.count else {
                comparison.report(
                    .validity, "child \(child) holds \(tokens.count) tokens live, \(numbers.count) in the model")
                continue
            }
            for (index, token) in tokens.enumerated()
            where token.isValid != model.children[child].isValid(numbers[index]) {
                comparison.report(
                    .validity,
                    "child \(child) token \(index + 1) live \(token.isValid), "
                        + "model \(model.children[child].isValid(numbers[index]))")
            }
        }
        if let segmented = live.segmented { comparison.expect(.selection, segmented.selectedIndex, model.selection) }
        if let problem = live.frameProblems.first {
            comparison.report(.frames, problem)
        }
        for (child, isReleased) in released.enumerated() where isReleased && live.weakSections[child].section != nil {
            comparison.report(.lifetime, "released child \(child) alive")
        }
        return comparison.problems
    }
}
