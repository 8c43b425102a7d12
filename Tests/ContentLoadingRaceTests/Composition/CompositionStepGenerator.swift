import ContentLoading
import ContentLoadingTestSupport

/// Makes seeded ``CompositionScenario``s, weighted toward the steps that make races: finishes
/// of current and stale tokens, begins that supersede, children added and removed mid-load,
/// and, for segments, selections between a child's begin and its finish; between them,
/// re-entrant steps that act from inside the next call of a callback
/// (``CompositionStep/reenter(_:_:)``).
struct CompositionStepGenerator {
    private var random: SeededGenerator
    /// A second stream, for the re-entrant steps added after the suite's faults were first
    /// found: the steps the first stream makes (and the faults they find) stay as they were.
    private var more: SeededGenerator
    private var nextItem = 0
    private var nextError = 0
    /// A stream of its own for the steps that change the children or reset (see
    /// CompositionStepGenerator+Structure.swift), so the others are drawn as before.
    var structureRandom: SeededGenerator
    /// Whether those steps are generated at all.
    var structureSteps = true
    /// The re-entrant steps' own item and error numbers, apart from the first stream's.
    private var reentrantItem = 0
    private var reentrantError = 100

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        structureRandom = SeededGenerator(seed: seed ^ Self.structureStream)
        more = SeededGenerator(seed: seed ^ 0x5EC0_11D5_7EA4_0003)
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
        var steps: [CompositionStep] = []
        for _ in 0..<length {
            steps.append(
                structureStep(replacing: step(kind: kind, poolSize: poolSize), kind: kind, poolSize: poolSize))
            if more.chance(30) { steps.append(reentrantStep(kind: kind, poolSize: poolSize)) }
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

    /// A callback, and what the app does from inside its next call: weighted toward the
    /// callbacks a run reaches less often.
    private mutating func reentrantStep(kind: CompositionScenario.Container, poolSize: Int) -> CompositionStep {
        let sites: [CompositionSite] = [
            .willBegin, .didFinish, .willShow, .didShow, .rendererShow, .rendererHide, .emptyPlaceholder,
            .errorPlaceholder, .didFailToRefresh, .announce, .hasContent, .update,
        ]
        let site = sites[more.pick([8, 10, 8, 6, 6, 6, 14, 14, 30, 8, 12, 10])]
        let child = Int.random(in: 0..<poolSize, using: &more)
        let action: CompositionStep
        switch more.pick([20, 26, 10, 10, 10, 24]) {
        case 0: action = .begin(child: child, keepingContent: more.chance(65))
        case 1:
            let reference: CompositionStep.Reference =
                more.chance(70) ? .latest : .earlier(Int.random(in: 0..<8, using: &more))
            let outcome: CompositionStep.Outcome
            switch more.pick([50, 15, 7, 28]) {
            case 0:
                reentrantItem += 1
                outcome = .items(["r\(reentrantItem)"])
            case 1: outcome = .items([])
            case 2: outcome = .cancellation
            default:
                reentrantError += 1
                outcome = .failure(reentrantError)
            }
            action = .finish(child: child, reference, outcome)
        case 2: action = .cancel(child: child)
        case 3: action = .changeModel(child: child, more.chance(50) ? [] : ["m\(child)"])
        case 4: action = .reload(keepingContent: more.chance(65))
        default:
            if case .segmented = kind {
                action = .select(Int.random(in: 0..<poolSize, using: &more))
            } else {
                action = more.chance(50) ? .add(child: child) : .remove(child: child)
            }
        }
        return .reenter(site, action)
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
