/// One screen's wiring, ready made: a data source, the ``ContentWrapper`` that draws it, the
/// ``ScreenModel`` a view reads, placeholders whose Retry reloads, and announcements handed to
/// a closure.
///
/// ```swift
/// @State private var screen = ContentScreen(
///     dataSource: ColorsDataSource(fetch: api.colors),
///     announce: { AccessibilityNotification.Announcement($0.text).post() })
///
/// var body: some View {
///     ColorsScreenView(screen.model.screen)   // yours: a switch over the screen drawn now
///         .task { await screen.appear() }
///         .refreshable { await screen.refresh() }
/// }
/// ```
///
/// A UIKit screen gives it four renderers instead, with `content:loading:empty:error:`; the
/// ``model`` follows them too.
///
/// The screen is the data source's ``DataSourceDelegate`` and the wrapper's
/// ``ContentWrapperDelegate``; leave both delegates to it. It holds the data source, the
/// wrapper and the model; they hold it weakly, so it goes when its owner lets it go. What it
/// decides, as a delegate:
///
/// - the empty screen shows ``Placeholder/empty``, or what ``emptyPlaceholder`` makes of it;
/// - the error screen shows ``Placeholder/error(_:)`` with a Retry action that calls the data
///   source's ``DataSource/loadContent()``, or what ``errorPlaceholder`` makes of it;
/// - each ``Announcement`` goes to ``announce``, with the count from ``itemCount``.
///
/// Retry begins nothing while a load is in flight (a second tap during the loading delay, say):
/// the load in flight is the retry. A screen that needs other delegate calls (`didShow`, a failed
/// page's placeholder, `willRetry`, `didFinishLoadingWith`) wires the pieces itself; see
/// <doc:GettingStarted>.
@MainActor
public final class ContentScreen<Source: DataSource>: DataSourceDelegate, ContentWrapperDelegate {
    /// The data source whose content the screen shows.
    public let dataSource: Source
    /// The wrapper that draws the data source's states, timed by its ``PresentationPolicy``.
    public let wrapper: ContentWrapper
    /// What the wrapper draws, as an `@Observable` model: what a view reads.
    public let model: ScreenModel

    /// Makes the empty screen's placeholder from the one proposed (``Placeholder/empty``).
    public var emptyPlaceholder: @MainActor (_ proposed: Placeholder) -> Placeholder
    /// Makes the error screen's placeholder for an error from the one proposed: the wrapper's
    /// ``Placeholder/error(_:)`` with a Retry action that reloads. Keep `proposed.action` to
    /// offer the retry.
    public var errorPlaceholder: @MainActor (_ error: any Error, _ proposed: Placeholder) -> Placeholder
    /// Receives each announcement for assistive technologies; `nil` announces nothing.
    public var announce: (@MainActor (Announcement) -> Void)?
    /// Counts the data source's items, for the announcement that content loaded; `nil`
    /// announces no count.
    public var itemCount: (@MainActor (Source) -> Int?)?

    /// Creates a screen that draws into a new ``model``, for a view that reads it.
    ///
    /// - Parameters:
    ///   - dataSource: The data source to show; the screen becomes its delegate.
    ///   - initialScreen: What shows before anything has loaded (see ``InitialScreen``).
    ///   - policy: When the loading screen appears and how long it stays.
    ///   - clock: Measures the policy's durations; tests pass a manual clock.
    ///   - emptyPlaceholder: Makes the empty screen's placeholder; by default, the one proposed.
    ///   - errorPlaceholder: Makes the error screen's placeholder; by default, the one proposed,
    ///     with Retry.
    ///   - announce: Receives each announcement; by default, none is made.
    ///   - itemCount: Counts the items for a `loaded` announcement; by default, no count.
    public convenience init(
        dataSource: Source,
        initialScreen: InitialScreen = .blank,
        policy: PresentationPolicy = .standard,
        clock: some Clock<Duration> = ContinuousClock(),
        emptyPlaceholder: @escaping @MainActor (_ proposed: Placeholder) -> Placeholder = { $0 },
        errorPlaceholder: @escaping @MainActor (_ error: any Error, _ proposed: Placeholder) -> Placeholder = { $1 },
        announce: (@MainActor (Announcement) -> Void)? = nil,
        itemCount: (@MainActor (Source) -> Int?)? = nil
    ) {
        let model = ScreenModel()
        self.init(
            dataSource: dataSource, model: model,
            wrapper: ContentWrapper(drawingInto: model, initialScreen: initialScreen, policy: policy, clock: clock),
            emptyPlaceholder: emptyPlaceholder, errorPlaceholder: errorPlaceholder, announce: announce,
            itemCount: itemCount)
    }

