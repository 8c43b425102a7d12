/// What the content renderer draws below the content: the append lane of a
/// ``PagedDataSource``, as a ``ContentWrapper`` times it.
///
/// ```swift
/// func showFooter(_ footer: Footer) {
///     switch footer {
///     case .hidden: footerView.isHidden = true
///     case .loadingMore: showSpinner()
///     case .failed(_, let placeholder): showNotice(placeholder)   // its action retries the page
///     case .endReached: showEndOfList()
///     }
/// }
/// ```
///
/// The wrapper's ``PresentationPolicy`` applies to ``loadingMore`` as to the loading screen: a
/// page that arrives within the loading delay never shows the indicator, and once shown it
/// stays for the minimum.
///
/// Footers are `Equatable` (`#expect(model.footer == .endReached)`). Two failed footers are
/// equal when their errors are of the same type (and, if that type is `Equatable`, equal by its
/// `==`) and their placeholders are equal: same texts, image and action title, whatever the
/// action's handler does.
public enum Footer: Sendable, Equatable, CustomStringConvertible {
    /// Nothing below the content: no page in flight, and the list may go on.
    case hidden
    /// A page is loading.
    case loadingMore
    /// The last page failed with this error; the placeholder's action (Retry) requests it again,
    /// while this footer is the one drawn.
    case failed(any Error, Placeholder)
    /// The list is complete.
    case endReached

    /// Whether two footers are the same case; two failed footers when their errors are of the
    /// same dynamic type (and, if that type is `Equatable`, equal by its `==`) and their
    /// placeholders are equal (see ``Placeholder``: handlers are not compared).
    public static func == (lhs: Footer, rhs: Footer) -> Bool {
        switch (lhs, rhs) {
        case (.hidden, .hidden), (.loadingMore, .loadingMore), (.endReached, .endReached): true
        case (.failed(let lhsError, let lhsPlaceholder), .failed(let rhsError, let rhsPlaceholder)):
            errorsAreEqual(lhsError, rhsError) && lhsPlaceholder == rhsPlaceholder
        case (.hidden, _), (.loadingMore, _), (.failed, _), (.endReached, _): false
        }
    }

    /// The footer's name, and the placeholder for ``failed(_:_:)``, for logs.
    public var description: String {
        switch self {
        case .hidden: "hidden"
        case .loadingMore: "loadingMore"
        case .failed(_, let placeholder): "failed: \(placeholder)"
        case .endReached: "endReached"
        }
    }

    /// Ends the drawing a failed footer's action (its Retry) is tied to, if any: the wrapper that
    /// drew it has drawn another footer in its place, or is gone.
    func endDrawing() {
        if case .failed(_, let placeholder) = self { placeholder.action?.drawing?.end() }
    }

    /// The footer's kind, without its payload.
    var kind: FooterPresentationStateMachine.Kind {
        switch self {
        case .hidden: .hidden
        case .loadingMore: .loadingMore
        case .failed: .failed
        case .endReached: .endReached
        }
    }
}
