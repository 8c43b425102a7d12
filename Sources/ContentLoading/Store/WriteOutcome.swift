/// How an optimistic write (``StoreWrite``) settled.
///
/// ```swift
/// switch await write.settled() {
/// case .committed: break                // the server's answer (or the change) is the key's value
/// case .superseded: break               // succeeded, but a newer write on the key had committed
/// case .failed(let error): log(error)   // its change was rolled back
/// case .cancelled, nil: break           // cancelled; or the waiting task was
/// }
/// ```
public enum WriteOutcome<Value: Sendable>: Sendable, CustomStringConvertible {
    /// The write succeeded and its result became the key's committed value: the server's answer,
    /// or the change applied to the committed value when the server answered nothing. `nil`
    /// when there was neither (no answer, and no value to change).
    case committed(Value?)
    /// The write succeeded after a newer write on the key had committed: the newer one stands,
    /// and this one's answer was not stored.
    case superseded
    /// The write failed: its change was removed from the screen (the other pending writes stay),
    /// and the failure was told to the data sources bound to the key.
    case failed(any Error)
    /// The write was cancelled (``StoreWrite/cancel()``, or its request threw a
    /// `CancellationError`): its change was removed; not an error.
    case cancelled

    /// The write succeeded after a newer one had committed: the old name of ``superseded``.
    @available(*, deprecated, renamed: "superseded")
    public static var outdated: Self { .superseded }

    /// The case's name, with a committed value or a failure's error.
    public var description: String {
        switch self {
        case .committed(let value?): "committed(\(value))"
        case .committed(nil): "committed"
        case .superseded: "superseded"
        case .failed(let error): "failed(\(error))"
        case .cancelled: "cancelled"
        }
    }
}

extension WriteOutcome: Equatable where Value: Equatable {
    /// Whether two outcomes are the same case with equal values; two failures when their errors
    /// are of the same dynamic type and, if that type is `Equatable`, equal by its `==`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.committed(let lhs), .committed(let rhs)): lhs == rhs
        case (.failed(let lhs), .failed(let rhs)): errorsAreEqual(lhs, rhs)
        case (.superseded, .superseded), (.cancelled, .cancelled): true
        case (.committed, _), (.superseded, _), (.failed, _), (.cancelled, _): false
        }
    }
}
