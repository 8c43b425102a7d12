/// Whether an optimistic write's request waits for the writes made before it on its key.
///
/// Either way the writes' changes show at once, in the order the user made them, and a response
/// of an older write never overrides a newer one's commit. See <doc:OptimisticWrites>.
public enum WriteOrdering: Sendable, Hashable, CustomStringConvertible {
    /// The request starts once every earlier pending write on the key has settled, so the
    /// server receives the key's writes in the user's order. The default.
    case serial
    /// The request starts at once, whatever else is pending on the key.
    case concurrent

    /// The case's name.
    public var description: String {
        switch self {
        case .serial: "serial"
        case .concurrent: "concurrent"
        }
    }
}
