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
    private let rows: () -> [ColorRow]
    /// The summary of the footer drawn last, so that an unchanged footer is not drawn again.
    private var drawnFooter = Footer.hidden.summary

    /// Starts drawing `model` on `display`; `rows` are the colours a content screen shows.
    init(model: ScreenModel, display: any Display, rows: @escaping () -> [ColorRow]) {
        self.model = model
        self.display = display
        self.rows = rows
        render()
    }

    /// Draws the model as it is, and asks to be told when what it read changes: the screen,
    /// the footer, or the rows (a page appends to them while the screen stays the same).
    private func render() {
        let (body, footer) = withObservationTracking {
            (Self.body(of: model.screen, rows: rows()), model.footer)
        } onChange: { [weak self] in
            // Called before the change lands: draw it once it has.
            Task { @MainActor in self?.render() }
        }
        if footer.summary != drawnFooter {
            drawnFooter = footer.summary
            display.showFooter(footer)
        }
        if let body { display.show(body) }
    }

    /// What the display shows for `screen`; `nil` for the blank first frame, which draws nothing.
    static func body(of screen: Screen, rows: [ColorRow]) -> DisplayBody? {
        switch screen {
        case .blank: nil
        case .loading: .loading
        case .content(let isRefreshing): .rows(rows, isRefreshing: isRefreshing)
        case .initial(let placeholder), .empty(let placeholder), .error(_, let placeholder):
            .placeholder(screen.state, placeholder)
        }
    }
}
