import ContentLoading

/// The reference for a capped ``PagedDataSource`` driven by hand, restated from the Pagination
/// article (its two lanes, and Keeping memory bounded: a page cap), sharing no code with the
/// framework:
///
/// - the refresh lane: a load begins loading (refreshing over content), only its newest token
///   finishes, a failure over content keeps it, a cancellation goes back to where it began; a
///   begin cancels the page in flight, at either end, and clears both ends' failures;
/// - one page is in flight at a time, at either end, and a request at either end while one is
///   answers with it; load more and load previous need content on screen and no refresh, and
///   answer `endReached` when nothing follows (or, before the rows, nothing was dropped);
/// - the model keeps at most `maxPages` pages: a page after the rows past the cap drops the
///   oldest (whose cursor is remembered), a page before them (refetched at the nearest dropped
///   cursor, `nil` for the first page) drops the newest, whose cursor becomes the next page's
///   and leaves that end idle; a first page starts over, forgetting what was dropped.
struct PageCapReferenceModel {
    enum Phase: Equatable { case idle, loadingMore, failed, endReached }
    enum PreviousPhase: Equatable { case idle, loading, failed }

    let limit: Int?
    let fault: PageCapFault?
    private(set) var state: ContentState = .initial
    private var stateBeforeLoad: ContentState = .initial
    /// The model's pages, oldest first.
    private(set) var pages: [[String]] = []
    private(set) var firstBegun = 0
    private var activeFirst = 0
    private var hasFirstPage = false
    private(set) var nextCursor: Int?
    private var phase: Phase = .idle
    private var previousPhase: PreviousPhase = .idle
    private var appendError: String?
    private var previousError: String?
    /// Each page begun, at either end, in order: its end and the cursor it was requested at.
    private(set) var pageTokens: [(previous: Bool, cursor: Int?)] = []
    private var activePage = 0
    /// The cursor each page in the model was loaded at (`nil`: the first page), while capped.
    private var window: [Int?] = []
    /// The cursors of the pages dropped before the rows, the nearest last.
    private var dropped: [Int?] = []
    /// Every page request the data source made: its end and cursor.
    private(set) var requests: [String] = []

    init(maxPages: Int?, fault: PageCapFault?) {
        limit = maxPages.map { max($0, 1) }
        self.fault = fault
    }

    var rows: [String] { pages.flatMap { $0 } }
    private var hasContent: Bool { !rows.isEmpty }

    var appendState: String {
        if fault == .previousPageMovesTheFooter, previousPhase == .loading { return "loadingMore" }
        switch phase {
        case .idle: return "idle"
        case .loadingMore: return "loadingMore"
        case .failed: return "failed: \(appendError ?? "none")"
        case .endReached: return "endReached"
        }
    }

    var previousPageState: String {
        guard limit != nil else { return "none" }
        switch previousPhase {
        case .loading: return "loading"
        case .failed: return "failed: \(previousError ?? "none")"
        case .idle: return dropped.isEmpty ? "none" : "available"
        }
    }

    func isFirstValid(_ number: Int) -> Bool { number != 0 && number == activeFirst }
    func isPageValid(_ number: Int) -> Bool { number != 0 && number == activePage }

    /// The rows a fetch brings: named by the token and the cursor, so the model shows which
    /// fetch wrote them.
    static func rows(first number: Int) -> [String] { (0..<2).map { "f\(number).\($0)" } }
    static func rows(page number: Int, cursor: Int?) -> [String] {
        (0..<2).map { "p\(number)@\(cursor.map(String.init) ?? "nil").\($0)" }
    }

    /// Runs `step`; the answer mirrors the live one's.
    mutating func apply(_ step: PageCapStep) -> String? {
        switch step {
        case .refresh:
            firstBegun += 1
            activeFirst = firstBegun
            if !state.isLoading {
                stateBeforeLoad = state
                state = hasContent && state != .initial ? .refreshing : .loading
            }
            refreshWillBegin()
            return nil
        case .finishFirst(let reference, let outcome):
            guard let index = reference.resolve(count: firstBegun) else { return nil }
            return finishFirst(index + 1, outcome).description
        case .loadMore:
            return loadMore()
        case .loadPrevious:
            return loadPrevious()
        case .finishPage(let reference, let outcome, let wrongEnd):
            guard let index = reference.resolve(count: pageTokens.count) else { return nil }
            return finishPage(index + 1, outcome, wrongEnd: wrongEnd).description
        case .cancelPage:
            return cancelPage().description
        }
    }

