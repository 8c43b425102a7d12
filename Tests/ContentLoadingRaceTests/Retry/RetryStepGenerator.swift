import ContentLoadingTestSupport

/// Makes a retry race from a seed: the policy, then a sequence of steps weighted toward
/// failing attempts, clock moves to and just short of each retry's deadline, and the steps
/// that end a load during its retry sleep; between them, re-entrant steps that act from inside
/// the next call of a callback (``RetryStep/reenter(_:_:)``).
struct RetryStepGenerator {
    private var random: SeededGenerator
    /// A second stream, for the re-entrant steps added after the suite's faults were first
    /// found: the steps the first stream makes (and the faults they find) stay as they were.
    private var more: SeededGenerator
    private var errors = 0
    /// The re-entrant steps' own error numbers, apart from the first stream's.
    private var reentrantErrors = 100

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        more = SeededGenerator(seed: seed ^ 0x5EC0_11D5_7EA4_0002)
    }

    /// The race with this seed: its lane (the policy) and up to 30 steps.
    @MainActor static func sequence(seed: UInt64) -> (lane: RetryRaceLane, steps: [RetryStep]) {
        var generator = RetryStepGenerator(seed: seed)
        let setup = generator.setup()
        return (RetryRaceLane(setup: setup), generator.sequence(maximumLength: 30))
    }

    mutating func setup() -> RetryRaceSetup {
        RetryRaceSetup(maxAttempts: [1, 2, 3, 3, 4, 4].randomElement(using: &random)!, jittered: random.chance(50))
    }

    /// Up to `maximumLength` steps; some races begin with a first page of content that has a
    /// next page, so that the append lane is open for most of the race.
    mutating func sequence(maximumLength: Int) -> [RetryStep] {
        var steps: [RetryStep] = []
        if random.chance(40) {
            steps = [
                .load(keepingContent: true, firstPage: true, ignoresCancellation: random.chance(25)),
                .resolve(.newest, .rows(2, ends: false)),
            ]
        }
        let count = Int.random(in: 1...maximumLength, using: &random)
        var made = steps.count
        while made < count {
            steps.append(step())
            made += 1
            if more.chance(30) { steps.append(reentrantStep()) }
        }
        return steps
    }

    /// A callback, and what the app does from inside its next call: weighted toward the
    /// callbacks a race reaches less often, and toward the actions that end a load.
    private mutating func reentrantStep() -> RetryStep {
        let sites: [RetrySite] = [
            .willBegin, .didFinish, .willRetry, .wrapperWillRetry, .announceRetry, .didFailToRefresh,
            .errorPlaceholder, .failedPagePlaceholder, .hasContent, .commit, .pageCommit,
        ]
        let site = sites[more.pick([8, 8, 12, 10, 10, 10, 10, 24, 10, 10, 20])]
        let action: RetryStep
        switch more.pick([24, 12, 14, 10, 14, 8, 8]) {
        case 0:
            action = .load(
                keepingContent: more.chance(70), firstPage: more.chance(75), ignoresCancellation: more.chance(25))
        case 1: action = .loadMore(ignoresCancellation: more.chance(25))
        case 2: action = .cancel
        case 3: action = .cancelLoadMore
        case 4:
            reentrantErrors += 1
            let outcomes: [RetryStep.Outcome] = [
                .rows(Int.random(in: 0...2, using: &more), ends: more.chance(25)),
                .failure(RetryRaceError(id: reentrantErrors, kind: .fatal)), .cancellation,
            ]
            action = .finishByHand(outcomes[more.pick([60, 30, 10])])
        case 5: action = .tapRetry
        default: action = .tapFooterRetry
        }
        return .reenter(site, action)
    }

    private mutating func step() -> RetryStep {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<14:
            return .load(
                keepingContent: random.chance(70), firstPage: random.chance(75),
                ignoresCancellation: random.chance(25))
        case 14..<44:
            let pick: RetryStep.Pick = random.chance(80) ? .newest : .oldest
            guard random.chance(20) else { return .resolve(pick, outcome()) }
            let interrupts: [RetryStep] = [
                .load(keepingContent: random.chance(70), firstPage: true, ignoresCancellation: random.chance(25)),
                .cancel, .cancelLoadMore, .finishByHand(.rows(1, ends: false)),
            ]
            return .resolveThen(pick, outcome(), then: interrupts.randomElement(using: &random)!)
        case 44..<64:
            let kind = Int.random(in: 0..<100, using: &random)
            return .advance(kind < 45 ? .toDeadline : kind < 80 ? .justBefore : .by(.milliseconds(400)))
        case 64..<68: return .cancel
        case 68..<71: return .cancelTask(random.chance(60) ? .newest : .oldest)
        case 71..<74: return .finishByHand(outcome())
        case 74..<76: return .releaseDataSource
        case 76..<80: return .tapRetry
        case 80..<91: return .loadMore(ignoresCancellation: random.chance(25))
        case 91..<95: return .cancelLoadMore
        default: return .tapFooterRetry
        }
    }

    private mutating func outcome() -> RetryStep.Outcome {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 28 { return .rows(Int.random(in: 0...2, using: &random), ends: random.chance(25)) }
        if roll < 36 { return .cancellation }
        errors += 1
        let kind: RetryRaceError.Kind
        switch roll {
        case 36..<78: kind = .transient
        case 78..<88: kind = .fatal
        default: kind = .retryAfter([.zero, .milliseconds(500), .seconds(10)].randomElement(using: &random)!)
        }
        return .failure(RetryRaceError(id: errors, kind: kind))
    }
}
