import ContentLoading

/// The content renderer of `demo sections`: draws every section under the composed state, the
/// loaded ones with their colours and the failed one with its error, beside each other.
@MainActor
final class SectionsRenderer: ContentRenderer {
    private let display: any Display
    private let sections: () -> [SectionSummary]

    /// Creates a renderer that draws `sections()` on `display`.
    init(display: any Display, sections: @escaping () -> [SectionSummary]) {
        self.display = display
        self.sections = sections
    }

    func show(_ screen: Screen) {
        guard case .content(let isRefreshing) = screen else { return }
        display.show(.sections(sections(), isRefreshing: isRefreshing))
    }

    func hide() {
        // The next renderer's body replaces the sections; nothing to tear down.
    }
}
