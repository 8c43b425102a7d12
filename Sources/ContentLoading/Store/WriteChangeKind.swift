/// What an optimistic write's change does to the value: whether it still applies over a value
/// that a newer write on the key committed while it was pending.
///
/// ```swift
/// store.perform("Turn on", on: "lamp") { $0.isOn = true } request: { try await api.turnOn() }
/// store.perform("Comment", on: "post", kind: .adds) { $0.comments.append(draft) } request: {
///     try await api.post(draft)
/// }
/// ```
///
/// A newer write's commit is the server's value after the newer write. A change that sets
/// part of the value (a toggle, a rename) would, applied over it, bring back what the user
/// changed since: the screen would flash back to the older state until the older write settles
/// as outdated. A change that adds (a counter, an appended comment) is still owed on top of it.
/// See <doc:OptimisticWrites>.
public enum WriteChangeKind: Sendable, Hashable, CustomStringConvertible {
    /// The change sets the value, or part of it, to what the user chose: once a newer write on
    /// the key has committed, its layer no longer applies. The default.
    case sets
    /// The change adds to the value (increments a counter, appends a row): its layer applies
    /// over every committed value until the write settles.
    case adds

    /// The case's name.
    public var description: String {
        switch self {
        case .sets: "sets"
        case .adds: "adds"
        }
    }
}
