import ContentLoading

/// The retry lane for ``RaceRunner``: retrying loads and pages on a manual clock, against
/// ``RetryReferenceModel``'s attempts, delays and sleeps. Both sides are compared through a
/// ``RetryView``; after every step the live system first settles, in bounded time.
struct RetryRaceLane: RaceLane {
    typealias Field = RetryView.Field

    /// A step's answer, and for the live system whether its tasks settled after it.
    struct Answer: ExpressibleByNilLiteral {
        var value: String?
        var settled: String?

        init(value: String?, settled: String? = nil) {
            self.value = value
            self.settled = settled
        }

        init(nilLiteral: ()) { self.init(value: nil) }
    }

    /// The retry policy of the race.
    let setup: RetryRaceSetup
    var fault: RetryFault?

    init(setup: RetryRaceSetup, fault: RetryFault? = nil) {
        self.setup = setup
        self.fault = fault
    }

    var description: String { "\(setup)" }
    static var replayVariable: String { "RETRY_REPLAY" }
    static var lifetimeField: Field { .lifetime }
    /// A bound in case a load never ends.
    var drainLimit: Int { 64 }

    func makeReferenceModel() -> RetryReferenceModel { RetryReferenceModel(setup: setup, fault: fault) }
    func makeLiveSystem() -> RetryLiveSystem { RetryLiveSystem(setup: setup, fault: fault) }

    func apply(_ step: RetryStep, to model: inout RetryReferenceModel) -> Answer { Answer(value: model.apply(step)) }

    func apply(_ step: RetryStep, to live: RetryLiveSystem) async -> Answer {
        let value = live.apply(step)
        return Answer(value: value, settled: await live.settle())
    }

    func compare(_ live: RetryLiveSystem, with model: RetryReferenceModel, answers: (live: Answer, model: Answer))
        -> [Problem]
    {
        model.view(answer: answers.model.value)
            .problems(comparedWith: live.view(answer: answers.live.value, settled: answers.live.settled))
    }

    /// Every load still running ends: a waiting attempt fails for good, or the clock reaches a
    /// sleep's deadline.
    func drainStep(after model: RetryReferenceModel) -> RetryStep? { model.drainStep }

    /// Then the data source is released (checked), so that the run ends with everything freed.
    func closingStep(after model: RetryReferenceModel) -> RetryStep? { model.isReleased ? nil : .releaseDataSource }

    func endAllWork(_ live: RetryLiveSystem) async { await live.endAllWork() }

    func watched(_ live: RetryLiveSystem) -> [RaceHarness.Watched] {
        [.init("wrapper", live.wrapper), .init("screen model", live.screen), .init("attempt book", live.book)]
    }
}
