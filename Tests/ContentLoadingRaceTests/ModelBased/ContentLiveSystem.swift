import ContentLoading
import ContentLoadingTestSupport

/// The real types under test, wired the way an app wires them: a ``PagedRaceDataSource`` whose
/// delegate supplies a `ContentWrapper` (immediate policy) with four recording renderers. A
/// sequence without page steps uses it as a plain `DataSource`.
///
/// It runs ``ContentStep``s and logs, in one `RenderLog`, the renderer calls and the
/// delegate calls a ``ContentReferenceModel`` predicts. It holds the coordinator strongly, so after
/// the data source is released a late begin, finish or cancel is really put to the framework.
/// Every callback the framework makes into app code can re-enter it (see
/// ``ContentStep/Site``).
@MainActor
final class ContentLiveSystem: LoadReportRecorder, ContentWrapperDelegate {
    let log = RenderLog()
    let coordinator: LoadingCoordinator
    /// The wrapper the delegate supplies now.
    private(set) var wrapper: ContentWrapper!
    /// The current wrapper's renderers, in the order of ``ContentStep/Site/rendererNames``.
    private(set) var renderers: [RecordingRenderer] = []
    /// Every wrapper made so far, for the teardown's lifetime check.
    private(set) var madeWrappers: [WeakWrapper] = []
    /// The log prefix of each wrapper: none for the first, `w2.` for the second, and so on.
    private var prefixes: [ObjectIdentifier: String] = [:]
    var dataSource: PagedRaceDataSource?
    private(set) weak var weakDataSource: PagedRaceDataSource?
    /// The other object a step can make the delegate; it supplies the same wrapper.
    private(set) var otherDelegate: OtherDelegate!
    let fault: ContentFault?
    /// What every wrapper draws before anything loads.
    let firstFrame: FirstFrame
    /// Every load's token by its number (1-based, in the order this system called begin); an
    /// async load's arrives once its work has started.
    var tokens: [Int: Token] = [:]
    /// The numbers of the synchronous loads, in order: what a re-entrant finish picks from.
    var syncLoads: [Int] = []
    /// How many loads this system has begun, callbacks' included.
    var begun = 0
    var asyncLoads: [AsyncLoadHandle] = []
    /// What each callback does the next time it is called.
    var reentries: [ContentStep.Site: ContentStep.Reentry] = [:]
    /// Every answer `loadMore()` gave the harness, in order.
    var loadMoreAnswers: [String] = []
    /// How many `loadMore()` calls the harness made; a page is named by the call that began it.
    var pageCalls = 0
    /// The numbers of the `loadMore()` calls under way, innermost last.
    var callStack: [Int] = []
    /// The page tokens the harness holds, by page, and the page of each.
    var pageTokens: [Int: LoadingState] = [:]
    var pageNumbers: [LoadingState: Int] = [:]
    /// The cursor `loadPage(after:_:)` was given for each page.
    var pageCursors: [Int: Int] = [:]
    /// The actions kept from what a wrapper drew (see ``ContentStep/keepDrawnActions``).
    var keptPlaceholderAction: Placeholder.Action?
    var keptFooterAction: Placeholder.Action?

    enum Token {
        case sync(LoadingState)
        case async(AsyncLoadHandle)
    }

    /// A wrapper, held weakly.
    struct WeakWrapper {
        weak var wrapper: ContentWrapper?
    }

    init(fault: ContentFault? = nil, firstFrame: FirstFrame = .blank) {
        self.fault = fault
        self.firstFrame = firstFrame
        let dataSource = PagedRaceDataSource()
        self.dataSource = dataSource
        weakDataSource = dataSource
        coordinator = dataSource.loadingCoordinator
        otherDelegate = OtherDelegate(system: self)
        installWrapper()
        dataSource.onHasContent = { [weak self] in self?.reenter(from: .hasContent) }
        dataSource.onIsCancellation = { [weak self] in self?.reenter(from: .isCancellation) }
        dataSource.onLoadPage = { [weak self] cursor, token in self?.pageRequested(at: cursor, token) }
        dataSource.delegate = self
    }

    /// The model the data source holds; `nil` once released.
    var items: [String]? { weakDataSource?.items }

