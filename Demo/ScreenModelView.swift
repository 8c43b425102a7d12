import ContentLoading
import Observation

/// Draws a ``ScreenModel`` on the display the way an app's view would: it reads the model,
/// and draws again whenever what it read changes.
///
/// The interactive mode's screen. The wrapper draws into the model; this view never talks to
/// the wrapper or the data source's state, only to the model (and to the rows, which the model's
/// content screen stands for, as a SwiftUI `List` reads its data source's array).
@MainActor
final class ScreenModelView {
    private let model: ScreenModel
    private let display: any Display
    /// The body of a content screen (the rows, or the sections), refreshing or not.
    private let content: (_ isRefreshing: Bool) -> DisplayBody
    /// The summary of the footer drawn last, so that an unchanged footer is not drawn again.
    private var drawnFooter = Footer(.idle).summary
    /// The retry drawn last, likewise.
    private var drawnRetry: String?

    /// Starts drawing `model` on `display`; `content` draws a content screen from the data it
    /// reads (observable, so that a change to it draws again).
    init(model: ScreenModel, display: any Display, content: @escaping (_ isRefreshing: Bool) -> DisplayBody) {
        self.model = model
        self.display = display
        self.content = content
        render()
    }

    /// Draws the model as it is, and asks to be told when what it read changes: the screen,
    /// the footer, the retry under way, or the rows (a page appends to them while the screen
    /// stays the same).
    private func render() {
        let (body, footer, retry) = withObservationTracking {
            (Self.body(of: model.screen, content: content), model.footer, model.retryAttempt)
        } onChange: { [weak self] in
            // Called before the change lands: draw it once it has.
            Task { @MainActor in self?.render() }
        }
        if retry?.description != drawnRetry {
            drawnRetry = retry?.description
            display.showRetry(retry)
        }
        if footer.summary != drawnFooter {
            drawnFooter = footer.summary
            display.showFooter(footer)
        }
        if let body { display.show(body) }
    }

    /// What the display shows for `screen`; `nil` for the blank first frame, which draws nothing.
    static func body(of screen: Screen, content: (_ isRefreshing: Bool) -> DisplayBody) -> DisplayBody? {
        switch screen {
        case .blank: nil
        case .loading: .loading
        case .content(let isRefreshing): content(isRefreshing)
        case .initial(let placeholder), .empty(let placeholder), .error(_, let placeholder):
            .placeholder(screen.state, placeholder)
        }
    }
}
