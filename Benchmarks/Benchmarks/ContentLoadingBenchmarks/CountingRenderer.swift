import ContentLoading

/// A renderer that counts what the user would see: every `show` is a screen drawn.
@MainActor
final class CountingRenderer: ContentRenderer {
    private(set) var shows = 0
    private(set) var hides = 0

    func show(_ screen: Screen) { shows += 1 }
    func hide() { hides += 1 }

    /// Starts counting afresh.
    func reset() {
        shows = 0
        hides = 0
    }
}
