/// What a ``ContentWrapper`` shows: one screen at a time, drawn by one renderer.
///
/// | screen                 | renderer  |
/// |------------------------|-----------|
/// | ``blank``              | none      |
/// | ``initial(_:)``        | empty     |
/// | ``loading``            | loading   |
/// | ``content(isRefreshing:)`` | content |
/// | ``empty(_:)``          | empty     |
/// | ``error(_:_:)``        | error     |
///
/// ``blank`` is the one screen no renderer draws: while it is up, every renderer is hidden. A
/// view that switches over the screen (a SwiftUI `body`, say) draws nothing for it.
///
/// Screens are `Equatable` (`#expect(wrapper.screen == .blank)`). Placeholders compare as
/// ``Placeholder`` says (texts, image and action title, not the action's handler); two error
/// screens are equal when their errors are of the same type (and, if that type is `Equatable`,
/// equal by its `==`) and their placeholders are equal. To ask only which kind of screen is up,
/// compare its ``state``.
public enum Screen: Sendable, Equatable, CustomStringConvertible {
    /// Nothing is drawn: the first frame of a wrapper whose ``InitialScreen`` is
    /// ``InitialScreen/blank``, until the first load's loading screen or result, and again if
    /// that load is cancelled. Its state is ``ContentState/initial``.
    case blank
    /// Nothing has been requested yet; the on-boarding placeholder.
    case initial(Placeholder)
    /// A first load is under way.
    case loading
    /// The content; `isRefreshing` asks the content renderer to show a refresh indicator.
    case content(isRefreshing: Bool)
    /// The last load produced nothing.
    case empty(Placeholder)
    /// The last load failed with this error.
    case error(any Error, Placeholder)

    /// The content state this screen draws.
    public var state: ContentState {
        switch self {
        case .blank, .initial: .initial
        case .loading: .loading
        case .content(let isRefreshing): isRefreshing ? .refreshing : .content
        case .empty: .empty
        case .error: .error
        }
    }

    /// The placeholder shown, for the initial, empty and error screens.
    public var placeholder: Placeholder? {
        switch self {
        case .initial(let placeholder), .empty(let placeholder), .error(_, let placeholder): placeholder
        case .blank, .loading, .content: nil
        }
    }

    /// Whether two screens are the same case with equal payloads: placeholders as ``Placeholder``
    /// compares them, errors by dynamic type and, if that type is `Equatable`, by its `==`.
    public static func == (lhs: Screen, rhs: Screen) -> Bool {
        switch (lhs, rhs) {
        case (.blank, .blank), (.loading, .loading): true
        case (.initial(let lhs), .initial(let rhs)), (.empty(let lhs), .empty(let rhs)): lhs == rhs
        case (.content(let lhs), .content(let rhs)): lhs == rhs
        case (.error(let lhsError, let lhsPlaceholder), .error(let rhsError, let rhsPlaceholder)):
            errorsAreEqual(lhsError, rhsError) && lhsPlaceholder == rhsPlaceholder
        case (.blank, _), (.initial, _), (.loading, _), (.content, _), (.empty, _), (.error, _): false
        }
    }

    /// The screen's state and placeholder on one line, for logs; `blank` for ``blank``.
    public var description: String {
        if case .blank = self { return "blank" }
        if let placeholder { return "\(state): \(placeholder)" }
        return state.description
    }
}

extension Screen {
    /// This screen as a wrapper draws it: its placeholder's action (if any) tied to a new
    /// drawing, which ends when the wrapper draws another screen in its place.
    func drawn() -> Screen {
        switch self {
        case .initial(let placeholder): .initial(placeholder.drawn())
        case .empty(let placeholder): .empty(placeholder.drawn())
        case .error(let error, let placeholder): .error(error, placeholder.drawn())
        case .blank, .loading, .content: self
        }
    }

    /// Ends the drawing this screen's placeholder action is tied to, if any: the wrapper that
    /// drew it has drawn another screen in its place, or is gone.
    func endDrawing() {
        placeholder?.action?.drawing?.end()
    }
}
