import ContentLoading

/// The loading renderer: a spinner (animated on a terminal, one line in plain output).
@MainActor
final class LoadingRenderer: ContentRenderer {
    private let display: any Display

    /// Creates a renderer that draws on `display`.
    init(display: any Display) {
        self.display = display
    }

    func show(_ screen: Screen) {
        display.show(.loading)
    }

    func hide() {
        // The display stops the spinner when the next body has no activity.
    }
}
