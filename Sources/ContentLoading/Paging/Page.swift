/// One page of a paged list: its rows, and the cursor of the page after it.
///
/// ```swift
/// let response = try await api.colors(after: cursor)
/// return Page(response.colors, next: response.nextCursor)   // nil next: the last page
/// ```
///
/// A ``PagedDataSource`` commits the rows and stores `next` in one step, so a page and the
/// cursor that follows it can never disagree.
public struct Page<Rows: Sendable, Cursor: Sendable>: Sendable {
    /// The page's rows.
    public var rows: Rows
    /// The cursor of the following page; `nil` when this page is the last.
    public var next: Cursor?

    /// Creates a page of `rows`, followed by the page at `next` (`nil`: none follows).
    public init(_ rows: Rows, next: Cursor?) {
        self.rows = rows
        self.next = next
    }
}

/// Pages whose rows and cursors are `Equatable` are equal when their ``Page/rows`` and
/// ``Page/next`` are.
extension Page: Equatable where Rows: Equatable, Cursor: Equatable {}