    private mutating func finishFirst(_ number: Int, _ outcome: PageCapStep.Outcome) -> Bool {
        guard isFirstValid(number) else { return false }
        activeFirst = 0
        switch outcome {
        case .rows(let next):
            pages = [Self.rows(first: number)]
            state = .content
            hasFirstPage = true
            activePage = 0
            nextCursor = next
            phase = next == nil ? .endReached : .idle
            previousPhase = .idle
            appendError = nil
            previousError = nil
            if limit != nil {
                window = [nil]
                if fault != .refreshKeepsTheDroppedPages { dropped = [] }
            }
        case .failure:
            state = state == .refreshing && hasContent ? .content : .error
        case .cancellation:
            state = reevaluated(stateBeforeLoad)
        }
        return true
    }

    private func reevaluated(_ state: ContentState) -> ContentState {
        switch state {
        case .content where !hasContent: .empty
        case .empty where hasContent, .error where hasContent: .content
        default: state
        }
    }

    private mutating func refreshWillBegin() {
        activePage = 0
        previousPhase = .idle
        previousError = nil
        if phase == .loadingMore || phase == .failed {
            phase = .idle
            appendError = nil
        }
    }

    private func refusal() -> String? {
        if state.isLoading { return "refreshInFlight" }
        guard hasFirstPage, state == .content else { return "noContent" }
        return nil
    }

    private mutating func loadMore() -> String {
        if activePage != 0 { return "alreadyLoading(#\(activePage))" }
        if let refused = refusal() { return refused }
        guard let cursor = nextCursor else { return "endReached" }
        pageTokens.append((false, cursor))
        activePage = pageTokens.count
        phase = .loadingMore
        appendError = nil
        requests.append("after \(cursor)")
        return "started(#\(activePage))"
    }

    private mutating func loadPrevious() -> String {
        if activePage != 0 && (fault != .bothEndsAtOnce || pageTokens[activePage - 1].previous) {
            return "alreadyLoading(#\(activePage))"
        }
        if let refused = refusal() { return refused }
        guard limit != nil, !dropped.isEmpty else { return "endReached" }
        if activePage != 0 {
            // The planted fault: the page after the rows in flight is left behind, still "in flight".
            phase = .idle
        }
        let cursor = fault == .refetchesTheFarthestDropped ? dropped.first! : dropped.last!
        pageTokens.append((true, cursor))
        activePage = pageTokens.count
        previousPhase = .loading
        previousError = nil
        requests.append("before \(cursor.map(String.init) ?? "nil")")
        return "started(#\(activePage))"
    }

    private mutating func finishPage(_ number: Int, _ outcome: PageCapStep.Outcome, wrongEnd: Bool) -> Bool {
        let (previous, cursor) = pageTokens[number - 1]
        switch outcome {
        case .rows(let next):
            // Each end's rows go through that end's API; the other end's refuses the token.
            guard !wrongEnd, isPageValid(number) else { return false }
            activePage = 0
            let rows = Self.rows(page: number, cursor: cursor)
            if previous {
                pages.insert(rows, at: 0)
                previousPhase = .idle
                guard let limit else { return true }
                window.insert(dropped.removeLast(), at: 0)
                if window.count > limit, let last = window.removeLast() {
                    // The page dropped after the rows is the next one again.
                    pages.removeLast()
                    if fault != .droppedLastKeepsTheNextCursor {
                        nextCursor = last
                        phase = .idle
                    }
                }
                return true
            }
            pages.append(rows)
            nextCursor = next
            phase = next == nil ? .endReached : .idle
            guard let limit, fault != .capIgnored else { return true }
            window.append(cursor)
            if window.count > limit {
                if fault == .dropsTheNewestOnAppend {
                    pages.removeLast()
                    dropped.append(window.removeLast())
                } else {
                    pages.removeFirst()
                    dropped.append(window.removeFirst())
                }
            }
            return true
        case .failure(let id):
            guard isPageValid(number) else { return false }
            activePage = 0
            if previous {
                previousPhase = .failed
                previousError = "\(RaceError(id))"
            } else {
                phase = .failed
                appendError = "\(RaceError(id))"
            }
            return true
        case .cancellation:
            guard isPageValid(number) else { return false }
            return cancelPage()
        }
    }

    private mutating func cancelPage() -> Bool {
        guard activePage != 0 else { return false }
        if pageTokens[activePage - 1].previous {
            previousPhase = .idle
        } else {
            phase = .idle
        }
        activePage = 0
        return true
    }
}
