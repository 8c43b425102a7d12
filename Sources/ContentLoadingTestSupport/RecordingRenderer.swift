public import ContentLoading

/// A renderer that writes what it is asked to draw into a ``RenderLog``, as
/// `"name.show(state)"`, `"name.hide"` and, for a paged data source's footer,
/// `"name.footer(hidden|loadingMore|failed|endReached)"`.
///
/// ```swift
/// let log = RenderLog()
/// let content = RecordingRenderer("content", log: log)
/// ```
@MainActor
public final class RecordingRenderer: ContentRenderer {
    /// The name its log entries start with.
    public let name: String
    /// Where it writes.
    public let log: RenderLog
    /// Whether it was last shown rather than hidden.
    public private(set) var isVisible = false
    /// The screen it last showed.
    public private(set) var lastScreen: Screen?
    /// Runs at the end of each ``show(_:)``, so a test can re-enter the framework from a renderer.
    ///
    /// The wrapper holds its renderers strongly, so a closure here that holds the wrapper, or
    /// whatever owns it, strongly is a cycle: capture it `weak` or `unowned`.
    public var onShow: ((Screen) -> Void)?
    /// Runs at the end of each ``hide()``, so a test can re-enter the framework from a renderer.
    public var onHide: (() -> Void)?
    /// The footer it last showed; one of ``AppendState/idle`` until one is shown.
    public private(set) var lastFooter = Footer(.idle)
    /// Runs at the end of each ``showFooter(_:)``, so a test can re-enter the framework.
    public var onShowFooter: ((Footer) -> Void)?

    /// Creates a renderer that logs under `name`.
    public init(_ name: String, log: RenderLog) {
        self.name = name
        self.log = log
    }

    /// Logs `"name.show(state)"`, then runs ``onShow``.
    public func show(_ screen: Screen) {
        isVisible = true
        lastScreen = screen
        log.append("\(name).show(\(screen.state))")
        onShow?(screen)
    }

    /// Logs `"name.hide"`, then runs ``onHide``.
    public func hide() {
        isVisible = false
        log.append("\(name).hide")
        onHide?()
    }

    /// Logs `"name.footer(kind)"`, then runs ``onShowFooter``.
    public func showFooter(_ footer: Footer) {
        lastFooter = footer
        let kind: String
        switch footer.state {
        case .idle: kind = "hidden"
        case .loadingMore: kind = "loadingMore"
        case .failed: kind = "failed"
        case .endReached: kind = "endReached"
        }
        log.append("\(name).footer(\(kind))")
        onShowFooter?(footer)
    }
}
