import ContentLoading

/// The content renderer: draws the data source's colours as rows, with the refresh indicator
/// while a reload keeps them on screen.
@MainActor
final class ColorListRenderer: ContentRenderer {
    private let display: any Display
    private let colors: () -> [ColorRow]

    /// Creates a renderer that draws `colors()` on `display`.
    init(display: any Display, colors: @escaping () -> [ColorRow]) {
        self.display = display
        self.colors = colors
    }

    func show(_ screen: Screen) {
        guard case .content(let isRefreshing) = screen else { return }
        display.show(.rows(colors(), isRefreshing: isRefreshing))
    }

    func hide() {
        // The next renderer's body replaces the rows; nothing to tear down.
    }
}
