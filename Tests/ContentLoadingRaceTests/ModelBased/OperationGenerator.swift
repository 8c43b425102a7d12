import ContentLoadingTestSupport

/// Makes random, seeded sequences of ``RaceOperation``s, weighted toward the steps that make
/// races: begins that supersede, finishes of stale and current tokens, late async results, and
/// callbacks that begin, finish or cancel a load while a report is being delivered.
struct OperationGenerator {
    private var random: SeededGenerator
    private var nextItem = 0
    private var nextError = 0

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// A sequence of 1 to `maximumLength` steps.
    mutating func sequence(maximumLength: Int) -> [RaceOperation] {
        let length = Int.random(in: 1...maximumLength, using: &random)
        return (0..<length).map { _ in operation() }
    }

    private mutating func operation() -> RaceOperation {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<18: .begin(keepingContent: random.chance(60))
        case 18..<44: .finish(reference(), outcome())
        case 44..<51: .cancel
        case 51..<64: .beginAsync(keepingContent: random.chance(60), observesCancellation: random.chance(50))
        case 64..<84: .resume(reference(), outcome())
        case 84..<90: .cancelTask(reference())
        case 90..<98: .reenter(site(), reentry())
        default: .releaseDataSource
        }
    }

    private mutating func reference() -> RaceOperation.Reference {
        random.chance(55) ? .latest : .earlier(Int.random(in: 0..<64, using: &random))
    }

    private mutating func site() -> RaceOperation.Site {
        [.willBegin, .didFinish, .contentShown].randomElement(using: &random)!
    }

    private mutating func reentry() -> RaceOperation.Reentry {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<35: .begin(keepingContent: random.chance(60))
        case 35..<80: .beginAndFinish(keepingContent: random.chance(60), outcome())
        default: .cancel
        }
    }

    private mutating func outcome() -> RaceOperation.Outcome {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<55:
            nextItem += 1
            let count = Int.random(in: 1...3, using: &random)
            return .items((0..<count).map { "v\(nextItem).\($0)" })
        case 55..<75:
            return .items([])
        default:
            nextError += 1
            return .failure(nextError)
        }
    }
}
