import ContentLoading

/// A composed screen: a ``ComposedDataSource`` over `count` sections loaded by hand
/// (``BenchmarkChildDataSource``), one content wrapper over four renderers, and the host that
/// connects them. Every section has content once it is built.
@MainActor
final class ComposedScreenStack: DataSourceDelegate {
    let composed: ComposedDataSource
    let children: [BenchmarkChildDataSource]
    let wrapper: ContentWrapper
    /// The section whose state changes next in ``changeOneChild()``.
    private var next = 0
    /// Whether that section's refresh is in flight.
    private var nextIsLoading = false

    private init(count: Int) {
        children = (0..<count).map { _ in BenchmarkChildDataSource() }
        composed = ComposedDataSource(children: children)
        wrapper = ContentWrapper(
            content: NoOpRenderer(), loading: NoOpRenderer(), empty: NoOpRenderer(), error: NoOpRenderer(),
            initialScreen: .placeholder(.initial), policy: .immediate)
        composed.delegate = self
    }

    /// The screen with `count` sections, every one loaded, after what the loads scheduled settled.
    static func withChildren(_ count: Int) async -> ComposedScreenStack {
        let stack = ComposedScreenStack(count: count)
        stack.reloadAll()
        precondition(stack.composed.contentState == .content)
        await settleScheduledWork()
        return stack
    }

    /// One section's state changes: the next one begins a refresh (content to refreshing), or
    /// finishes it (back to content) and the one after it is next. The screen's state moves
    /// with it, from content to refreshing and back, and is drawn each time.
    func changeOneChild() {
        let child = children[next]
        if nextIsLoading {
            child.finishLoad()
            next = next + 1 == children.count ? 0 : next + 1
        } else {
            child.loadContent()
        }
        nextIsLoading.toggle()
    }

    /// The whole screen reloads: every section begins a load, then each one finishes in turn.
    func reloadAll() {
        composed.loadContent()
        for child in children {
            child.finishLoad()
        }
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
