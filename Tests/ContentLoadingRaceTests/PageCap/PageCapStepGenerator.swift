import ContentLoadingTestSupport

/// Makes the page cap lane's sequences: the cap and the steps, all from one seed.
@MainActor
enum PageCapStepGenerator {
    /// A seeded cap and up to `maximumLength` steps, weighted toward scrolling both ways.
    static func sequence(seed: UInt64, maximumLength: Int = 40) -> (lane: PageCapRaceLane, steps: [PageCapStep]) {
        var random = SeededGenerator(seed: seed)
        let maxPages: Int? = random.chance(10) ? nil : Int.random(in: 1...3, using: &random)
        var nextError = 0
        var steps: [PageCapStep] = [.refresh, .finishFirst(.latest, .rows(next: 2))]
        // Cursors count up, so every page of a run is told apart by the cursor it was loaded at.
        var cursor = 2
        func outcome(_ random: inout SeededGenerator) -> PageCapStep.Outcome {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<72:
                cursor += 2
                return .rows(next: random.chance(8) ? nil : cursor)
            case 72..<90:
                nextError += 1
                return .failure(nextError)
            default: return .cancellation
            }
        }
        func reference(_ random: inout SeededGenerator) -> PageCapStep.Reference {
            random.chance(80) ? .latest : .earlier(Int.random(in: 0..<6, using: &random))
        }
        for _ in 0..<Int.random(in: 1...maximumLength, using: &random) {
            let step: PageCapStep
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<24: step = .loadMore
            case 24..<42: step = .loadPrevious
            case 42..<78: step = .finishPage(reference(&random), outcome(&random), wrongEnd: random.chance(6))
            case 78..<84: step = .cancelPage
            case 84..<91: step = .refresh
            default: step = .finishFirst(reference(&random), random.chance(80) ? .rows(next: 2) : outcome(&random))
            }
            steps.append(step)
        }
        return (PageCapRaceLane(maxPages: maxPages), steps)
    }
}
