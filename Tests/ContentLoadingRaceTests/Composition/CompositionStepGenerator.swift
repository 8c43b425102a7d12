import ContentLoading
import ContentLoadingTestSupport

/// Makes seeded ``CompositionScenario``s, weighted toward the steps that make races: finishes
/// of current and stale tokens, begins that supersede, children added and removed mid-load,
/// and, for segments, selections between a child's begin and its finish.
struct CompositionStepGenerator {
    private var random: SeededGenerator
    private var nextItem = 0
    private var nextError = 0
    /// A stream of its own for the steps that change the children or reset (see
    /// CompositionStepGenerator+Structure.swift), so the others are drawn as before.
    var structureRandom: SeededGenerator
    /// Whether those steps are generated at all.
    var structureSteps = true

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        structureRandom = SeededGenerator(seed: seed ^ Self.structureStream)
    }

    mutating func scenario(
        container: CompositionScenario.Container?, maximumLength: Int
    ) -> CompositionScenario {
        let kind =
            container
            ?? [.composed(.allTogether), .composed(.asTheyArrive), .segmented].randomElement(using: &random)!
        let poolSize = Int.random(in: 1...4, using: &random)
        let members: [Int]
        if case .segmented = kind {
            members = Array(0..<poolSize)
        } else {
            members = Array(0..<Int.random(in: 0...poolSize, using: &random)).filter { _ in random.chance(85) }
        }
        let selection = Int.random(in: 0..<poolSize, using: &random)
        let length = Int.random(in: 1...maximumLength, using: &random)
        let steps = (0..<length).map { _ in
            structureStep(replacing: step(kind: kind, poolSize: poolSize), kind: kind, poolSize: poolSize)
        }
        return CompositionScenario(
            container: kind, poolSize: poolSize, initialMembers: members, initialSelection: selection, steps: steps)
    }

    private mutating func step(kind: CompositionScenario.Container, poolSize: Int) -> CompositionStep {
        let child = Int.random(in: 0..<poolSize, using: &random)
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<22: return .begin(child: child, keepingContent: random.chance(65))
        case 22..<56: return .finish(child: child, reference(), outcome())
        case 56..<62: return .cancel(child: child)
        case 62..<67: return .changeModel(child: child, random.chance(50) ? [] : ["m\(child)"])
        case 67..<75: return .reload(keepingContent: random.chance(65))
        default: break
        }
        if case .segmented = kind {
            // In range mostly; one below and one past the end too.
            return .select(Int.random(in: -1...poolSize, using: &random))
        }
        switch roll {
        case 75..<86: return .add(child: child)
        case 86..<97: return .remove(child: child)
        default: return .release(child: child)
        }
    }

    private mutating func reference() -> CompositionStep.Reference {
        random.chance(60) ? .latest : .earlier(Int.random(in: 0..<8, using: &random))
    }

    private mutating func outcome() -> CompositionStep.Outcome {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<50:
            nextItem += 1
            return .items((0..<Int.random(in: 1...2, using: &random)).map { "v\(nextItem).\($0)" })
        case 50..<65:
            return .items([])
        case 65..<72:
            return .cancellation
        default:
            nextError += 1
            return .failure(nextError)
        }
    }
}
