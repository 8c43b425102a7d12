import ContentLoading

/// A content renderer that draws nothing and counts the footers it is asked to draw.
@MainActor
final class FooterCountingRenderer: ContentRenderer {
    var footersDrawn = 0

    func show(_ screen: Screen) {}
    func hide() {}
    func showFooter(_ footer: Footer) { footersDrawn += 1 }
}
