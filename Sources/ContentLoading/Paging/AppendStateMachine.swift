/// The pure decision logic of a ``PagedDataSource``'s append lane: whether a page may be
/// requested, which page is current, and the cursor of the next.
///
/// It holds no locks, calls no user code and knows nothing of tasks; the data source asks it,
/// then acts on the answer. The lane moves so:
///
/// | from          | to            | by                                                   |
/// |---------------|---------------|------------------------------------------------------|
/// | `idle`        | `loadingMore` | load more, with content on screen and a next cursor  |
/// | `failed`      | `loadingMore` | load more (the failed page's cursor, kept)           |
/// | `loadingMore` | `idle`        | the page commits with a next cursor; cancel; a refresh begins |
/// | `loadingMore` | `endReached`  | the page commits without a next cursor               |
/// | `loadingMore` | `failed`      | the page fails                                       |
/// | `failed`      | `idle`        | a refresh begins                                     |
/// | any           | `idle`, `endReached` | a first page commits (with or without a next cursor) |
///
/// A refresh in flight refuses load more; load more never touches the refresh lane (the rules
/// between the lanes are ``LaneRules``).
///
/// A list with a page cap (see ``PageWindow``) can also refetch a page it dropped before its
/// rows. That page travels on this lane too, with its own phase (``previousPhase``), so one page
/// is in flight at a time, at either end: a request at either end while one is in flight answers
/// with that page. The phase of the end after the rows (``phase``) does not move for it, except
/// that a page before the rows that makes the list drop its last page leaves that end `idle`,
/// its next cursor the dropped page's.
struct AppendStateMachine<Cursor: Sendable>: Sendable {
    /// Where the lane is; ``AppendState`` without the error.
    enum Phase: Sendable, Equatable {
        case idle, loadingMore, failed, endReached
    }

    /// Where the end before the rows is, for a list that dropped pages there.
    enum PreviousPhase: Sendable, Equatable {
        case idle, loading, failed
    }

    /// What a request for the page before the rows gets.
    enum PreviousRequest: Sendable {
        /// Begin page `generation`, the page before the rows.
        case begin(generation: UInt64)
        /// Page `generation` is in flight (or committing), at either end.
        case alreadyLoading(generation: UInt64)
        /// Nothing begins, for this reason.
        case refused(PageOutcome.Refusal)
    }

    /// What a request for the next page gets.
    enum Request: Sendable {
        /// Begin page `generation`, the page at `cursor`.
        case begin(generation: UInt64, cursor: Cursor)
        /// Page `generation` is in flight (or committing).
        case alreadyLoading(generation: UInt64)
        /// Nothing begins, for this reason.
        case refused(PageOutcome.Refusal)
    }

    private(set) var phase: Phase = .idle
    /// The cursor of the next page: `nil` before a first page and after the last.
    private(set) var nextCursor: Cursor?
    /// Whether a first page committed, so the content on screen is a list that pages.
    private(set) var hasFirstPage = false
    /// Where the end before the rows is.
    private(set) var previousPhase: PreviousPhase = .idle
    /// Whether the page in flight, or committing, is the page before the rows.
    private(set) var inFlightIsPrevious = false
    /// The lane's generations: the page in flight, the newest begun, and the accepted page
    /// whose update is running (it commits its cursor next).
    private var generations = LaneGenerations()
    /// The page in flight; 0 when none.
    var activeGeneration: UInt64 { generations.active }
    /// Counts the lane's moves (wrapping), so a wrapper can tell a second failure from the first.
    private(set) var revision: UInt64 = 0

    /// A request for the next page, with the refresh lane in `contentState`.
    mutating func requestMore(contentState: ContentState) -> Request {
        if let refusal = refreshRefusal(contentState: contentState) { return .refused(refusal) }
        // A page committing (from inside its update) is still in flight: the cursor after it is
        // not written yet.
        // A page before the rows (a capped list) in flight: one page at a time.
        if phase == .loadingMore || generations.committing != 0 || generations.active != 0 {
            return .alreadyLoading(generation: generations.active | generations.committing)
        }
        if let refusal = LaneRules.pageRefusal(contentState: contentState, hasFirstPage: hasFirstPage) {
            return .refused(refusal)
        }
        guard let nextCursor else { return .refused(.endReached) }
        let generation = generations.begin()
        move(to: .loadingMore)
        return .begin(generation: generation, cursor: nextCursor)
    }

    /// A request for the page before the rows, with the refresh lane in `contentState`;
    /// `hasPageBefore` when the list dropped one there.
    mutating func requestPrevious(contentState: ContentState, hasPageBefore: Bool) -> PreviousRequest {
        if let refusal = refreshRefusal(contentState: contentState) { return .refused(refusal) }
        if generations.committing != 0 || generations.active != 0 {
            return .alreadyLoading(generation: generations.active | generations.committing)
        }
        if let refusal = LaneRules.pageRefusal(contentState: contentState, hasFirstPage: hasFirstPage) {
            return .refused(refusal)
        }
        guard hasPageBefore else { return .refused(.endReached) }
        let generation = generations.begin()
        inFlightIsPrevious = true
        previousPhase = .loading
        revision &+= 1
        return .begin(generation: generation)
    }

