/// What a capped ``PagedDataSource`` keeps besides its lanes: its ``PageWindow``, and the error of
/// the page before the rows while it is failed. Made only for a data source with a cap, so one
/// without pays a pointer.
final class PageWindowStorage<Cursor: Sendable> {
    var window: PageWindow<Cursor>
    /// The error of the page before the rows, while that end is failed.
    var previousError: (any Error)?
    /// Set by the base ``PagedDataSource/dropPage(_:)``: the model keeps every page, so the cap
    /// is off from then on.
    var dropNotOverridden = false

    init(limit: Int) {
        window = PageWindow(limit: limit)
    }
}
