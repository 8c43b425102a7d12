import ContentLoadingTestSupport
import Testing

/// One lane's model-based race suite, as ``RaceRunner`` runs it: the suite brings its steps, a
/// reference model (plain Swift, written apart from the framework), a live system (the real
/// types, driven as an app would), the comparison between them and its faults; the runner
/// brings the rest.
///
/// A step is applied to the model first, then to the live system, and each answers; then
/// ``compare(_:with:answers:)`` lists every field where they disagree. After the last step the
/// runner drains (``drainStep(after:)`` until it is `nil`, then ``closingStep(after:)``, each
/// checked like any step), ends the live system's work, drops it and checks that every object
/// ``watched(_:)`` names was freed. A mismatch in those steps is numbered after the given ones
/// and names the steps the runner added (see ``RaceHarness/Mismatch``).
@MainActor
protocol RaceLane {
    /// One thing a sequence does, to the model and the live system alike.
    associatedtype Step
    /// What the model predicts, plain Swift.
    associatedtype ReferenceModel
    /// The real types under test; dropped at the end of a run to check that it is freed.
    associatedtype LiveSystem: AnyObject
    /// What a step answers (a `Bool`, a text); `nil` before the first step.
    associatedtype Answer: ExpressibleByNilLiteral
    /// What the comparison looks at, one case per comparison.
    associatedtype Field: Hashable
    /// A deliberate fault, planted in the model or in how the live system uses the framework.
    associatedtype Fault: RaceFault where Fault.Field == Field

    /// The fault planted in this lane's runs, if any.
    var fault: Fault? { get set }
    /// What the lane was made with besides its steps (a first frame, a policy), for the replay line.
    var description: String { get }

    /// The environment variable that replays one seed (`RACE_REPLAY` unless a suite says otherwise).
    static var replayVariable: String { get }
    /// The field a leak after the run is reported in.
    static var lifetimeField: Field { get }

    func makeReferenceModel() -> ReferenceModel
    func makeLiveSystem() -> LiveSystem
    func apply(_ step: Step, to model: inout ReferenceModel) -> Answer
    func apply(_ step: Step, to live: LiveSystem) async -> Answer

    /// Every disagreement between the live system and the model after a step; none when they agree.
    func compare(_ live: LiveSystem, with model: ReferenceModel, answers: (live: Answer, model: Answer))
        -> [RaceHarness.Problem<Field>]

    /// The next step that brings work still running to its end after the last step, if any.
    func drainStep(after model: ReferenceModel) -> Step?
    /// How many drain steps a run takes at most (a bound, in case work never ends).
    var drainLimit: Int { get }
    /// A last step after the drain (a release, say), if any.
    func closingStep(after model: ReferenceModel) -> Step?
    /// Ends whatever work the live system still has, in bounded time: after a mismatch, and
    /// before it is dropped.
    func endAllWork(_ live: LiveSystem) async
    /// The objects that must be freed once the live system is dropped.
    func watched(_ live: LiveSystem) -> [RaceHarness.Watched]
    /// Called after the leak check with the same objects: breaks what a planted cycle keeps alive.
    func tearDown(_ watched: [RaceHarness.Watched])

    /// Smaller variants of a step, which shrinking tries in place of it.
    func simplifications(of step: Step) -> [Step]
    /// The steps as Swift source, with whatever the lane needs to replay them.
    func source(_ steps: [Step]) -> String
}

extension RaceLane {
    typealias Problem = RaceHarness.Problem<Field>
    typealias Mismatch = RaceHarness.Mismatch<Field>

    static var replayVariable: String { "RACE_REPLAY" }
    func drainStep(after model: ReferenceModel) -> Step? { nil }
    var drainLimit: Int { .max }
    func closingStep(after model: ReferenceModel) -> Step? { nil }
    func endAllWork(_ live: LiveSystem) async {}
    func watched(_ live: LiveSystem) -> [RaceHarness.Watched] { [] }
    func tearDown(_ watched: [RaceHarness.Watched]) {}
    func simplifications(of step: Step) -> [Step] { [] }
    func source(_ steps: [Step]) -> String { RaceHarness.source(steps) }

    /// The model after `steps`, run alone: what a passing sequence reached, for a suite's coverage.
    /// `noting` hears each step with the model before it, the model's answer and the model after.
    @discardableResult
    func referenceModel(
        after steps: [Step],
        noting note: (Step, _ before: ReferenceModel, Answer, _ after: ReferenceModel) -> Void = { _, _, _, _ in }
    ) -> ReferenceModel {
        var model = makeReferenceModel()
        for step in steps {
            let before = model
            let answer = apply(step, to: &model)
            note(step, before, answer, model)
        }
        return model
    }
}

