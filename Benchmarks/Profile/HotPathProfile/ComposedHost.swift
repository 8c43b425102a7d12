import ContentLoading

/// A composed screen: a ``ComposedDataSource`` over sections loaded by hand and a wrapper over
/// four renderers that draw nothing, as Composition.ContentLoading.* builds it.
@MainActor
final class ComposedHost: DataSourceDelegate {
    let composed: ComposedDataSource
    let children: [HandLoadedDataSource]
    let wrapper: ContentWrapper
    private var next = 0
    private var nextIsLoading = false

    /// A screen of `count` sections, every one loaded.
    init(children count: Int) {
        children = (0..<count).map { _ in HandLoadedDataSource() }
        composed = ComposedDataSource(children: children)
        wrapper = ContentWrapper(
            content: NoOpRenderer(), loading: NoOpRenderer(), empty: NoOpRenderer(), error: NoOpRenderer(),
            policy: .immediate)
        composed.delegate = self
        reloadAll()
    }

    /// The next section begins a refresh, or finishes it and the one after it is next.
    func changeOneChild() {
        if nextIsLoading {
            children[next].finishLoad()
            next = next + 1 == children.count ? 0 : next + 1
        } else {
            children[next].loadContent()
        }
        nextIsLoading.toggle()
    }

    /// Every section begins a load, then each one finishes in turn.
    func reloadAll() {
        composed.loadContent()
        for child in children { child.finishLoad() }
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}

/// A section whose load stays in flight until ``finishLoad()``.
@MainActor
final class HandLoadedDataSource: DataSource {
    private var pending: LoadingState?

    override var hasContent: Bool { true }

    override func loadContent() {
        pending = loadingCoordinator.loadContent { _ in }
    }

    /// Finishes the load in flight, if any.
    func finishLoad() {
        guard let state = pending else { return }
        pending = nil
        loadingCoordinator.finish(state)
    }
}
