/// One step of a model-based sequence.
///
/// Steps name earlier loads by position (``Reference``), resolved when the step runs, so any
/// subsequence of a sequence is itself a valid sequence: that is what lets a failure shrink.
/// Descriptions are Swift source, so a printed sequence pastes into a regression test.
enum ContentStep: Equatable, CustomStringConvertible {
    /// Which earlier load a step means.
    typealias Reference = StepReference

    /// How a load ends: with these items (none: empty), as a first page of these items
    /// followed by the page at `next` (`nil`: the whole list), failing with `RaceError(id)`,
    /// or with a `CancellationError` nobody asked for (which cancels the load).
    ///
    /// A first page is finished with `finishFirstPage(_:next:update:)`; an async load's work
    /// (a plain `load { }`) returns its items and has no cursor.
    enum Outcome: Equatable, CustomStringConvertible {
        case items([String])
        case page([String], next: Int?)
        case failure(Int)
        case cancellation

        var result: Result<[String], any Error> {
            switch self {
            case .items(let items), .page(let items, _): .success(items)
            case .failure(let id): .failure(RaceError(id))
            case .cancellation: .failure(CancellationError())
            }
        }

        /// Whether the work throws.
        var isError: Bool {
            switch self {
            case .items, .page: false
            case .failure, .cancellation: true
            }
        }

        var description: String {
            switch self {
            case .items(let items): ".items(\(items))"
            case .page(let items, let next): ".page(\(items), next: \(next.map(String.init) ?? "nil"))"
            case .failure(let id): ".failure(\(id))"
            case .cancellation: ".cancellation"
            }
        }
    }

    /// A callback of the data source or wrapper that a step can re-enter the framework from:
    /// every point where the framework calls the app's code.
    enum Site: LoadReportSite, CustomStringConvertible {
        /// `dataSourceWillBeginLoading`.
        case willBegin
        /// `dataSource(_:didFinishLoadingWith:)`.
        case didFinish
        /// `contentWrapper(_:willShow:)`.
        case willShow
        /// `contentWrapper(_:didShow:)`.
        case didShow
        /// A renderer's `show(_:)`: 0 content, 1 loading, 2 empty, 3 error.
        case rendererShow(Int)
        /// A renderer's `hide()`, numbered as for ``rendererShow(_:)``.
        case rendererHide(Int)
        /// `contentWrapper(_:placeholderForEmpty:)`.
        case emptyPlaceholder
        /// `contentWrapper(_:placeholderFor:proposed:)`.
        case errorPlaceholder
        /// The data source's `hasContent`.
        case hasContent
        /// The data source's `isCancellation(_:)`, asked of every error a load ends with.
        case isCancellation
        /// A finish's update (or an async load's commit), after it wrote the model.
        case update
        /// The drawn placeholder's action (see ``ContentStep/tapPlaceholderAction``).
        case placeholderAction
        /// `contentWrapper(_:didFailToRefreshWith:)`.
        case didFailToRefresh
        /// `contentWrapper(_:announce:)`.
        case announce
        /// `announcedItemCount(in:)`, asked before a `loaded` announcement.
        case itemCount
        /// The paged data source's `loadPage(after:_:)`, after the harness noted the page.
        case loadPage
        /// `contentWrapper(_:placeholderForFailedPage:proposed:)`.
        case failedPagePlaceholder
        /// The content renderer's `showFooter(_:)`.
        case showFooter

        /// The renderers' names, in the order of their numbers.
        static let rendererNames = ["content", "loading", "empty", "error"]

        var description: String {
            switch self {
            case .willBegin: ".willBegin"
            case .didFinish: ".didFinish"
            case .willShow: ".willShow"
            case .didShow: ".didShow"
            case .rendererShow(let role): ".rendererShow(\(role))"
            case .rendererHide(let role): ".rendererHide(\(role))"
            case .emptyPlaceholder: ".emptyPlaceholder"
            case .errorPlaceholder: ".errorPlaceholder"
            case .hasContent: ".hasContent"
            case .isCancellation: ".isCancellation"
            case .update: ".update"
            case .placeholderAction: ".placeholderAction"
            case .didFailToRefresh: ".didFailToRefresh"
            case .announce: ".announce"
            case .itemCount: ".itemCount"
            case .loadPage: ".loadPage"
            case .failedPagePlaceholder: ".failedPagePlaceholder"
            case .showFooter: ".showFooter"
            }
        }
    }

    /// Which object a re-entrant step makes the data source's delegate.
    enum DelegateChoice: Equatable, CustomStringConvertible {
        /// None: the wrapper is left behind.
        case none
        /// The system itself, again.
        case same
        /// Another object, which supplies the same wrapper.
        case another

        var description: String {
            switch self {
            case .none: ".none"
            case .same: ".same"
            case .another: ".another"
            }
        }
    }

