/// Hears about a ``ContentWrapper``'s switches, customises its placeholders and hears what to
/// announce to assistive technologies. Every member is optional.
///
/// Capture `self` weakly in a placeholder's action: the wrapper keeps the screen, and so the
/// action, for as long as the placeholder shows. The action the wrapper draws acts only while
/// that screen is the one drawn (see ``Placeholder/Action``).
///
/// ```swift
/// extension ColorsViewController: ContentWrapperDelegate {
///     func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error,
///                         proposed: Placeholder) -> Placeholder {
///         Placeholder(title: "Couldn't load colours", message: "\(error)",
///                     action: .init(title: "Retry") { [weak self] in self?.dataSource.loadContent() })
///     }
/// }
/// ```
@MainActor
public protocol ContentWrapperDelegate: AnyObject {
    /// Called before `screen` is drawn. Optional.
    func contentWrapper(_ wrapper: ContentWrapper, willShow screen: Screen)

    /// Called after `screen` is drawn. Optional.
    func contentWrapper(_ wrapper: ContentWrapper, didShow screen: Screen)

    /// The placeholder for an empty load; `proposed` is the wrapper's. Optional.
    func contentWrapper(_ wrapper: ContentWrapper, placeholderForEmpty proposed: Placeholder) -> Placeholder

    /// The placeholder for `error`, asked every time an error is shown, even when another
    /// error was already showing. Optional.
    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder

    /// The placeholder of the footer for a page that failed with `error`; `proposed` is the
    /// data source's, whose action (Retry) requests the page again. Optional.
    ///
    /// Asked every time a failed page's footer is drawn. Keep `proposed.action`, or one that
    /// calls ``PagedDataSource/loadMore()``, to offer the retry.
    func contentWrapper(_ wrapper: ContentWrapper, placeholderForFailedPage error: any Error, proposed: Placeholder)
        -> Placeholder

    /// Called when a failed attempt of the load this wrapper shows will be tried again, before
    /// the wait; ``ContentWrapper/retryAttempt`` holds it until the load ends. Optional.
    ///
    /// The screen stays as it is (loading, refreshing, or the footer loading more): say so on
    /// it if you like, "Retrying (2 of 3)…". See <doc:RetryingLoads>.
    func contentWrapper(_ wrapper: ContentWrapper, willRetry attempt: RetryAttempt)

    /// Called when a refresh failed but its content stays visible. Optional.
    ///
    /// Called once per failed refresh, right after its content is drawn (after the loading
    /// screen's minimum, if one was showing). The wrapper keeps showing the content; show the
    /// error as a notice if you like.
    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error)

    /// Called with a short text to announce for a change the user perceives. Optional.
    ///
    /// Post it to VoiceOver; without an implementation nothing is announced:
    ///
    /// ```swift
    /// func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
    ///     UIAccessibility.post(notification: .announcement, argument: announcement.text)
    /// }
    /// ```
    ///
    /// Called once per perceived change, after the screen is drawn (after
    /// ``contentWrapper(_:didShow:)``, or ``contentWrapper(_:didFailToRefreshWith:)`` for a
    /// failed refresh): the loading screen only when it was really drawn, never for a load
    /// faster than the loading delay. See <doc:Accessibility>.
    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement)

    /// How many items the content holds, for the announcement that it loaded
    /// (``Announcement/Kind/loaded(count:)``); `nil`, the default, announces no count. Optional.
    ///
    /// Asked just before that announcement, with the content already drawn.
    func announcedItemCount(in wrapper: ContentWrapper) -> Int?
}

extension ContentWrapperDelegate {
    /// Does nothing.
    public func contentWrapper(_ wrapper: ContentWrapper, willShow screen: Screen) {}

    /// Does nothing.
    public func contentWrapper(_ wrapper: ContentWrapper, didShow screen: Screen) {}

    /// Returns `proposed`.
    public func contentWrapper(_ wrapper: ContentWrapper, placeholderForEmpty proposed: Placeholder) -> Placeholder {
        proposed
    }

    /// Returns `proposed`.
    public func contentWrapper(
        _ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder
    ) -> Placeholder {
        proposed
    }

    /// Returns `proposed`.
    public func contentWrapper(
        _ wrapper: ContentWrapper, placeholderForFailedPage error: any Error, proposed: Placeholder
    ) -> Placeholder {
        proposed
    }

    /// Does nothing.
    public func contentWrapper(_ wrapper: ContentWrapper, willRetry attempt: RetryAttempt) {}

    /// Does nothing.
    public func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {}

    /// Does nothing: nothing is announced.
    public func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {}

    /// Returns `nil`: no count.
    public func announcedItemCount(in wrapper: ContentWrapper) -> Int? { nil }
}
