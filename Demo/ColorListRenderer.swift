import ContentLoading

/// The content renderer: draws the data source's colours as rows, with the refresh indicator
/// while a reload keeps them on screen, and the footer below them (a page loading, a failed
/// page with Retry, the end of the list), as a table view with a footer view would.
@MainActor
final class ColorListRenderer: ContentRenderer {
    private let display: any Display
    private let colors: () -> [ColorRow]
    /// Whether the rows on screen show the refresh indicator; `nil` while they are hidden.
    private var shownRefreshing: Bool?
    /// The footer the wrapper drew last, kept while the rows are hidden, to draw when they return.
    private var footer = Footer(.idle)

    /// Hears that the wrapper drew a footer.
    var onFooterDrawn: (() -> Void)?

    /// Creates a renderer that draws `colors()` on `display`.
    init(display: any Display, colors: @escaping () -> [ColorRow]) {
        self.display = display
        self.colors = colors
    }

    func show(_ screen: Screen) {
        guard case .content(let isRefreshing) = screen else { return }
        let appearing = shownRefreshing == nil
        shownRefreshing = isRefreshing
        display.show(.rows(colors(), isRefreshing: isRefreshing))
        if appearing && !footer.isHidden { display.showFooter(footer) }
    }

    func hide() {
        // The next renderer's body replaces the rows and their footer; nothing to tear down.
        shownRefreshing = nil
    }

    func showFooter(_ footer: Footer) {
        // Told whether or not the rows are on screen; drawn only below them.
        self.footer = footer
        if shownRefreshing != nil { display.showFooter(footer) }
        onFooterDrawn?()
    }

    /// A page's rows were appended: draws them if the rows are on screen, as a table view
    /// inserts rows.
    func rowsDidChange() {
        guard let shownRefreshing else { return }
        display.show(.rows(colors(), isRefreshing: shownRefreshing))
    }
}
