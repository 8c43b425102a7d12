import ContentLoadingTestSupport

/// Makes the store lane's sequences: two or three keys and the steps, all from one seed.
@MainActor
enum StoreStepGenerator {
    /// Up to `maximumLength` steps over two or three keys, weighted toward overlapping loads,
    /// writes and invalidations during fetches, and late responses. Some writes reach a data
    /// source whose `isEmpty` writes, changes its key or cancels its load from inside.
    ///
    /// Three sequences in ten run on a store that keeps two keys at most, where the least
    /// recently used go; they send no signals and invalidate by no predicate, since either
    /// revalidates several keys whose fetches then begin in no set order (the store's), which
    /// would leave the least recently used undecided.
    static func sequence(seed: UInt64, maximumLength: Int = 30) -> (lane: StoreRaceLane, steps: [StoreStep]) {
        var random = SeededGenerator(seed: seed)
        let keys = Array(["a", "b", "c"].prefix(Int.random(in: 2...3, using: &random)))
        let countLimit = random.chance(30) ? 2 : StoreRaceLane.noCountLimit
        func key(_ random: inout SeededGenerator) -> String { keys.randomElement(using: &random)! }
        func index(_ random: inout SeededGenerator) -> Int { Int.random(in: 0..<4, using: &random) }
        func advance(_ random: inout SeededGenerator) -> StoreStep { .advance(random.chance(50) ? 30 : 60) }
        func invalidateWhere(_ random: inout SeededGenerator) -> StoreStep {
            .invalidateWhere(removing: key(&random), writing: key(&random))
        }
        var steps: [StoreStep] = [.bind(keys[0])]
        for _ in 0..<Int.random(in: 1...maximumLength, using: &random) {
            let step: StoreStep
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<10: step = .bind(key(&random))
            case 10..<22: step = .reload(index(&random))
            case 22..<26: step = .awaitReload(index(&random))
            case 26..<38: step = .finish(key(&random), .newest, fails: false)
            case 38..<44: step = .finish(key(&random), .oldest, fails: false)
            case 44..<50: step = .finish(key(&random), random.chance(70) ? .newest : .oldest, fails: true)
            case 50..<54: step = .write(key(&random))
            case 54..<57:
                // From inside `isEmpty`: not on a store with a count limit, whose eviction order
                // the nested sweeps would leave undecided (see the signals).
                guard countLimit != 2 else {
                    step = .write(key(&random))
                    break
                }
                let reentry: StoreStep.Reentry
                switch Int.random(in: 0..<3, using: &random) {
                case 0: reentry = .write
                case 1: reentry = .changeKey(key(&random))
                default: reentry = .cancel(index(&random))
                }
                step = .writeReentering(key(&random), index(&random), reentry)
            case 57..<65: step = .invalidate(key(&random))
            case 65..<69: step = .release(index(&random))
            case 69..<71: step = .prefetch(key(&random))
            case 71..<80: step = .changeKey(index(&random), to: key(&random))
            case 80..<84: step = countLimit == 2 ? advance(&random) : .signal
            case 84..<87: step = countLimit == 2 ? advance(&random) : .online(random.chance(50))
            case 87..<90: step = .cancelAwaited
            case 90..<93 where countLimit == StoreRaceLane.noCountLimit: step = invalidateWhere(&random)
            default: step = advance(&random)
            }
            steps.append(step)
        }
        return (StoreRaceLane(countLimit: countLimit), steps)
    }
}
