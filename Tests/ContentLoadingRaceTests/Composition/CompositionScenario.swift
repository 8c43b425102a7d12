import ContentLoading
import ContentLoadingTestSupport

/// A whole composition run: which container, its pool of children, who is in it at the start,
/// and the steps. Everything follows from one seed, so a failing run replays from it.
struct CompositionScenario: CustomStringConvertible {
    enum Container: Hashable, CustomStringConvertible {
        case composed(RevealPolicy)
        case segmented

        var description: String {
            switch self {
            case .composed(let reveal): ".composed(.\(reveal))"
            case .segmented: ".segmented"
            }
        }
    }

    var container: Container
    /// How many children the run makes.
    var poolSize: Int
    /// Composed: the children in the container at the start, in section order. Segmented: the
    /// whole pool, always.
    var initialMembers: [Int]
    /// Segmented: the index selected at the start.
    var initialSelection: Int
    var steps: [CompositionStep]

    var description: String {
        """
        CompositionScenario(
            container: \(container), poolSize: \(poolSize), initialMembers: \(initialMembers), \
        initialSelection: \(initialSelection),
            steps: [
        \(steps.map { "        \($0),\n" }.joined())    ])
        """
    }

    /// A seeded scenario of up to `maximumLength` steps; `container`, when given, fixes the kind.
    /// Without `structureSteps`, no step changes the children or resets the container.
    static func generate(
        seed: UInt64, container: Container? = nil, maximumLength: Int = 28, structureSteps: Bool = true
    ) -> CompositionScenario {
        var generator = CompositionStepGenerator(seed: seed)
        generator.structureSteps = structureSteps
        return generator.scenario(container: container, maximumLength: maximumLength)
    }

    /// The lane that runs this scenario's steps, with `fault` planted.
    @MainActor func lane(_ fault: CompositionFault? = nil) -> CompositionRaceLane {
        CompositionRaceLane(self, fault: fault)
    }
}
