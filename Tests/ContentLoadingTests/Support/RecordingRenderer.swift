import ContentLoading

/// A renderer that writes what it is asked to draw into a ``RenderLog``.
@MainActor
final class RecordingRenderer: ContentRenderer {
    let name: String
    let log: RenderLog
    private(set) var isVisible = false
    /// Runs inside `show`, to test re-entrancy.
    var onShow: ((Screen) -> Void)?

    init(_ name: String, log: RenderLog) {
        self.name = name
        self.log = log
    }

    func show(_ screen: Screen) {
        isVisible = true
        log.append("\(name).show(\(screen.state))")
        onShow?(screen)
    }

    func hide() {
        isVisible = false
        log.append("\(name).hide")
    }
}
