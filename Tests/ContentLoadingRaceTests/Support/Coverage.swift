/// How often a suite's random runs reached each situation it exists for, so that a generator
/// drifting into dull sequences fails loudly instead of passing quietly.
///
/// A suite counts either steps (``note(_:)``, once per step that reached a situation) or
/// sequences (``add(_:)``, once per sequence that reached it), and says which.
struct Coverage<Situation: Hashable> {
    /// How many times each situation was reached; a situation never reached is absent.
    private(set) var counts: [Situation: Int] = [:]

    /// How many times `situation` was reached.
    subscript(situation: Situation) -> Int { counts[situation, default: 0] }

    /// Counts `situation` once more.
    mutating func note(_ situation: Situation) { counts[situation, default: 0] += 1 }

    /// Counts each of `situations` once more: what one sequence reached.
    mutating func add(_ situations: some Sequence<Situation>) {
        for situation in situations { note(situation) }
    }

    /// The situations of `required` never reached, in order.
    func missing(_ required: [Situation]) -> [Situation] { required.filter { self[$0] == 0 } }

    /// Each situation of `listed` and its count, as `name count`, comma-separated.
    func summary(_ listed: [Situation], name: (Situation) -> String = { "\($0)" }) -> String {
        listed.map { "\(name($0)) \(self[$0])" }.joined(separator: ", ")
    }
}
