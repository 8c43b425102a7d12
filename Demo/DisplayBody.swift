import ContentLoading

/// What the renderers ask the terminal to draw in the body of the screen.
enum DisplayBody {
    /// The loading screen: a spinner.
    case loading
    /// The colour rows, with a refresh indicator while a reload runs.
    case rows([ColorRow], isRefreshing: Bool)
    /// A placeholder (initial, empty or error) and the state it stands for.
    case placeholder(ContentState, Placeholder)

    /// The content state drawn.
    var state: ContentState {
        switch self {
        case .loading: .loading
        case .rows(_, let isRefreshing): isRefreshing ? .refreshing : .content
        case .placeholder(let state, _): state
        }
    }

    /// The label of the activity indicator, while a load runs.
    var activity: String? {
        switch self {
        case .loading: "Loading colours…"
        case .rows(_, true): "Refreshing…"
        case .rows, .placeholder: nil
        }
    }

    /// The one-line summary after `state: `, stable for scripts.
    var summary: String {
        switch self {
        case .loading: "loading"
        case .rows(let rows, let isRefreshing):
            "\(isRefreshing ? "refreshing" : "content") (\(rows.count) \(rows.count == 1 ? "row" : "rows"))"
        case .placeholder(let state, let placeholder): "\(state) — \(placeholder)"
        }
    }
}
