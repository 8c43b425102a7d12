import ContentLoadingTestSupport

/// Makes the write lane's sequences: one or two keys and the steps, all from one seed.
@MainActor
enum WriteStepGenerator {
    /// Up to `maximumLength` steps over one or two keys, weighted toward writes overlapping each
    /// other and the keys' fetches, and responses in either order.
    static func sequence(seed: UInt64, maximumLength: Int = 30) -> (lane: WriteRaceLane, steps: [WriteStep]) {
        var random = SeededGenerator(seed: seed)
        let keys = Array(["a", "b"].prefix(Int.random(in: 1...2, using: &random)))
        func key(_ random: inout SeededGenerator) -> String { keys.randomElement(using: &random)! }
        func which(_ random: inout SeededGenerator) -> WriteStep.Which { random.chance(50) ? .oldest : .newest }
        var steps: [WriteStep] = [.storeWrite(keys[0]), .bind(keys[0])]
        for _ in 0..<Int.random(in: 1...maximumLength, using: &random) {
            let step: WriteStep
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<6: step = .bind(key(&random))
            case 6..<14: step = .reload(Int.random(in: 0..<4, using: &random))
            case 14..<34:
                step = .write(key(&random), random.chance(60) ? .append : .set, concurrent: random.chance(50))
            case 34..<36:
                let misuses: [WriteStep.Misuse] = [.writesKey, .cancelsOldest, .performs]
                step = .misuse(key(&random), misuses.randomElement(using: &random)!)
            case 36..<62:
                let response: WriteStep.Response
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<3: response = .answer
                case 3..<6: response = .nothing
                case 6..<9: response = .failure
                default: response = .cancellation
                }
                step = .respond(which(&random), response)
            case 62..<68: step = .cancel(which(&random))
            case 68..<80: step = .finish(key(&random), random.chance(75) ? .newest : .oldest, fails: random.chance(20))
            case 80..<87: step = .invalidate(key(&random))
            case 87..<91: step = .storeWrite(key(&random))
            case 91..<95: step = .release(Int.random(in: 0..<4, using: &random))
            default: step = .remove(key(&random))
            }
            steps.append(step)
        }
        // One sequence in five ends by releasing the store, writes pending, and then answers
        // some of their requests late.
        if random.chance(20) {
            steps.append(.releaseStore)
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                steps.append(.respond(which(&random), random.chance(50) ? .answer : .failure))
            }
        }
        return (WriteRaceLane(), steps)
    }
}
