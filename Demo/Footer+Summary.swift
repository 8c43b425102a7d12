import ContentLoading

/// The footer in the demo's words.
extension Footer {
    /// The one-line summary after `footer: `, stable for scripts.
    var summary: String {
        switch self {
        case .hidden: "hidden"
        case .loadingMore: "loading more…"
        case .failed(_, let placeholder): "failed — \(placeholder)"
        case .endReached: "end of list"
        }
    }

    /// The label of the activity indicator, while a page loads.
    var activity: String? {
        switch self {
        case .loadingMore: "Loading more…"
        case .hidden, .failed, .endReached: nil
        }
    }

    /// Whether nothing is drawn below the rows.
    var isHidden: Bool {
        switch self {
        case .hidden: true
        case .loadingMore, .failed, .endReached: false
        }
    }
}
