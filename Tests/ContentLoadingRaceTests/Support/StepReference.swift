/// Which earlier load, token or page a step names: the newest, or the one at a position
/// (modulo how many there are), resolved when the step runs.
///
/// Naming by position keeps any subsequence of a sequence a valid sequence, which is what lets
/// a failure shrink. Prints as Swift source (`.latest`, `.earlier(2)`).
enum StepReference: Hashable, Sendable, CustomStringConvertible {
    /// The most recent one.
    case latest
    /// The one at this position (0-based), modulo how many there are.
    case earlier(Int)

    /// The index it names among `count`; `nil` when there are none.
    func resolve(count: Int) -> Int? {
        guard count > 0 else { return nil }
        switch self {
        case .latest: return count - 1
        case .earlier(let position): return position % count
        }
    }

    var description: String {
        switch self {
        case .latest: ".latest"
        case .earlier(let position): ".earlier(\(position))"
        }
    }
}
