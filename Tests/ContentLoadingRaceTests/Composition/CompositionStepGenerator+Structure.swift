import ContentLoadingTestSupport

/// The steps that change a container's children or reset it, drawn from a
/// stream of their own: the base step is always drawn first, from the base stream, so every
/// other step of a seed is what it was before these steps existed.
extension CompositionStepGenerator {
    /// Seeds ``structureRandom`` from the scenario's seed.
    static let structureStream: UInt64 = 0x5EC7_1057_2E5E_7000

    /// `base`, or, about one step in seven, a step that changes the children or resets.
    mutating func structureStep(
        replacing base: CompositionStep, kind: CompositionScenario.Container, poolSize: Int
    ) -> CompositionStep {
        guard structureSteps else { return base }
        let roll = Int.random(in: 0..<100, using: &structureRandom)
        let child = Int.random(in: 0..<poolSize, using: &structureRandom)
        // In range mostly; one below and one past the end too.
        let index = Int.random(in: -1...poolSize, using: &structureRandom)
        switch roll {
        case 0..<3:
            return .reset
        case 3..<7:
            return .insert(child: child, at: index)
        default:
            break
        }
        if case .segmented = kind {
            return roll < 12 ? .removeSegment(index) : base
        }
        switch roll {
        case 7..<10: return .move(child: child, to: index)
        case 10..<15: return .relist(relisting(poolSize: poolSize))
        default: return base
        }
    }

    /// Some of the pool in some order, now and then with a child twice (refused).
    private mutating func relisting(poolSize: Int) -> [Int] {
        var children = (0..<poolSize).filter { _ in structureRandom.chance(60) }
        children.shuffle(using: &structureRandom)
        if !children.isEmpty, structureRandom.chance(10) { children.append(children[0]) }
        return children
    }
}
