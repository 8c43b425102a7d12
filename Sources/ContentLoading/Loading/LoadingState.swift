/// The token for one load attempt: ask it whether its response still matters.
///
/// ``LoadingCoordinator`` hands a new token to every load it begins. A token is valid until
/// a newer load begins, the load is cancelled, or it has been finished once; after that,
/// finishing it returns `false` and changes nothing.
///
/// ```swift
/// loadingCoordinator.loadContent { state in
///     loader.fetchColors { colors in
///         Task { @MainActor in
///             self.loadingCoordinator.finish(state) { self.colors = colors }
///         }
///     }
/// }
/// ```
///
/// A token is a small value (a shared reference and a number): creating one allocates nothing,
/// and ``isValid`` may be read from any thread or task.
public struct LoadingState: Sendable, Hashable, CustomStringConvertible {
    let activeLoad: ActiveLoad
    let generation: UInt64

    init(activeLoad: ActiveLoad, generation: UInt64) {
        self.activeLoad = activeLoad
        self.generation = generation
    }

    /// Whether this load is still the current one: not superseded, cancelled or finished.
    ///
    /// Use it to skip work whose result would be dropped. It is advice, not a lock: the
    /// coordinator checks again, atomically, when you finish.
    public var isValid: Bool { activeLoad.isActive(generation) }

    /// Throws `CancellationError` when this load is no longer current.
    public func checkValid() throws {
        if !isValid { throw CancellationError() }
    }

    /// Whether two tokens name the same load of the same coordinator.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.activeLoad === rhs.activeLoad && lhs.generation == rhs.generation
    }

    /// Hashes the coordinator's identity and the load's number.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(activeLoad))
        hasher.combine(generation)
    }

    /// The load's number and whether it is valid, for logs.
    public var description: String { "LoadingState(#\(generation), \(isValid ? "valid" : "invalid"))" }
}
