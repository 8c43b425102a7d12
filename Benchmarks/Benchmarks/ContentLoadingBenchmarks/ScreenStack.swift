import ContentLoading

/// One screen's worth of ContentLoading: a data source (which owns its coordinator), a
/// content wrapper over the given renderers, and the host that connects them.
@MainActor
final class ScreenStack: DataSourceDelegate {
    let dataSource = BenchmarkDataSource()
    let wrapper: ContentWrapper

    var coordinator: LoadingCoordinator { dataSource.loadingCoordinator }

    /// Builds the stack around `renderer`, which plays all four parts.
    init(renderer: any ContentRenderer, policy: PresentationPolicy) {
        wrapper = ContentWrapper(
            content: renderer, loading: renderer, empty: renderer, error: renderer, policy: policy)
        dataSource.delegate = self
    }

    /// Builds the stack and brings it to the content state, ready for refreshes.
    static func withContent(renderer: any ContentRenderer, policy: PresentationPolicy) -> ScreenStack {
        let stack = ScreenStack(renderer: renderer, policy: policy)
        stack.dataSource.holdsContent = true
        let state = stack.coordinator.loadContent { _ in }
        stack.coordinator.finish(state)
        return stack
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
