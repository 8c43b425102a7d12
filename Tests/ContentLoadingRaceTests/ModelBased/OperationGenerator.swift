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
        case 0..<15: .begin(keepingContent: random.chance(60))
        case 15..<37: .finish(reference(), outcome())
        case 37..<43: .cancel
        case 43..<54: .beginAsync(keepingContent: random.chance(60), observesCancellation: random.chance(50))
        case 54..<71: .resume(reference(), outcome())
        case 71..<76: .cancelTask(reference())
        case 76..<90: .reenter(site(), reentry())
        case 90..<95: .act(reentry())
        case 95..<98: .tapPlaceholderAction
        default: .releaseDataSource
        }
    }

    private mutating func reference() -> RaceOperation.Reference {
        random.chance(55) ? .latest : .earlier(Int.random(in: 0..<64, using: &random))
    }

    /// Every point where the framework calls app code.
    private mutating func site() -> RaceOperation.Site {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<9: .willBegin
        case 9..<18: .didFinish
        case 18..<24: .willShow
        case 24..<30: .didShow
        case 30..<41: .rendererShow(Int.random(in: 0..<4, using: &random))
        case 41..<48: .rendererHide(Int.random(in: 0..<4, using: &random))
        case 48..<59: .emptyPlaceholder
        case 59..<70: .errorPlaceholder
        case 70..<76: .hasContent
        case 76..<80: .isCancellation
        case 80..<86: .update
        case 86..<91: .placeholderAction
        case 91..<96: .announce
        case 96..<98: .itemCount
        default: .didFailToRefresh
        }
    }

    /// Every action a callback can take.
    private mutating func reentry() -> RaceOperation.Reentry {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<14: .begin(keepingContent: random.chance(60))
        case 14..<32: .beginAndFinish(keepingContent: random.chance(60), outcome())
        case 32..<46: .beginAndCancel(keepingContent: random.chance(60))
        case 46..<58: .finish(reference(), outcome())
        case 58..<66: .cancel
        case 66..<76: .changeModel(random.chance(50) ? [] : ["m\(Int.random(in: 0..<9, using: &random))"])
        case 76..<92:
            .setDelegate([.none, .same, .another].randomElement(using: &random)!)
        default: .replaceWrapper
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
        case 75..<82:
            return .cancellation
        default:
            nextError += 1
            return .failure(nextError)
        }
    }
}
