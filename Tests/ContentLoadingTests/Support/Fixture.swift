import ContentLoading
import ContentLoadingTestSupport

/// A data source wired to a wrapper with recording renderers and delegates.
@MainActor
final class Fixture: DataSourceDelegate, ContentWrapperDelegate {
    let log = RenderLog()
    let dataSource: ItemsDataSource
    private(set) var wrapper: ContentWrapper!
    /// Errors the wrapper asked a placeholder for, in order.
    private(set) var placeholderErrors: [TestError] = []
    private(set) var refreshFailures: [TestError] = []
    private(set) var finishedLoads: [String] = []
    /// What the wrapper announced, in order.
    private(set) var announcements: [Announcement] = []
    /// Whether ``announcedItemCount(in:)`` answers the data source's item count, or `nil`.
    var countsItems = true
    /// Runs when the wrapper announces something.
    var onAnnounce: ((Announcement) -> Void)?
    /// Runs when the wrapper announces a screen. The fixture keeps its hooks: capture the
    /// fixture `unowned` in them, or it is never freed (AddressSanitizer's leak check fails).
    var onWillShow: ((Screen) -> Void)?
    /// Runs when the data source says a load begins; capture the fixture `unowned`.
    var onWillBegin: (() -> Void)?
    /// Runs when the wrapper asks for the error placeholder; capture the fixture `unowned`.
    var onErrorPlaceholder: (() -> Void)?

    init(
        policy: PresentationPolicy = .immediate,
        initialScreen: InitialScreen = .placeholder(.initial),
        clock: some Clock<Duration> = ContinuousClock(),
        dataSource: ItemsDataSource = ItemsDataSource()
    ) {
        self.dataSource = dataSource
        wrapper = ContentWrapper.recording(into: log, initialScreen: initialScreen, policy: policy, clock: clock)
        wrapper.delegate = self
        dataSource.delegate = self
    }

    var shown: ContentState { wrapper.displayedState }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func dataSourceWillBeginLoading(_ dataSource: DataSource) {
        onWillBegin?()
    }

    func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {
        finishedLoads.append(error.map { "\($0)" } ?? "ok")
    }

    func contentWrapper(_ wrapper: ContentWrapper, willShow screen: Screen) {
        log.append("willShow(\(screen.state))")
        onWillShow?(screen)
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        if let error = error as? TestError { placeholderErrors.append(error) }
        onErrorPlaceholder?()
        return Placeholder(title: "Failed", message: "\(error)")
    }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        if let error = error as? TestError { refreshFailures.append(error) }
        log.append("refreshFailed(\(error))")
    }

    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        announcements.append(announcement)
        onAnnounce?(announcement)
    }

    func announcedItemCount(in wrapper: ContentWrapper) -> Int? {
        countsItems ? dataSource.items.count : nil
    }

    /// The kinds announced so far, as `Announcement.Kind` describes them.
    var announced: [String] { announcements.map { "\($0.kind)" } }
}
