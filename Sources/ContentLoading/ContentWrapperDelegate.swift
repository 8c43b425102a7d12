/// Hears about a ``ContentWrapper``'s switches and customises its placeholders.
/// Every member is optional.
///
/// ```swift
/// extension ColorsViewController: ContentWrapperDelegate {
///     func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error,
///                         proposed: Placeholder) -> Placeholder {
///         Placeholder(title: "Couldn't load colours", message: "\(error)",
///                     action: .init(title: "Retry") { self.dataSource.loadContent() })
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

    /// Called when a refresh failed but its content stays visible. Optional.
    ///
    /// The wrapper keeps showing the content; show the error as a notice if you like.
    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error)
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

    /// Does nothing.
    public func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {}
}
