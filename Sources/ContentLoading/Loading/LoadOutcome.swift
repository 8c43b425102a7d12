/// How a load awaited with ``DataSource/reload(ownedBy:)`` ended, or why the wait did.
///
/// ```swift
/// switch await dataSource.reload(ownedBy: .caller) {
/// case .committed: break                            // the screen shows it: content, or empty
/// case .failed(let error): log(error)                 // the screen shows it too
/// case .superseded, .cancelled, .stillRunning, .notStarted: break
/// }
/// ```
///
/// Outcomes are `Equatable`, so a test can say `#expect(outcome == .committed(hasContent: true))`. Two failures are
/// equal when their errors are of the same type and, if that type is `Equatable`, equal by its
/// `==`: `.failed(CancellationError())` equals any other failure with a `CancellationError`.
public enum LoadOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The load was accepted and its result committed: `hasContent` is whether the data source
    /// has content (`false`: it has nothing to show, and the screen is empty).
    case committed(hasContent: Bool)
    /// The load failed with this error. With content kept by a refresh, the content stays.
    case failed(any Error)
    /// A newer load began before this one finished: its response was dropped.
    case superseded
    /// The load was cancelled (by ``LoadingCoordinator/cancel()``, by a cancellation error, or
    /// by its caller's task when the caller owned it): the state went back to where it began.
    case cancelled
    /// The caller's task was cancelled while the load, owned by the data source, went on.
    case stillRunning
    /// ``DataSource/loadContent()`` began no load, and none was in flight to wait for.
    case notStarted

    /// An accepted load's outcome.
    init(error: (any Error)?, hasContent: Bool) {
        if let error {
            self = .failed(error)
        } else {
            self = .committed(hasContent: hasContent)
        }
    }

    /// The load was accepted, and the data source has content: the old name of
    /// `committed(hasContent: true)`.
    @available(*, deprecated, renamed: "committed(hasContent:)")
    public static var content: LoadOutcome { .committed(hasContent: true) }
    /// The load was accepted, and the data source has nothing to show: the old name of
    /// `committed(hasContent: false)`.
    @available(*, deprecated, renamed: "committed(hasContent:)")
    public static var empty: LoadOutcome { .committed(hasContent: false) }

    /// Whether the load's result was accepted: committed or failed.
    public var isAccepted: Bool {
        switch self {
        case .committed, .failed: true
        case .superseded, .cancelled, .stillRunning, .notStarted: false
        }
    }

    /// Whether two outcomes are the same case; two failures when their errors are of the same
    /// dynamic type and, if that type is `Equatable`, equal by its `==`.
    public static func == (lhs: LoadOutcome, rhs: LoadOutcome) -> Bool {
        switch (lhs, rhs) {
        case (.committed(let lhs), .committed(let rhs)): lhs == rhs
        case (.superseded, .superseded), (.cancelled, .cancelled), (.stillRunning, .stillRunning),
            (.notStarted, .notStarted):
            true
        case (.failed(let lhs), .failed(let rhs)): errorsAreEqual(lhs, rhs)
        case (.committed, _), (.failed, _), (.superseded, _), (.cancelled, _), (.stillRunning, _), (.notStarted, _):
            false
        }
    }

    /// The case's name, and a failure's error.
    public var description: String {
        switch self {
        case .committed(let hasContent): "committed(hasContent: \(hasContent))"
        case .failed(let error): "failed(\(error))"
        case .superseded: "superseded"
        case .cancelled: "cancelled"
        case .stillRunning: "stillRunning"
        case .notStarted: "notStarted"
        }
    }
}
