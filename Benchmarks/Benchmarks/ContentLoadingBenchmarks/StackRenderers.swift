import ContentLoading

/// The four renderers of a screen stack: four distinct objects, as in an app, so that a switch
/// from one screen to another hides one renderer and shows another.
@MainActor
struct StackRenderers {
    let content: any ContentRenderer
    let loading: any ContentRenderer
    let empty: any ContentRenderer
    let error: any ContentRenderer

    /// Four renderers that draw nothing: the hot path measures the framework, not a UI.
    static var noOp: StackRenderers {
        StackRenderers(content: NoOpRenderer(), loading: NoOpRenderer(), empty: NoOpRenderer(), error: NoOpRenderer())
    }

    /// Four renderers that draw nothing and count what a user would have seen.
    static var counting: StackRenderers {
        StackRenderers(
            content: CountingRenderer(), loading: CountingRenderer(), empty: CountingRenderer(),
            error: CountingRenderer())
    }

    private var counting: [CountingRenderer] {
        [content, loading, empty, error].compactMap { $0 as? CountingRenderer }
    }

    /// Screens drawn: every `show`, including a redraw by the renderer already visible
    /// (refreshing to content).
    var screensDrawn: Int { counting.reduce(0) { $0 + $1.shows } }

    /// Switches from one renderer to another: every `hide`, since the renderers are distinct.
    var rendererSwitches: Int { counting.reduce(0) { $0 + $1.hides } }

    /// Starts counting afresh.
    func reset() {
        for renderer in counting { renderer.reset() }
    }
}

/// A renderer that draws nothing.
@MainActor
final class NoOpRenderer: ContentRenderer {
    func show(_ screen: Screen) {}
    func hide() {}
}

/// A renderer that draws nothing and counts its calls.
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
