/// What the content renderer draws below the content: a ``PagedDataSource``'s ``AppendState``,
/// as a ``ContentWrapper`` times it, with the placeholder a failed page is drawn with.
///
/// ```swift
/// func showFooter(_ footer: Footer) {
///     switch footer.state {
///     case .idle: footerView.isHidden = true
///     case .loadingMore: showSpinner()
///     case .failed: if let retry = footer.placeholder { showNotice(retry) }   // its action retries the page
///     case .endReached: showEndOfList()
///     }
/// }
/// ```
///
/// The wrapper's ``PresentationPolicy`` applies to ``AppendState/loadingMore`` as to the loading
/// screen: a page that arrives within the loading delay never shows the indicator, and once
/// shown it stays for the minimum.
///
/// Footers are `Equatable` (`#expect(model.footer.state == .endReached)`). Two footers are equal
/// when their states are equal (two failures when their errors are of the same type and, if that
/// type is `Equatable`, equal by its `==`) and their placeholders are equal: same texts, image
/// and action title, whatever the action's handler does.
public struct Footer: Sendable, Equatable, CustomStringConvertible {
    /// The append lane's state this footer draws: ``AppendState/idle`` draws nothing below the
    /// content.
    public let state: AppendState
    /// What a failed page is drawn with, for ``AppendState/failed(_:)``; its action (Retry)
    /// requests the page again, while this footer is the one drawn. `nil` in every other state.
    public let placeholder: Placeholder?

    /// A footer drawing `state`, with `placeholder` for a failed page: for testing a renderer.
    public init(_ state: AppendState, placeholder: Placeholder? = nil) {
        self.state = state
        self.placeholder = placeholder
    }

    /// Nothing below the content: the old name of `Footer(.idle)`.
    @available(*, deprecated, message: "Use Footer(.idle); read footer.state, an AppendState")
    public static var hidden: Footer { Footer(.idle) }
    /// A page is loading: the old name of `Footer(.loadingMore)`.
    @available(*, deprecated, message: "Use Footer(.loadingMore); read footer.state, an AppendState")
    public static var loadingMore: Footer { Footer(.loadingMore) }
    /// The list is complete: the old name of `Footer(.endReached)`.
    @available(*, deprecated, message: "Use Footer(.endReached); read footer.state, an AppendState")
    public static var endReached: Footer { Footer(.endReached) }
    /// The last page failed: the old name of `Footer(.failed(error), placeholder: placeholder)`.
    @available(*, deprecated, message: "Use Footer(.failed(error), placeholder:); read footer.state")
    public static func failed(_ error: any Error, _ placeholder: Placeholder) -> Footer {
        Footer(.failed(error), placeholder: placeholder)
    }

    /// Whether two footers draw the same: equal states, and equal placeholders (see
    /// ``Placeholder``: handlers are not compared).
    public static func == (lhs: Footer, rhs: Footer) -> Bool {
        lhs.state == rhs.state && lhs.placeholder == rhs.placeholder
    }

    /// The state's name, and the placeholder of a failed page, for logs.
    public var description: String {
        switch state {
        case .idle: "idle"
        case .loadingMore: "loadingMore"
        case .failed: "failed: \(placeholder.map(String.init(describing:)) ?? "no placeholder")"
        case .endReached: "endReached"
        }
    }

    /// Ends the drawing a failed footer's action (its Retry) is tied to, if any: the wrapper that
    /// drew it has drawn another footer in its place, or is gone.
    func endDrawing() {
        placeholder?.action?.drawing?.end()
    }

    /// The footer's kind, without its payload.
    var kind: FooterPresentationStateMachine.Kind {
        switch state {
        case .idle: .idle
        case .loadingMore: .loadingMore
        case .failed: .failed
        case .endReached: .endReached
        }
    }
}
