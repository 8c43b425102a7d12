/// The renderer of a wrapper that draws into a ``ScreenModel``: it plays all four roles and draws
/// nothing, since the wrapper's ``ScreenObservation`` writes each screen into the model.
@MainActor
final class NoDrawingRenderer: ContentRenderer {
    /// One for every such wrapper: it holds nothing.
    static let shared = NoDrawingRenderer()

    func show(_ screen: Screen) {}
    func hide() {}
}