/// A fault a lane's suite plants to prove that its comparison catches what it claims to.
protocol RaceFault {
    associatedtype Field: Hashable
    /// The comparisons that must see it.
    var detectedBy: Set<Field> { get }
    /// Whether ``detectedBy`` is the only comparison that can see it.
    var isVisibleOnlyThere: Bool { get }
}

extension RaceFault {
    var isVisibleOnlyThere: Bool { false }
}

/// Runs a lane's steps against its live system and its reference model side by side, comparing
/// them after every step; shrinks a failing sequence to a 1-minimal one (no single step can be
/// removed and still fail) and prints it as Swift source with the seed that replays it.
///
/// Every wait is the lane's own and bounded: the runner itself only awaits the lane.
@MainActor
struct RaceRunner<Lane: RaceLane> {
    typealias Problem = RaceHarness.Problem<Lane.Field>
    typealias Mismatch = RaceHarness.Mismatch<Lane.Field>

    let lane: Lane

    init(_ lane: Lane) { self.lane = lane }

    /// Runs `steps`, then the lane's drain and closing steps (checked like the others), ends
    /// the live system's work, drops it and checks that everything it watched was freed.
    /// Returns the first mismatch, if any.
    func run(_ steps: [Lane.Step]) async -> Mismatch? {
        var live: Lane.LiveSystem? = lane.makeLiveSystem()
        var model = lane.makeReferenceModel()
        let initial = lane.compare(live!, with: model, answers: (nil, nil))
        guard initial.isEmpty else {
            await lane.endAllWork(live!)
            return Mismatch(step: 0, what: "init", problems: initial)
        }
        var number = 0
        // The drain and closing steps run so far, for the report: the failing step may be one.
        var added: [String] = []
        func check(_ step: Lane.Step, isAdded: Bool = false) async -> Mismatch? {
            number += 1
            if isAdded { added.append("\(step)") }
            let predicted = lane.apply(step, to: &model)
            let answer = await lane.apply(step, to: live!)
            let problems = lane.compare(live!, with: model, answers: (answer, predicted))
            guard !problems.isEmpty else { return nil }
            await lane.endAllWork(live!)
            return Mismatch(step: number, what: "\(step)", problems: problems, given: steps.count, added: added)
        }
        for step in steps {
            if let mismatch = await check(step) { return mismatch }
        }
        var drained = 0
        while drained < lane.drainLimit, let step = lane.drainStep(after: model) {
            drained += 1
            if let mismatch = await check(step, isAdded: true) { return mismatch }
        }
        if let step = lane.closingStep(after: model), let mismatch = await check(step, isAdded: true) {
            return mismatch
        }
        await lane.endAllWork(live!)
        let watched = lane.watched(live!)
        live = nil
        let leaks = RaceHarness.leaks(watched, field: Lane.lifetimeField)
        lane.tearDown(watched)
        return leaks.isEmpty
            ? nil
            : Mismatch(step: number + 1, what: "teardown", problems: leaks, given: steps.count, added: added)
    }

    /// Shrinks failing `steps` to a 1-minimal list (see ``RaceHarness/shrink(_:run:simpler:)``).
    func shrink(_ steps: [Lane.Step]) async -> (steps: [Lane.Step], mismatch: Mismatch)? {
        guard
            let (minimal, mismatch) = await RaceHarness.shrink(
                steps, run: { await run($0) }, simpler: { lane.simplifications(of: $0) })
        else { return nil }
        return (minimal, mismatch)
    }

    /// The seed to replay, if the lane's replay variable names one.
    static var replaySeed: UInt64? { RaceSettings.replaySeed(named: Lane.replayVariable) }

