/// How long a stored value stays fresh: after that a screen that shows it revalidates it.
///
/// ```swift
/// let store = ContentStore(staleAfter: .after(.seconds(60))) { id in try await api.profile(id) }
/// ```
///
/// Measured on the store's clock from when the value was stored (written, or landed by a fetch).
public enum StoreStaleness: Sendable, Hashable {
    /// Fresh for this long after it was stored, then stale.
    case after(Duration)
    /// Never stale: only an invalidation makes it so.
    case never
    /// Always stale: every screen that shows it revalidates it. The default.
    case always

    /// Whether a value stored `age` ago is stale; a value of unknown age (read from a persistence
    /// the store did not write this run) is stale unless ``never``.
    @inlinable
    func isStale(age: Duration?) -> Bool {
        switch self {
        case .never: false
        case .always: true
        case .after(let limit): age.map { $0 >= limit } ?? true
        }
    }
}
