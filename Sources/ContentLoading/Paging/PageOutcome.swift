/// How a page awaited with ``PagedDataSource/loadMore(ownedBy:)`` ended, why none was
/// requested, or why the wait ended first.
///
/// ```swift
/// switch await dataSource.loadMore(ownedBy: .caller) {
/// case .committed(let hasMore): log(hasMore ? "more to come" : "the end")
/// case .failed(let error): log(error)               // the footer offers Retry
/// case .refused(let reason): log(reason)            // nothing was requested
/// case .superseded, .cancelled, .stillRunning: break
/// }
/// ```
///
/// Outcomes are `Equatable`, so a test can say `#expect(outcome == .committed(hasMore: true))`.
/// Two failures are equal when their errors are of the same type and, if that type is
/// `Equatable`, equal by its `==`, as for ``LoadOutcome``.
public enum PageOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The page was accepted and its rows committed (appended); `hasMore` is whether it named a
    /// next page (`false`: it was the last, and the lane is at ``AppendState/endReached``).
    case committed(hasMore: Bool)
    /// The page failed with this error: the content stays, the footer offers Retry, and the
    /// cursor is kept, so the next load more requests the same page.
    case failed(any Error)
    /// No page was requested, for this reason (what ``PagedDataSource/loadMore()`` answered).
    case refused(Refusal)
    /// A refresh began before the page ended: the page was dropped, since the refresh replaces
    /// the list it would have extended.
    case superseded
    /// The page was cancelled (by ``PagedDataSource/cancelLoadMore()``, by a cancellation error,
    /// or by its caller's task when the caller owned it): the lane went back to idle with the
    /// cursor kept.
    case cancelled
    /// The caller's task was cancelled while the page, owned by the data source, went on.
    case stillRunning

    /// The page was accepted and its rows appended: the old name of ``committed(hasMore:)``.
    @available(*, deprecated, renamed: "committed(hasMore:)")
    public static func appended(hasMore: Bool) -> PageOutcome { .committed(hasMore: hasMore) }

    /// Whether the page's result was accepted: committed or failed.
    public var isAccepted: Bool {
        switch self {
        case .committed, .failed: true
        case .refused, .superseded, .cancelled, .stillRunning: false
        }
    }

    /// Whether two outcomes are the same case with the same payload; two failures when their
    /// errors are of the same dynamic type and, if that type is `Equatable`, equal by its `==`.
    public static func == (lhs: PageOutcome, rhs: PageOutcome) -> Bool {
        switch (lhs, rhs) {
        case (.committed(let lhs), .committed(let rhs)): lhs == rhs
        case (.failed(let lhs), .failed(let rhs)): errorsAreEqual(lhs, rhs)
        case (.refused(let lhs), .refused(let rhs)): lhs == rhs
        case (.superseded, .superseded), (.cancelled, .cancelled), (.stillRunning, .stillRunning): true
        case (.committed, _), (.failed, _), (.refused, _), (.superseded, _), (.cancelled, _), (.stillRunning, _):
            false
        }
    }

    /// The case's name, with its payload, for logs.
    public var description: String {
        switch self {
        case .committed(let hasMore): "committed(hasMore: \(hasMore))"
        case .failed(let error): "failed(\(error))"
        case .refused(let reason): "refused(\(reason))"
        case .superseded: "superseded"
        case .cancelled: "cancelled"
        case .stillRunning: "stillRunning"
        }
    }
}
