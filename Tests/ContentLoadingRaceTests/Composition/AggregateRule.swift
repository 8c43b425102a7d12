import ContentLoading

/// The composed state, restated from the table in the Composing Data Sources article by
/// scanning the children's states: content first, then loading, error, empty, initial.
///
/// Deliberately a scan, not counts, and no code shared with the framework: it is what the
/// counts must always agree with.
enum AggregateRule {
    /// The state the screen shows for children in `states`.
    ///
    /// - Parameter holdsFirstLoad: Whether a section still on its first load keeps the whole
    ///   screen loading (``RevealPolicy/allTogether`` before the screen first settled).
    static func state(of states: [ContentState], holdsFirstLoad: Bool) -> ContentState {
        let anyContent = states.contains { $0 == .content || $0 == .refreshing }
        let anyLoading = states.contains(.loading)
        if anyContent {
            if holdsFirstLoad && anyLoading { return .loading }
            return anyLoading || states.contains(.refreshing) ? .refreshing : .content
        }
        if anyLoading { return .loading }
        if states.contains(.error) { return .error }
        if states.contains(.empty) { return .empty }
        return .initial
    }

    /// Apple's ranking, for the planted fault: the highest-ranked state among the children wins.
    static func appleRanking(of states: [ContentState]) -> ContentState {
        let ranked: [ContentState] = [.loading, .refreshing, .error, .empty, .content]
        return ranked.first { states.contains($0) } ?? .initial
    }

    /// Whether `state` ends the first load under ``RevealPolicy/allTogether``: anything the
    /// screen settles on, not the loading or the never-loaded screen.
    static func settlesTheFirstLoad(_ state: ContentState) -> Bool {
        state != .loading && state != .initial
    }
}
