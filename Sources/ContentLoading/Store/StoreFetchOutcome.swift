/// How a shared fetch awaited with ``ContentStore/fetch(_:)`` ended for one waiter.
///
/// ```swift
/// switch await store.fetch(id) {
/// case .committed(let profile): show(profile)    // stored, and every bound screen shows it
/// case .failed(let error): log(error)             // the stored value, if any, stays
/// case .superseded, .cancelled: break             // a newer write or invalidation; or the waiter left
/// }
/// ```
public enum StoreFetchOutcome<Value: Sendable>: Sendable, CustomStringConvertible {
    /// The fetch's result was current: it is stored, and every data source bound to the key shows it.
    case committed(Value)
    /// The fetch failed; the value stored before it, if any, stays.
    case failed(any Error)
    /// A write or an invalidation of the key came after the fetch began: its result was dropped
    /// for every waiter, never stored and never shown.
    case superseded
    /// This waiter's task was cancelled and it stopped waiting; the fetch goes on for the others.
    case cancelled

    /// The committed value, or `nil`.
    public var value: Value? {
        if case .committed(let value) = self { return value }
        return nil
    }

    /// The fetch's result was current and is stored: the old name of ``committed(_:)``.
    @available(*, deprecated, renamed: "committed")
    public static func landed(_ value: Value) -> Self { .committed(value) }

    /// The case's name, and a failure's error.
    public var description: String {
        switch self {
        case .committed(let value): "committed(\(value))"
        case .failed(let error): "failed(\(error))"
        case .superseded: "superseded"
        case .cancelled: "cancelled"
        }
    }
}

extension StoreFetchOutcome: Equatable where Value: Equatable {
    /// Whether two outcomes are the same case with equal values; two failures when their errors
    /// are of the same dynamic type and, if that type is `Equatable`, equal by its `==`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.committed(let lhs), .committed(let rhs)): lhs == rhs
        case (.failed(let lhs), .failed(let rhs)): errorsAreEqual(lhs, rhs)
        case (.superseded, .superseded), (.cancelled, .cancelled): true
        case (.committed, _), (.failed, _), (.superseded, _), (.cancelled, _): false
        }
    }
}