    /// Runs `count` seeded sequences (times the stress multiplier), or only the one the replay
    /// variable names. The suite's seed is printed first; a failing sequence is shrunk and
    /// recorded with the line that replays it and its 1-minimal steps as Swift source.
    ///
    /// - Parameters:
    ///   - suite: The suite's name, which its seed derives from.
    ///   - sequence: The lane and the steps a seed makes.
    ///   - passed: Told each sequence that passed, for the suite's coverage.
    /// - Returns: Whether every sequence ran and passed: `false` after a failure or for a replay.
    @discardableResult
    static func explore(
        _ suite: String, count: Int, sequence: (UInt64) -> (lane: Lane, steps: [Lane.Step]),
        passed: (Lane, [Lane.Step]) -> Void = { _, _ in }, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        let seeds: [UInt64]
        if let replay = replaySeed {
            seeds = [replay]
        } else {
            let base = RaceSettings.seed(for: suite)
            seeds = (0..<RaceSettings.iterations(count)).map { SeededGenerator.seed(base: base, index: $0) }
        }
        for seed in seeds {
            // Between sequences, other suites' hops to the main actor get their turn (else,
            // under a sanitizer, they time out).
            await Task.yield()
            let (lane, steps) = sequence(seed)
            let runner = RaceRunner(lane)
            guard let mismatch = await runner.run(steps) else {
                passed(lane, steps)
                continue
            }
            let (minimal, found) = await runner.shrink(steps) ?? (steps, mismatch)
            let report = """
                \(suite) seed \(seed) (replay with \(Lane.replayVariable)=\(seed)), \(lane.description): \(mismatch)
                1-minimal failing sequence (no single step can be removed), \(found):
                \(lane.source(minimal))
                """
            print(report)
            Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
            return false
        }
        return replaySeed == nil
    }

    /// ``explore(_:count:sequence:passed:sourceLocation:)``, replaying each sequence that passed on
    /// the model alone and telling `noting` each of its steps (see
    /// ``RaceLane/referenceModel(after:noting:)``), for the suite's coverage.
    @discardableResult
    static func explore(
        _ suite: String, count: Int, sequence: (UInt64) -> (lane: Lane, steps: [Lane.Step]),
        noting note: (Lane.Step, _ before: Lane.ReferenceModel, Lane.Answer, _ after: Lane.ReferenceModel) -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        await explore(
            suite, count: count, sequence: sequence,
            passed: { lane, steps in lane.referenceModel(after: steps, noting: note) }, sourceLocation: sourceLocation)
    }

    /// Hunts `fault` among `count` fixed-seed sequences: the first that fails must be seen
    /// through the comparisons ``RaceFault/detectedBy`` names (only those, if it is
    /// ``RaceFault/isVisibleOnlyThere``), and shrink to a 1-minimal sequence that passes once
    /// the fault is removed. Fixed seeds: this checks the checker, so it must not depend on luck.
    ///
    /// - Parameter sequence: The lane (without a fault) and the steps a seed makes.
    static func hunt(
        _ fault: Lane.Fault, base: UInt64, count: Int = 3_000,
        sequence: (UInt64) -> (lane: Lane, steps: [Lane.Step]), sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        for index in 0..<count {
            await Task.yield()  // as in explore
            let seed = SeededGenerator.seed(base: base, index: index)
            var (lane, steps) = sequence(seed)
            let clean = RaceRunner(lane)
            lane.fault = fault
            let runner = RaceRunner(lane)
            guard let mismatch = await runner.run(steps) else { continue }
            #expect(
                mismatch.fields.isSuperset(of: fault.detectedBy), "\(fault), seed \(seed): \(mismatch)",
                sourceLocation: sourceLocation)
            if fault.isVisibleOnlyThere {
                #expect(
                    mismatch.fields == fault.detectedBy, "\(fault), seed \(seed): \(mismatch)",
                    sourceLocation: sourceLocation)
            }
            guard let (minimal, found) = await runner.shrink(steps) else {
                Issue.record("\(fault), seed \(seed): the failure did not repeat", sourceLocation: sourceLocation)
                return
            }
            let seenBy = mismatch.fields.map { "\($0)" }.sorted().joined(separator: ", ")
            print(
                "\(fault): found at seed \(seed) (sequence \(index), \(lane.description)) by \(seenBy); 1-minimal, \(found):\n"
                    + lane.source(minimal))
            #expect(minimal.count <= steps.count, sourceLocation: sourceLocation)
            for removed in minimal.indices {
                var shorter = minimal
                shorter.remove(at: removed)
                #expect(
                    await runner.run(shorter) == nil, "\(fault): step \(removed) removable",
                    sourceLocation: sourceLocation)
            }
            #expect(
                await clean.run(minimal) == nil, "\(fault): without the fault, the sequence passes",
                sourceLocation: sourceLocation)
            return
        }
        Issue.record("\(fault) went unnoticed by \(count) sequences", sourceLocation: sourceLocation)
    }
}