    /// The tokens known so far, with their number.
    var knownTokens: [(generation: Int, token: LoadingState)] {
        tokens.keys.sorted().compactMap { generation in
            switch tokens[generation]! {
            case .sync(let state): (generation, state)
            case .async(let handle): handle.token.map { (generation, $0) }
            }
        }
    }

    /// Makes a wrapper with four recording renderers and makes it the one the delegate supplies.
    ///
    /// The renderers' hooks are set after the wrapper has drawn its initial screen, so making a
    /// wrapper never re-enters.
    func installWrapper() {
        let number = madeWrappers.count + 1
        let prefix = number == 1 ? "" : "w\(number)."
        let made = ContentStep.Site.rendererNames.map { RecordingRenderer(prefix + $0, log: log) }
        // A blank first frame is the default: it is made without naming one.
        let wrapper =
            firstFrame == .blank
            ? ContentWrapper(content: made[0], loading: made[1], empty: made[2], error: made[3], policy: .immediate)
            : ContentWrapper(
                content: made[0], loading: made[1], empty: made[2], error: made[3],
                initialScreen: .placeholder(.initial), policy: .immediate)
        for (role, renderer) in made.enumerated() {
            renderer.onShow = { [weak self] _ in self?.reenter(from: .rendererShow(role)) }
            renderer.onHide = { [weak self] in self?.reenter(from: .rendererHide(role)) }
        }
        made[0].onShowFooter = { [weak self] _ in self?.reenter(from: .showFooter) }
        wrapper.delegate = self
        prefixes[ObjectIdentifier(wrapper)] = prefix
        madeWrappers.append(WeakWrapper(wrapper: wrapper))
        self.wrapper = wrapper
        renderers = made
    }

    private func prefix(_ wrapper: ContentWrapper) -> String { prefixes[ObjectIdentifier(wrapper)] ?? "?." }

    // MARK: - DataSourceDelegate

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func record(_ line: String) { log.append(line) }

    // MARK: - ContentWrapperDelegate

    func contentWrapper(_ wrapper: ContentWrapper, willShow screen: Screen) {
        log.append("\(prefix(wrapper))willShow(\(screen.state))")
        reenter(from: .willShow)
    }

    func contentWrapper(_ wrapper: ContentWrapper, didShow screen: Screen) {
        if case .error(let error, _) = screen {
            log.append("\(prefix(wrapper))didShow(error: \(error))")
        } else {
            log.append("\(prefix(wrapper))didShow(\(screen.state))")
        }
        reenter(from: .didShow)
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderForEmpty proposed: Placeholder) -> Placeholder {
        reenter(from: .emptyPlaceholder)
        return withAction(proposed)
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        reenter(from: .errorPlaceholder)
        return withAction(proposed)
    }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        log.append("\(prefix(wrapper))refreshFailed(\(error))")
        reenter(from: .didFailToRefresh)
    }

    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        log.append("\(prefix(wrapper))announce(\(announcement.kind))")
        reenter(from: .announce)
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderForFailedPage error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        log.append("\(prefix(wrapper))failedPage(\(error))")
        reenter(from: .failedPagePlaceholder)
        // The proposed action (Retry) is the data source's own `loadMore()`.
        return proposed
    }

    func announcedItemCount(in wrapper: ContentWrapper) -> Int? {
        reenter(from: .itemCount)
        return weakDataSource?.items.count
    }

    /// `placeholder` with an action that re-enters from ``ContentStep/Site/placeholderAction``.
    private func withAction(_ placeholder: Placeholder) -> Placeholder {
        var placeholder = placeholder
        placeholder.action = .init(title: "Retry") { [weak self] in self?.reenter(from: .placeholderAction) }
        return placeholder
    }
}

/// Another object the data source's delegate can be set to: it logs what it hears under
/// `other.` and supplies the system's wrapper.
@MainActor
final class OtherDelegate: DataSourceDelegate {
    private unowned let system: ContentLiveSystem

    init(system: ContentLiveSystem) { self.system = system }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { system.wrapper }

    func dataSourceWillBeginLoading(_ dataSource: DataSource) {
        system.log.append("other.willBegin")
    }

    func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {
        system.log.append("other." + ContentLiveSystem.finished(error))
    }
}
