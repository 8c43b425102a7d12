/// Where a data source's content stands: the state its content wrapper draws.
///
/// ```
/// initial ──▶ loading ──▶ content | empty | error
/// content | empty | error ──▶ refreshing ──▶ content | empty | error
/// ```
///
/// ``LoadingCoordinator`` moves between the states as loads begin, finish and are cancelled,
/// and only along these moves:
///
/// | from         | to                                     | when                              |
/// |--------------|----------------------------------------|-----------------------------------|
/// | `initial`    | `loading`                              | a load begins                     |
/// | `loading`    | `content`, `empty`, `error`            | it finishes                       |
/// | `loading`    | `initial`, `content`, `empty`, `error` | it is cancelled: back to before*  |
/// | `refreshing` | `content`, `empty`, `error`            | it finishes, or is cancelled*     |
/// | `content`    | `loading`, `refreshing`                | a load begins                     |
/// | `empty`      | `loading`, `refreshing`                | a load begins                     |
/// | `error`      | `loading`, `refreshing`                | a load begins                     |
/// | `content`    | `empty`                                | the model emptied outside a load  |
/// | `empty`      | `content`                              | the model filled outside a load   |
/// | `error`      | `content`                              | the model filled outside a load   |
///
/// (`error` to `empty` is allowed too, as in Apple's AdvancedCollectionView, but nothing takes
/// it: an emptied model leaves the error showing.)
///
/// \* A cancel returns to the state before the load as the model now has it, as a content
/// change outside a load would: content emptied while the load ran returns to `empty`, a model
/// filled while it ran returns to `content` (from `empty` or `error`).
///
/// A load begins in `refreshing` when the caller keeps content, the data source has some and
/// a settled state is showing; otherwise, and always from `initial`, in `loading`. A load
/// that begins while another is in flight keeps the state.
/// A refresh that fails while content exists settles on `content` and reports the error
/// beside it.
public enum ContentState: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Nothing has been requested yet: the on-boarding context.
    case initial
    /// A first load is under way and there is nothing to show.
    case loading
    /// A reload is under way while the previous content stays visible.
    case refreshing
    /// The last load produced content.
    case content
    /// The last load succeeded but produced nothing to show.
    case empty
    /// The last load failed and there is no content to fall back on.
    case error

    /// Whether a load is in flight in this state.
    public var isLoading: Bool { self == .loading || self == .refreshing }

    /// The state's name, as the docs spell it.
    public var description: String {
        switch self {
        case .initial: "initial"
        case .loading: "loading"
        case .refreshing: "refreshing"
        case .content: "content"
        case .empty: "empty"
        case .error: "error"
        }
    }
}
