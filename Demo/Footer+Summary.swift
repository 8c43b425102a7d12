import ContentLoading

/// The footer in the demo's words.
extension Footer {
    /// The one-line summary after `footer: `, stable for scripts.
    var summary: String {
        switch state {
        case .idle: "hidden"
        case .loadingMore: "loading more…"
        case .failed: "failed — \(placeholder.map(String.init(describing:)) ?? "")"
        case .endReached: "end of list"
        }
    }

    /// The label of the activity indicator, while a page loads.
    var activity: String? {
        switch state {
        case .loadingMore: "Loading more…"
        case .idle, .failed, .endReached: nil
        }
    }

    /// Whether nothing is drawn below the rows.
    var isHidden: Bool {
        switch state {
        case .idle: true
        case .loadingMore, .failed, .endReached: false
        }
    }
}
