/// Where a ``PagedDataSource``'s append lane is: the lane that loads the next page while the
/// content stays on screen.
///
/// It is separate from the ``ContentState``, which belongs to the refresh lane (the first
/// page): the content stays ``ContentState/content`` while a page loads, fails or ends the list.
///
/// | state          | what happened                                         | ``PagedDataSource/loadMore()`` |
/// |----------------|-------------------------------------------------------|--------------------------------|
/// | ``idle``       | nothing in flight; a next page exists, or none loaded | requests the next page         |
/// | ``loadingMore``| a page is in flight                                   | answers with that page         |
/// | ``failed(_:)`` | the last page failed; its cursor is kept              | requests the same page again   |
/// | ``endReached`` | the last page had no next cursor                      | fetches nothing                |
///
/// States are `Equatable` (`#expect(dataSource.appendState == .endReached)`); two failures are
/// equal when their errors are of the same type and, if that type is `Equatable`, equal by its
/// `==`.
public enum AppendState: Sendable, Equatable, CustomStringConvertible {
    /// No page is in flight, and the list may go on.
    case idle
    /// A page is in flight.
    case loadingMore
    /// The last page failed with this error; loading more retries that page.
    case failed(any Error)
    /// The last page had no next cursor: the list is complete until a refresh.
    case endReached

    /// Whether a page is in flight.
    public var isLoadingMore: Bool {
        if case .loadingMore = self { return true }
        return false
    }

    /// Whether two states are the same case; two failures when their errors are of the same
    /// dynamic type and, if that type is `Equatable`, equal by its `==`.
    public static func == (lhs: AppendState, rhs: AppendState) -> Bool {
        switch (lhs, rhs) {
        case (.idle, .idle), (.loadingMore, .loadingMore), (.endReached, .endReached): true
        case (.failed(let lhs), .failed(let rhs)): errorsAreEqual(lhs, rhs)
        case (.idle, _), (.loadingMore, _), (.failed, _), (.endReached, _): false
        }
    }

    /// The state's name, and the error for ``failed(_:)``, for logs.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .loadingMore: "loadingMore"
        case .failed(let error): "failed: \(error)"
        case .endReached: "endReached"
        }
    }
}
