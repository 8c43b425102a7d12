import ContentLoading

/// The empty and error renderer (and the initial screen's): draws the placeholder the
/// wrapper's delegate chose: title, message and action hint.
@MainActor
final class PlaceholderRenderer: ContentRenderer {
    private let display: any Display

    /// Creates a renderer that draws on `display`.
    init(display: any Display) {
        self.display = display
    }

    func show(_ screen: Screen) {
        guard let placeholder = screen.placeholder else { return }
        display.show(.placeholder(screen.state, placeholder))
    }

    func hide() {
        // The next renderer's body replaces the placeholder; nothing to tear down.
    }
}