    /// What a re-entrant callback does: all synchronous.
    enum Reentry: Equatable, CustomStringConvertible {
        /// Begins a load.
        case begin(keepingContent: Bool)
        /// Begins an async load (`load { }`) whose work waits for a ``ContentStep/resume(_:_:)``
        /// step, and whose work observes cancellation or not.
        case beginAsync(keepingContent: Bool, observesCancellation: Bool)
        /// Begins a load and finishes it at once (a cache hit).
        case beginAndFinish(keepingContent: Bool, Outcome)
        /// Begins a load and cancels it at once.
        case beginAndCancel(keepingContent: Bool)
        /// Begins a load, then calls `loadMore()`: from a page's update, a refresh that
        /// supersedes the committing page, and the list asking for the next page meanwhile.
        case beginAndLoadMore(keepingContent: Bool)
        /// Finishes an earlier load's token: the current one, or a stale one.
        case finish(Reference, Outcome)
        /// `cancel()`.
        case cancel
        /// Writes the model outside a load, then calls `contentDidChange()`.
        case changeModel([String])
        /// Sets the data source's delegate.
        case setDelegate(DelegateChoice)
        /// Replaces the wrapper with a new one and sets the delegate again to attach it.
        case replaceWrapper
        /// `loadMore()`: the next page, the failed page again, or an answer saying why not.
        case loadMore
        /// Finishes a page's token: the one in flight, or a stale one.
        case finishPage(Reference, PageOutcome)
        /// `cancelLoadMore()`.
        case cancelLoadMore

        var description: String {
            switch self {
            case .begin(let keeping): ".begin(keepingContent: \(keeping))"
            case .beginAsync(let keeping, let observes):
                ".beginAsync(keepingContent: \(keeping), observesCancellation: \(observes))"
            case .beginAndFinish(let keeping, let outcome): ".beginAndFinish(keepingContent: \(keeping), \(outcome))"
            case .beginAndCancel(let keeping): ".beginAndCancel(keepingContent: \(keeping))"
            case .beginAndLoadMore(let keeping): ".beginAndLoadMore(keepingContent: \(keeping))"
            case .finish(let token, let outcome): ".finish(\(token), \(outcome))"
            case .cancel: ".cancel"
            case .changeModel(let items): ".changeModel(\(items))"
            case .setDelegate(let choice): ".setDelegate(\(choice))"
            case .replaceWrapper: ".replaceWrapper"
            case .loadMore: ".loadMore"
            case .finishPage(let page, let outcome): ".finishPage(\(page), \(outcome))"
            case .cancelLoadMore: ".cancelLoadMore"
            }
        }
    }

    /// `loadContent(keepingContent:)`, the synchronous begin.
    case begin(keepingContent: Bool)
    /// `finish` of an earlier token (any load, sync or async) with an outcome.
    case finish(Reference, Outcome)
    /// `cancel()`.
    case cancel
    /// `load(keepingContent:) { }` whose work waits for ``resume(_:_:)``.
    case beginAsync(keepingContent: Bool, observesCancellation: Bool)
    /// Lets an async load's work return (or throw) `outcome`, then awaits its task.
    case resume(Reference, Outcome)
    /// Cancels an async load's task from outside, as its owner might.
    case cancelTask(Reference)
    /// The next time `site` is called, it does `reentry` (once).
    case reenter(Site, Reentry)
    /// Drops the only strong reference to the data source; its coordinator lives on, held by
    /// the harness, so late finishes, begins and cancels really reach it.
    case releaseDataSource
    /// Runs `reentry` as a step of its own, outside any callback.
    case act(Reentry)
    /// Taps the action of the placeholder the wrapper draws, if it draws one with an action.
    case tapPlaceholderAction
    /// `loadMore()` on the paged data source; its answer is compared, not returned.
    case loadMore
    /// `finishPage` of a page's token (the one in flight, or a stale one) with an outcome.
    case finishPage(Reference, PageOutcome)
    /// `cancelLoadMore()`.
    case cancelLoadMore
    /// Taps the action (Retry) of the failed page's footer the wrapper draws, if it draws one:
    /// the data source's own `loadMore()`.
    case tapFooterAction
    /// Keeps the action of the placeholder screen and of the failed page's footer the wrapper
    /// draws now, each if it draws one (an earlier one kept stays kept otherwise), as a renderer
    /// or a view keeps the button it shows.
    case keepDrawnActions
    /// Taps the placeholder's action kept last, from whatever drawing it was shown in: it acts
    /// only while that screen is still drawn, and answers whether it acted (`nil`: none kept).
    case tapKeptPlaceholderAction
    /// Taps the failed footer's Retry kept last: it acts only while that footer is still drawn,
    /// and answers whether it acted (`nil`: none kept). A double tap on Retry is one.
    case tapKeptFooterAction
    /// Waits (a bounded number of turns of the main actor) for every caller awaiting an async
    /// load to end, and answers whether they all did (`nil`: the data source is gone). The
    /// runner adds it after the drain; the generator never makes it.
    case awaitCallers

    var description: String {
        switch self {
        case .begin(let keeping): ".begin(keepingContent: \(keeping))"
        case .finish(let token, let outcome): ".finish(\(token), \(outcome))"
        case .cancel: ".cancel"
        case .beginAsync(let keeping, let observes):
            ".beginAsync(keepingContent: \(keeping), observesCancellation: \(observes))"
        case .resume(let load, let outcome): ".resume(\(load), \(outcome))"
        case .cancelTask(let load): ".cancelTask(\(load))"
        case .reenter(let site, let reentry): ".reenter(\(site), \(reentry))"
        case .releaseDataSource: ".releaseDataSource"
        case .act(let reentry): ".act(\(reentry))"
        case .tapPlaceholderAction: ".tapPlaceholderAction"
        case .loadMore: ".loadMore"
        case .finishPage(let page, let outcome): ".finishPage(\(page), \(outcome))"
        case .cancelLoadMore: ".cancelLoadMore"
        case .tapFooterAction: ".tapFooterAction"
        case .keepDrawnActions: ".keepDrawnActions"
        case .tapKeptPlaceholderAction: ".tapKeptPlaceholderAction"
        case .tapKeptFooterAction: ".tapKeptFooterAction"
        case .awaitCallers: ".awaitCallers"
        }
    }
}
