import ContentLoadingTestSupport

/// Makes the store lane's sequences: two or three keys and the steps, all from one seed.
@MainActor
enum StoreStepGenerator {
    /// Up to `maximumLength` steps over two or three keys, weighted toward overlapping loads,
    /// writes and invalidations during fetches, and late responses.
    static func sequence(seed: UInt64, maximumLength: Int = 30) -> (lane: StoreRaceLane, steps: [StoreStep]) {
        var random = SeededGenerator(seed: seed)
        let keys = Array(["a", "b", "c"].prefix(Int.random(in: 2...3, using: &random)))
        func key(_ random: inout SeededGenerator) -> String { keys.randomElement(using: &random)! }
        func index(_ random: inout SeededGenerator) -> Int { Int.random(in: 0..<4, using: &random) }
        var steps: [StoreStep] = [.bind(keys[0])]
        for _ in 0..<Int.random(in: 1...maximumLength, using: &random) {
            let step: StoreStep
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<12: step = .bind(key(&random))
            case 12..<30: step = .reload(index(&random))
            case 30..<44: step = .finish(key(&random), .newest, fails: false)
            case 44..<52: step = .finish(key(&random), .oldest, fails: false)
            case 52..<58: step = .finish(key(&random), random.chance(70) ? .newest : .oldest, fails: true)
            case 58..<66: step = .write(key(&random))
            case 66..<76: step = .invalidate(key(&random))
            case 76..<79: step = .release(index(&random))
            case 79..<81: step = .prefetch(key(&random))
            case 81..<91: step = .changeKey(index(&random), to: key(&random))
            default: step = .advance(random.chance(50) ? 30 : 60)
            }
            steps.append(step)
        }
        return (StoreRaceLane(), steps)
    }
}
