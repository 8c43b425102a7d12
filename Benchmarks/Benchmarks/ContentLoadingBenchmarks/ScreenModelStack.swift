import ContentLoading

/// A ``ScreenStack`` whose wrapper draws into a `ScreenModel` instead of four renderers, as a
/// SwiftUI screen would: a data source, the model, the wrapper and the host that connects them.
@MainActor
final class ScreenModelStack: DataSourceDelegate {
    let dataSource = BenchmarkDataSource()
    let model = ScreenModel()
    let wrapper: ContentWrapper

    var coordinator: LoadingCoordinator { dataSource.loadingCoordinator }

    /// Builds the stack in the initial state.
    init(policy: PresentationPolicy) {
        wrapper = ContentWrapper(drawingInto: model, policy: policy)
        dataSource.delegate = self
    }

    /// Builds the stack and brings it to the content state through one load, then lets what
    /// that load scheduled settle, as ``ScreenStack/withContent(policy:renderers:)`` does.
    static func withContent(policy: PresentationPolicy) async -> ScreenModelStack {
        let stack = ScreenModelStack(policy: policy)
        stack.dataSource.holdsContent = true
        let state = stack.coordinator.loadContent { _ in }
        stack.coordinator.finish(state)
        await settleScheduledWork()
        return stack
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
