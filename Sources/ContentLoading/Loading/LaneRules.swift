/// The rules between lanes, in one table: what an event on one lane does to another.
///
/// Each lane (a ``LoadLane`` and its state machine) keeps its own loads; this is where lanes
/// meet. The content lane is a data source's ``LoadingCoordinator``; the append lane is a
/// ``PagedDataSource``'s pages.
///
/// | event on one lane                    | content lane                   | append lane                                             |
/// |--------------------------------------|--------------------------------|---------------------------------------------------------|
/// | a content load begins                | supersedes its load in flight  | stops the page in flight; a failed page's notice goes   |
/// | a first page commits                 | settles                        | starts over at the page's next cursor                   |
/// | a page is requested                  | untouched                      | refused while content loads, or with no content shown   |
/// | a page commits, fails or is retried  | untouched                      | its own                                                 |
/// | ``LoadingCoordinator/cancel()``      | stops its load                 | untouched                                               |
/// | ``PagedDataSource/cancelLoadMore()`` | untouched                      | stops its page                                          |
/// | the data source is released          | tokens invalid, task cancelled | tokens invalid, task cancelled                          |
///
/// A page never touches the content lane; the content lane decides for both. A page accepted and
/// committing when a content load begins keeps committing, so its rows and its cursor go
/// together (see ``AppendStateMachine``).
///
/// On a ``ContentStore`` key, the write lane (optimistic writes, ``WriteStateMachine``) meets the
/// store's fetch lane (``StoreStateMachine``):
///
/// | event on the write lane             | the key's fetch in flight                          | what the key shows             |
/// |-------------------------------------|----------------------------------------------------|--------------------------------|
/// | a write is applied                  | untouched: if it lands, it is the base under it    | committed value, layers on top |
/// | a write commits                     | superseded (the commit is a store write)           | the commit, other layers on top|
/// | a write fails or is cancelled       | untouched                                          | committed value, other layers  |
/// | the key's last pending write settles| the key is invalidated, once, if a request was sent| as before; bound screens refresh|
/// | (any, while writes are pending)     | eviction and removal leave the key alone           |                                |
///
/// A fetch never touches the write lane: one that lands becomes the committed value under the
/// pending layers, so a read cannot revert a change (see <doc:OptimisticWrites>).
enum LaneRules {
    /// What happens on the content lane that the append lane must hear of.
    enum ContentEvent: Sendable {
        /// A first load or refresh began.
        case began
        /// A first page committed: the content is a new list.
        case firstPageCommitted
        /// The content lane's load was cancelled.
        case cancelled
    }

    /// What a content event does to the append lane.
    enum PageEffect: Sendable, Equatable {
        /// Nothing.
        case untouched
        /// The page in flight stops (the new content replaces the list it would extend), and a
        /// failed page's notice goes.
        case stopsPageInFlight
        /// The list starts over at the first page's next cursor.
        case startsOver
    }

    /// What `event` on the content lane does to the append lane.
    static func effectOnPages(of event: ContentEvent) -> PageEffect {
        switch event {
        case .began: .stopsPageInFlight
        case .firstPageCommitted: .startsOver
        case .cancelled: .untouched
        }
    }

    /// Why a page may not begin with the content lane in `contentState`; `nil` when it may.
    ///
    /// - Parameter hasFirstPage: Whether a first page committed, so the content is a list that pages.
    static func pageRefusal(contentState: ContentState, hasFirstPage: Bool) -> PageOutcome.Refusal? {
        if contentState.isLoading { return .refreshInFlight }
        guard hasFirstPage, contentState == .content else { return .noContent }
        return nil
    }
}
