import ContentLoading

/// What the renderers ask the terminal to draw in the body of the screen.
enum DisplayBody {
    /// The loading screen: a spinner.
    case loading
    /// The colour rows, with a refresh indicator while a reload runs.
    case rows([ColorRow], isRefreshing: Bool)
    /// A placeholder (initial, empty or error) and the state it stands for.
    case placeholder(ContentState, Placeholder)
    /// The sections of `demo sections`, each with its own state, with a refresh indicator while
    /// one of them loads.
    case sections([SectionSummary], isRefreshing: Bool)

    /// The content state drawn.
    var state: ContentState {
        switch self {
        case .loading: .loading
        case .rows(_, let isRefreshing), .sections(_, let isRefreshing): isRefreshing ? .refreshing : .content
        case .placeholder(let state, _): state
        }
    }

    /// The label of the activity indicator, while a load runs.
    var activity: String? {
        switch self {
        case .loading: "Loading colours…"
        case .rows(_, true), .sections(_, true): "Refreshing…"
        case .rows, .sections, .placeholder: nil
        }
    }

    /// The one-line summary after `state: `, stable for scripts.
    var summary: String {
        switch self {
        case .loading: "loading"
        case .rows(let rows, let isRefreshing):
            "\(isRefreshing ? "refreshing" : "content") (\(rows.count) \(rows.count == 1 ? "row" : "rows"))"
        case .sections(let sections, let isRefreshing):
            "\(isRefreshing ? "refreshing" : "content") (\(Self.counts(of: sections)))"
        case .placeholder(let state, let placeholder): "\(state) — \(placeholder)"
        }
    }

    /// `5 rows in 1 of 3 sections`: the colours of every section, and how many sections have some.
    static func counts(of sections: [SectionSummary]) -> String {
        let rows = sections.reduce(0) { $0 + $1.rows.count }
        let shown = sections.count(where: { $0.state == .content || $0.state == .refreshing })
        return "\(rows) \(rows == 1 ? "row" : "rows") in \(shown) of \(sections.count) sections"
    }
}