    /// Creates a screen that draws through four renderers, as a UIKit screen does; ``model``
    /// follows what they draw, for one write of the model per drawn change.
    ///
    /// - Parameters:
    ///   - dataSource: The data source to show; the screen becomes its delegate.
    ///   - content: Draws the content, and the refresh indicator while refreshing.
    ///   - loading: Draws the loading screen.
    ///   - empty: Draws the initial and empty placeholders.
    ///   - error: Draws the error placeholder.
    ///   - initialScreen: What shows before anything has loaded (see ``InitialScreen``).
    ///   - policy: When the loading screen appears and how long it stays.
    ///   - clock: Measures the policy's durations; tests pass a manual clock.
    ///   - emptyPlaceholder: Makes the empty screen's placeholder; by default, the one proposed.
    ///   - errorPlaceholder: Makes the error screen's placeholder; by default, the one proposed,
    ///     with Retry.
    ///   - announce: Receives each announcement; by default, none is made.
    ///   - itemCount: Counts the items for a `loaded` announcement; by default, no count.
    public convenience init(
        dataSource: Source,
        content: any ContentRenderer,
        loading: any ContentRenderer,
        empty: any ContentRenderer,
        error: any ContentRenderer,
        initialScreen: InitialScreen = .blank,
        policy: PresentationPolicy = .standard,
        clock: some Clock<Duration> = ContinuousClock(),
        emptyPlaceholder: @escaping @MainActor (_ proposed: Placeholder) -> Placeholder = { $0 },
        errorPlaceholder: @escaping @MainActor (_ error: any Error, _ proposed: Placeholder) -> Placeholder = { $1 },
        announce: (@MainActor (Announcement) -> Void)? = nil,
        itemCount: (@MainActor (Source) -> Int?)? = nil
    ) {
        let wrapper = ContentWrapper(
            content: content, loading: loading, empty: empty, error: error, initialScreen: initialScreen,
            policy: policy, clock: clock)
        let model = ScreenModel()
        // The model follows the renderers, as it follows a wrapper made to draw into it.
        wrapper.screenObservation.attach(model, to: wrapper)
        self.init(
            dataSource: dataSource, model: model, wrapper: wrapper, emptyPlaceholder: emptyPlaceholder,
            errorPlaceholder: errorPlaceholder, announce: announce, itemCount: itemCount)
    }

    /// Holds the pieces and becomes both delegates.
    private init(
        dataSource: Source,
        model: ScreenModel,
        wrapper: ContentWrapper,
        emptyPlaceholder: @escaping @MainActor (_ proposed: Placeholder) -> Placeholder,
        errorPlaceholder: @escaping @MainActor (_ error: any Error, _ proposed: Placeholder) -> Placeholder,
        announce: (@MainActor (Announcement) -> Void)?,
        itemCount: (@MainActor (Source) -> Int?)?
    ) {
        self.dataSource = dataSource
        self.model = model
        self.wrapper = wrapper
        self.emptyPlaceholder = emptyPlaceholder
        self.errorPlaceholder = errorPlaceholder
        self.announce = announce
        self.itemCount = itemCount
        wrapper.delegate = self
        dataSource.delegate = self
    }

    // MARK: - Loading

    /// Loads as the screen appears, and returns how the load ended; cancelling the caller (the
    /// view going away) cancels the load. What a view's `.task` calls.
    @discardableResult
    public func appear() async -> LoadOutcome {
        await dataSource.reload(ownedBy: .caller)
    }

    /// Reloads at the user's request, and returns how the load ended, or that it still runs if
    /// the caller is cancelled first: the load is the data source's and lands. What a view's
    /// `.refreshable` calls.
    @discardableResult
    public func refresh() async -> LoadOutcome {
        await dataSource.reload(ownedBy: .dataSource)
    }

    /// Performs the action of the placeholder drawn now (an error screen's Retry, say), as a tap
    /// on its button does.
    ///
    /// - Returns: `true` if the action ran; `false`, with nothing run, while a load is in flight,
    ///   when the screen drawn has no placeholder or its placeholder no action, or when the
    ///   action no longer acts (see ``Placeholder/Action/perform()``).
    @discardableResult
    public func retry() -> Bool {
        guard !isLoadInFlight, let action = wrapper.screen.placeholder?.action else { return false }
        return action.perform()
    }

    /// Whether the data source has a load in flight (its state is loading or refreshing).
    private var isLoadInFlight: Bool {
        switch dataSource.contentState {
        case .loading, .refreshing: true
        case .initial, .content, .empty, .error: false
        }
    }

    /// The error screen's Retry: a new load, unless one is already in flight.
    private var retryAction: Placeholder.Action {
        Placeholder.Action(title: "Retry") { [weak self] in
            guard let self, !self.isLoadInFlight else { return }
            self.dataSource.loadContent()
        }
    }

    // MARK: - DataSourceDelegate

    /// The screen's ``wrapper``, for the data source.
    public func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    // MARK: - ContentWrapperDelegate

    /// The empty screen's placeholder: ``emptyPlaceholder`` applied to `proposed`.
    public func contentWrapper(_ wrapper: ContentWrapper, placeholderForEmpty proposed: Placeholder) -> Placeholder {
        emptyPlaceholder(proposed)
    }

    /// The error screen's placeholder: ``errorPlaceholder`` applied to `proposed` with a Retry
    /// action that reloads.
    public func contentWrapper(
        _ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder
    ) -> Placeholder {
        var retrying = proposed
        retrying.action = retryAction
        return errorPlaceholder(error, retrying)
    }

    /// Hands `announcement` to ``announce``.
    public func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        announce?(announcement)
    }

    /// The count ``itemCount`` gives for the data source.
    public func announcedItemCount(in wrapper: ContentWrapper) -> Int? {
        itemCount?(dataSource)
    }
}
