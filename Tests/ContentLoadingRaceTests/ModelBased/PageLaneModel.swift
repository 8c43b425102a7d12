/// What the reference model knows of the paged data source's append lane: a plain restatement
/// of its documented rules, sharing no code with the framework.
///
/// Pages are named by the harness's `loadMore()` call that began them (every call, answered or
/// not, takes the next number, and a footer's Retry is a call too), so a page begun inside a
/// callback of another call is told apart from it.
struct PageLaneModel {
    /// Where the lane is.
    enum Phase {
        case idle, loadingMore, failed, endReached
    }

    var phase: Phase = .idle
    /// The cursor of the next page: `nil` before a first page and after the last one.
    var nextCursor: Int?
    /// Whether a first page committed, so the list pages.
    var hasFirstPage = false
    /// The next cursor the last first page gave (for a planted fault that retries from there).
    var firstPageNext: Int?
    /// The page in flight, and the accepted page whose update is running (0: none).
    var active = 0
    var committing = 0
    /// Counts the lane's moves, as the wrapper tells one failure from the next.
    var revision = 0
    /// The failed page's error, while the lane is failed.
    var error: RaceError?
    /// How many `loadMore()` calls the harness made: the last call's number.
    var calls = 0
    /// The pages whose token the harness holds (from an answer, or from `loadPage`).
    var known: Set<Int> = []
    /// The cursor each page was requested at, once `loadPage` was called for it.
    var cursors: [Int: Int] = [:]
    /// The pages a refresh superseded (for a planted fault that commits them anyway).
    var supersededByRefresh: Set<Int> = []
    /// Every answer `loadMore()` gave the harness, in order.
    var answers: [String] = []
    /// What the sequence reached, for the generator's coverage.
    var reached: Set<PagingEvent> = []

    /// The known pages in the order they began: what a ``ContentStep/Reference`` picks from.
    var knownInOrder: [Int] { known.sorted() }

    /// The footer the lane calls for.
    var footer: FooterKind {
        switch phase {
        case .idle: .hidden
        case .loadingMore: .loadingMore
        case .failed: .failed
        case .endReached: .endReached
        }
    }

    /// As `AppendState.description`.
    var stateDescription: String {
        switch phase {
        case .idle: "idle"
        case .loadingMore: "loadingMore"
        case .failed: "failed: \(error.map { "\($0)" } ?? "CancellationError()")"
        case .endReached: "endReached"
        }
    }

    /// How the answer of `loadMore()` names page `page`: by number once the harness knows its
    /// token, else `?`.
    func name(_ page: Int) -> String { known.contains(page) ? "#\(page)" : "?" }

    mutating func move(to next: Phase) {
        phase = next
        revision += 1
    }
}

/// A footer without its payload, named as `RecordingRenderer` logs it.
enum FooterKind: String {
    case hidden, loadingMore, failed, endReached
}

/// The paging situations a sequence can reach, and the taps on actions kept from an earlier
/// drawing; the suite checks the generator reaches each.
enum PagingEvent: String, CaseIterable, Comparable {
    case firstPageWithNext, firstPageAtTheEnd
    case loadMoreStarted, loadMoreRetriedAFailedPage, loadMoreAlreadyLoading, loadMoreEndReached
    case loadMoreRefreshInFlight, loadMoreNoContent
    case pageCommittedWithNext, pageCommittedAtTheEnd, pageFailed, pageCancelledByItsError
    case stalePageRefused, refreshCancelledAPage, refreshClearedAFailedPage, cancelLoadMore
    case failedFooterDrawn, footerRetryTapped, pageFinishedInsideACallback, loadMoreInsideACallback
    case refreshBegunInsideAPageCommit, loadMoreRefusedForARefreshBegunInsideAPageCommit
    case keptPlaceholderActionActed, stalePlaceholderActionRefused, keptFooterActionActed, staleFooterActionRefused

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
