public import Observation

/// The screen a ``ContentWrapper`` draws, observable: read it in a SwiftUI view, a `switch`
/// over ``screen``.
///
/// ```swift
/// let model = ScreenModel()
/// let wrapper = ContentWrapper(drawingInto: model)   // the model plays all four renderers
///
/// var body: some View {
///     switch model.screen {
///     case .loading: ProgressView()
///     case .content: List(dataSource.colors, id: \.self) { Text($0) }
///     case .initial(let placeholder), .empty(let placeholder), .error(_, let placeholder):
///         PlaceholderView(placeholder)
///     }
/// }
/// ```
///
/// The wrapper draws into the model what it would draw into renderers — the same screens, at
/// the same moments, under the same ``PresentationPolicy`` — and also tells it whether a load is
/// in flight and when a refresh failed. Read it on the main actor.
///
/// The rows are the data source's: mark it `@Observable` so that the view hears when they
/// change. The model changes only when something is drawn, and a page that lands within the
/// loading delay draws nothing (see <doc:SwiftUI>).
///
/// **Notifications.** Every property reads one stored value, and the wrapper writes it once per
/// drawn change: a screen drawn, a load beginning or ending (``isLoading``), a refresh failure
/// noticed or cleared, or several of these at once (a refresh that fails draws the content,
/// ends the load and notices the failure in one write). So an observer of any of the properties
/// hears of each drawn change exactly once, and never sees half of one. Nothing else writes it:
/// a state the wrapper already shows, a load begun while another runs, a response dropped as
/// stale, or a deadline with nothing due notify nobody.
///
/// Give each wrapper its own model: two wrappers drawing into one model overwrite each other.
/// See <doc:ObservingScreens>, "Which to read", for the other places a screen's state is read.
@Observable
@MainActor
public final class ScreenModel {
    /// Everything the model shows: the one stored, observed property.
    private var drawn = ScreenSnapshot.beforeDrawing

    /// Creates a model that shows the initial placeholder (``Placeholder/initial``), not loading,
    /// until a wrapper draws into it.
    public init() {}

    /// The screen drawn now: what a view shows.
    ///
    /// It changes exactly when the wrapper draws (a renderer's ``ContentRenderer/show(_:)`` call,
    /// for a wrapper with renderers): it lags the data source while the policy holds a screen.
    public var screen: Screen { drawn.screen }

    /// The state of the screen drawn now, ``Screen/state``; equal to the wrapper's
    /// ``ContentWrapper/displayedState``.
    public var state: ContentState { drawn.screen.state }

    /// Whether a load is in flight, whether or not its loading screen is drawn.
    ///
    /// `true` from the moment a load begins (while the loading delay keeps the previous screen,
    /// too) until the load finishes or is cancelled (while a result waits out the loading
    /// screen's minimum, the screen still shows ``Screen/loading`` and this is `false`). Use it
    /// to disable a Retry button, say; use ``screen`` to choose what to show.
    public var isLoading: Bool { drawn.isLoading }

    /// The error of a refresh that failed while its content stays on screen, for a notice beside
    /// the content; `nil` otherwise.
    ///
    /// Set when the wrapper reports the failure (when it calls
    /// ``ContentWrapperDelegate/contentWrapper(_:didFailToRefreshWith:)``), together with the
    /// content screen. Cleared when a load begins (the notice is about the last attempt) or
    /// another screen is drawn, so it is non-`nil` only while ``screen`` is the content, not
    /// refreshing, and ``isLoading`` is `false`.
    public var refreshFailure: (any Error)? { drawn.refreshFailure }

    /// The footer drawn below the content: a paged data source's loading-more indicator, failed
    /// page (with Retry) or end of list; at ``AppendState/idle`` otherwise.
    ///
    /// It changes exactly when the wrapper draws the footer (the content renderer's
    /// ``ContentRenderer/showFooter(_:)``), under the same policy as the loading screen.
    public var footer: Footer { drawn.footer }

    /// The retry the load in flight is waiting to make, for a screen that says "Retrying (2 of
    /// 3)…"; `nil` when no load is retrying. As ``ContentWrapper/retryAttempt``.
    public var retryAttempt: RetryAttempt? { drawn.retryAttempt }

    /// Shows `snapshot`: one write, one notification.
    func show(_ snapshot: ScreenSnapshot) {
        drawn = snapshot
    }
}
