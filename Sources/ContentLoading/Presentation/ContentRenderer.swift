/// Draws one of a ``ContentWrapper``'s screens: the app supplies four (content, loading,
/// empty, error), or fewer objects that play several parts.
///
/// ```swift
/// final class LoadingRenderer: ContentRenderer {
///     func show(_ screen: Screen) { spinner.startAnimating(); spinner.isHidden = false }
///     func hide() { spinner.stopAnimating(); spinner.isHidden = true }
/// }
/// ```
///
/// The wrapper calls these on the main actor, in order, once per real change: ``show(_:)``
/// when this renderer becomes the visible one or its screen changes (say, a second error),
/// ``hide()`` when another renderer takes over. A renderer that plays several parts is not
/// hidden between them.
///
/// The wrapper holds its renderers strongly for its whole life: a renderer that reaches back
/// to the wrapper or the data source must hold them weakly, or the screen never goes away.
///
/// Start your renderers hidden: the wrapper shows the first one when it draws its first
/// screen, and by default (``InitialScreen/blank``) that is the first load's loading screen or
/// result. No renderer is ever asked to show ``Screen/blank``; while it is up, all are hidden.
@MainActor
public protocol ContentRenderer: AnyObject {
    /// Makes this renderer visible, drawing `screen`.
    func show(_ screen: Screen)
    /// Takes this renderer off screen.
    func hide()

    /// Draws `footer` below the content: switch over its ``Footer/state`` for a paged data
    /// source's loading-more indicator, failed page (its ``Footer/placeholder``, with Retry) or
    /// end of list. Optional; asked of the content renderer only.
    ///
    /// Called once per change of the footer, whether or not the content is visible, so the
    /// footer is right when it is. See ``Footer``.
    func showFooter(_ footer: Footer)
}

extension ContentRenderer {
    /// Does nothing: the content has no footer.
    public func showFooter(_ footer: Footer) {}
}
