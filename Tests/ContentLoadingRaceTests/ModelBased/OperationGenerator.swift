import ContentLoadingTestSupport

/// Makes random, seeded sequences of ``RaceOperation``s, weighted toward the steps that make
/// races: begins that supersede, finishes of stale and current tokens, late async results.
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
        case 0..<20: .begin(keepingContent: random.chance(60))
        case 20..<48: .finish(reference(), outcome())
        case 48..<56: .cancel
        case 56..<70: .beginAsync(keepingContent: random.chance(60), observesCancellation: random.chance(50))
        case 70..<92: .resume(reference(), outcome())
        case 92..<98: .cancelTask(reference())
        default: .releaseDataSource
        }
    }

    private mutating func reference() -> RaceOperation.Reference {
        random.chance(55) ? .latest : .earlier(Int.random(in: 0..<64, using: &random))
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
