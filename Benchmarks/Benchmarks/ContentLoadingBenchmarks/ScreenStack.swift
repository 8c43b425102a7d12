import Benchmark
import ContentLoading

/// One screen's worth of ContentLoading: a data source (which owns its coordinator), a
/// content wrapper over four renderers, and the host that connects them. The renderers are
/// the app's: the caller keeps them.
@MainActor
final class ScreenStack: DataSourceDelegate {
    let dataSource = BenchmarkDataSource()
    let wrapper: ContentWrapper
    /// The wrapper's delegate, if any, kept alive here (the wrapper holds it weakly).
    var announcer: AnnouncingDelegate? {
        didSet { wrapper.delegate = announcer }
    }

    var coordinator: LoadingCoordinator { dataSource.loadingCoordinator }

    /// Builds the stack in the initial state.
    ///
    /// It starts on the on-boarding placeholder, not the default blank frame, so that a first
    /// load's counts (a renderer switch away from the placeholder) compare with the peers' hosts,
    /// which start on a screen too, and with the figures in docs/Benchmarks.md.
    init(policy: PresentationPolicy, renderers: StackRenderers) {
        wrapper = ContentWrapper(
            content: renderers.content, loading: renderers.loading, empty: renderers.empty,
            error: renderers.error, initialScreen: .placeholder(.initial), policy: policy)
        dataSource.delegate = self
    }

    /// Builds the stack and brings it to the content state through one load, then lets
    /// anything that load scheduled settle (under `.standard`, the wrapper's timer starts its
    /// sleep), so a measurement that follows sees the steady state.
    static func withContent(policy: PresentationPolicy, renderers: StackRenderers) async -> ScreenStack {
        let stack = ScreenStack(policy: policy, renderers: renderers)
        stack.dataSource.holdsContent = true
        let state = stack.coordinator.loadContent { _ in }
        stack.coordinator.finish(state)
        await settleScheduledWork()
        renderers.reset()
        return stack
    }

    /// One load begun, its token checked, and finished, as each `SyncHotPath` row does.
    func loadAtOnce() {
        let state = coordinator.loadContent { _ in }
        blackHole(state.isValid)
        blackHole(coordinator.finish(state))
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}

/// Lets the work already scheduled settle before a measurement: the jobs queued on the main
/// actor (a timer task starting its sleep, say) run, then a short sleep lets the system finish
/// registering that timer on its own threads, whose allocations would otherwise land in the
/// measurement (the malloc count covers every thread).
@MainActor
func settleScheduledWork() async {
    for _ in 0..<8 { await Task.yield() }
    try? await Task.sleep(for: .milliseconds(2))
}
