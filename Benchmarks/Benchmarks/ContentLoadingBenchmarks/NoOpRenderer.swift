import ContentLoading

/// A renderer that draws nothing, so the benchmarks measure the framework and not a UI.
@MainActor
final class NoOpRenderer: ContentRenderer {
    func show(_ screen: Screen) {}
    func hide() {}
}
