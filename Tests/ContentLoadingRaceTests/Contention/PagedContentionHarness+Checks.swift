import ContentLoading

/// How often each thing happened in a paged contention run: each must be non-zero, or the run
/// did not race what it claims to.
struct PagedContentionCounts: CustomStringConvertible {
    var started = 0
    var refused = 0
    var committed = 0
    var asyncCommits = 0
    var failed = 0
    var dropped = 0
    var staleDropped = 0
    var cancels = 0
    var firstPages = 0
    var refreshesDuringAPage = 0

    var description: String {
        "\(started) pages begun, \(refused) load-mores refused, \(committed) committed (\(asyncCommits) by their task), "
            + "\(failed) failed, "
            + "\(dropped) finishes dropped (\(staleDropped) of pages a refresh or cancel superseded), "
            + "\(cancels) cancels, \(firstPages) first pages, \(refreshesDuringAPage) refreshes during a page"
    }
}

extension PagedContentionHarness {
    /// The next cursor: none before a first page and after the last page.
    var expectedNextCursor: Int? {
        guard list != 0 else { return nil }
        return committed == 0 ? 1 : Self.next(after: committed)
    }

    /// The rows: the list's first page, then each page it committed, in order.
    var expectedItems: [String] {
        guard list != 0 else { return [] }
        return Self.rows(list: list, cursor: nil) + (0..<committed).flatMap { Self.rows(list: list, cursor: $0 + 1) }
    }

    /// The append state, by name.
    var expectedAppendState: String {
        if openPage != nil { return "loadingMore" }
        if lastPageFailed { return "failed" }
        return list != 0 && expectedNextCursor == nil ? "endReached" : "idle"
    }

    /// The content state: the first page's list shows, refreshing while a refresh is in flight.
    var expectedContentState: ContentState {
        if openRefresh != nil { return list == 0 ? .loading : .refreshing }
        return list == 0 ? .initial : .content
    }

    /// What `loadMore()` must answer now; `nil`: it begins a page.
    func expectedAnswer() -> LoadMoreAnswer? {
        if let openPage { return .alreadyLoading(openPage) }
        if openRefresh != nil { return .refused(.refreshInFlight) }
        guard list != 0 else { return .refused(.noContent) }
        guard expectedNextCursor != nil else { return .refused(.endReached) }
        return nil
    }

    /// Compares the data source and the screen with what the oracle predicts.
    func check(after step: String) {
        var problems: [String] = []
        if dataSource.items != expectedItems { problems.append("items \(dataSource.items), expected \(expectedItems)") }
        if dataSource.items.count != (list == 0 ? 0 : (1 + committed) * Self.pageSize) {
            problems.append("\(dataSource.items.count) rows for \(committed) pages")
        }
        if dataSource.nextCursor != expectedNextCursor {
            problems.append(
                "cursor \(String(describing: dataSource.nextCursor)), expected \(String(describing: expectedNextCursor))"
            )
        }
        let state = Self.name(dataSource.appendState)
        if state != expectedAppendState { problems.append("append state \(state), expected \(expectedAppendState)") }
        if dataSource.contentState != expectedContentState {
            problems.append("content state \(dataSource.contentState), expected \(expectedContentState)")
        }
        let footer = Self.name(wrapper.footer)
        if footer != Self.footer(for: state) { problems.append("footer \(footer) for the lane \(state)") }
        if wrapper.displayedState != dataSource.contentState {
            problems.append("shows \(wrapper.displayedState), state \(dataSource.contentState)")
        }
        if !problems.isEmpty { record("after \(step): " + problems.joined(separator: "; ")) }
    }

    static func name(_ state: AppendState) -> String {
        switch state {
        case .idle: "idle"
        case .loadingMore: "loadingMore"
        case .failed: "failed"
        case .endReached: "endReached"
        }
    }

    static func name(_ footer: Footer) -> String {
        switch footer.state {
        case .idle: "hidden"
        case .loadingMore: "loadingMore"
        case .failed: "failed"
        case .endReached: "endReached"
        }
    }

    /// The footer the immediate policy draws for a lane in `state`.
    static func footer(for state: String) -> String { state == "idle" ? "hidden" : state }
}