    /// The refusal a refresh in flight makes when no page is in flight, even while a page is
    /// still committing: a refresh begun inside that page's update superseded it (its rows and
    /// cursor still go together), so load more answers for the refresh, not with that page.
    private func refreshRefusal(contentState: ContentState) -> PageOutcome.Refusal? {
        guard contentState.isLoading, generations.active == 0 else { return nil }
        return .refreshInFlight
    }

    /// Whether accepted page `generation` is committing, its update done: its window may move.
    func isCommitting(_ generation: UInt64) -> Bool {
        generations.isCommitting(generation)
    }

    /// Whether `generation` is the page in flight.
    func isActive(_ generation: UInt64) -> Bool {
        generations.isActive(generation)
    }

    /// Whether page `generation` has yet to end: in flight, or accepted and committing.
    func hasYetToEnd(_ generation: UInt64) -> Bool {
        generations.isActive(generation) || generations.isCommitting(generation)
    }

    /// Ends page `generation` if it is the one in flight; `false` (and no change) otherwise.
    /// The lane stays `loadingMore` until ``pageCommitted(_:next:)`` or ``pageFailed(_:)``.
    mutating func accept(_ generation: UInt64) -> Bool {
        generations.accept(generation)
    }

    /// Accepted page `generation` was written to the model: its cursor becomes the next.
    ///
    /// A refresh begun from inside its update does not stop it: the rows are written, so the
    /// cursor that follows them is too, and a refresh that then fails or is cancelled leaves a
    /// list whose next page is the right one. `false` only when a first page committed from
    /// inside the update: the list starts over at that page's cursor instead.
    mutating func pageCommitted(_ generation: UInt64, next: Cursor?) -> Bool {
        guard generations.isCommitting(generation), !inFlightIsPrevious else { return false }
        generations.commitEnded()
        nextCursor = next
        move(to: next == nil ? .endReached : .idle)
        return true
    }

    /// Accepted page `generation` failed: the cursor stays, so the next request retries it.
    /// `false` when a refresh began since it was accepted: the refresh replaces the list the
    /// page belonged to, so its failure is not shown.
    mutating func pageFailed(_ generation: UInt64) -> Bool {
        guard generations.isCommitting(generation) else { return false }
        generations.commitEnded()
        if inFlightIsPrevious {
            inFlightIsPrevious = false
            guard previousPhase == .loading else { return false }
            previousPhase = .failed
            revision &+= 1
            return true
        }
        guard phase == .loadingMore else { return false }
        move(to: .failed)
        return true
    }

    /// Accepted page `generation`, the page before the rows, was written to the model; if the
    /// cap made the list drop its last page, `droppedLast` is that page's cursor, the next now.
    /// `false` (nothing moved) unless it is still committing.
    mutating func previousPageCommitted(_ generation: UInt64, droppedLast: Cursor?) -> Bool {
        guard generations.isCommitting(generation), inFlightIsPrevious else { return false }
        generations.commitEnded()
        inFlightIsPrevious = false
        previousPhase = .idle
        if let droppedLast {
            // The end after the rows is the dropped page now: whatever it was (the end of the
            // list, a failed page after the old last one), its next page is that one.
            nextCursor = droppedLast
            phase = .idle
        }
        revision &+= 1
        return true
    }

    /// Abandons the page in flight, keeping the cursor; `false` when none is in flight.
    mutating func cancel() -> Bool {
        guard generations.active != 0 else { return false }
        generations.abandon()
        if inFlightIsPrevious {
            inFlightIsPrevious = false
            previousPhase = .idle
            revision &+= 1
            return true
        }
        move(to: .idle)
        return true
    }

    /// A refresh began: the page in flight is cancelled (the refresh replaces the list it would
    /// extend), and a failed page's notice goes. Returns whether the lane moved.
    ///
    /// A page accepted and committing keeps committing: its rows and cursor go together.
    mutating func refreshWillBegin() -> Bool {
        generations.abandon()
        // A page before the rows still committing keeps committing, as a next page does.
        if generations.committing == 0 { inFlightIsPrevious = false }
        let previousMoved = previousPhase != .idle
        previousPhase = .idle
        guard phase == .loadingMore || phase == .failed else {
            if previousMoved { revision &+= 1 }
            return previousMoved
        }
        move(to: .idle)
        return true
    }

    /// A first page was written to the model: the list starts over at `next`.
    mutating func firstPageCommitted(next: Cursor?) {
        hasFirstPage = true
        generations.commitEnded()
        generations.abandon()
        inFlightIsPrevious = false
        previousPhase = .idle
        nextCursor = next
        move(to: next == nil ? .endReached : .idle)
    }

    private mutating func move(to next: Phase) {
        phase = next
        revision &+= 1
    }
}
