import ContentLoading
import ContentLoadingTestSupport

/// The real types under test, wired the way an app wires them: a ``RaceDataSource`` whose
/// delegate supplies a `ContentWrapper` (immediate policy) with four recording renderers.
///
/// It runs ``RaceOperation``s and logs, in one `RenderLog`, the renderer calls and the
/// delegate calls a ``ReferenceModel`` predicts.
@MainActor
final class LiveSystem: DataSourceDelegate, ContentWrapperDelegate {
    let log = RenderLog()
    private(set) var wrapper: ContentWrapper!
    private var dataSource: RaceDataSource?
    private(set) weak var weakDataSource: RaceDataSource?
    private(set) weak var weakCoordinator: LoadingCoordinator?
    /// Every load's token, sync and async, in the order they began; `nil` until an async
    /// load's work has started.
    private var tokens: [Token] = []
    private(set) var asyncLoads: [AsyncLoadHandle] = []

    private enum Token {
        case sync(LoadingState)
        case async(AsyncLoadHandle)
    }

    init() {
        let dataSource = RaceDataSource()
        self.dataSource = dataSource
        weakDataSource = dataSource
        weakCoordinator = dataSource.loadingCoordinator
        wrapper = ContentWrapper.recording(into: log)
        wrapper.delegate = self
        dataSource.delegate = self
    }

    /// The model the data source holds; `nil` once released.
    var items: [String]? { weakDataSource?.items }

    /// The coordinator's state; `nil` once released.
    var coordinatorState: ContentState? { weakCoordinator?.state }

    /// The tokens known so far, with their generation (1-based position).
    var knownTokens: [(generation: Int, token: LoadingState)] {
        tokens.enumerated().compactMap { index, token in
            switch token {
            case .sync(let state): (index + 1, state)
            case .async(let handle): handle.token.map { (index + 1, $0) }
            }
        }
    }

    /// Runs `operation` against the real types; the answer mirrors ``ReferenceModel/apply(_:)``.
    func apply(_ operation: RaceOperation) async -> Bool? {
        switch operation {
        case .begin(let keeping):
            guard let coordinator = weakCoordinator else { return nil }
            tokens.append(.sync(coordinator.loadContent(keepingContent: keeping) { _ in }))
            return nil
        case .finish(let reference, let outcome):
            guard let index = reference.resolve(count: tokens.count) else { return nil }
            let token: LoadingState
            switch tokens[index] {
            case .sync(let state): token = state
            case .async(let handle): token = await handle.awaitToken()
            }
            guard let coordinator = weakCoordinator else { return false }
            switch outcome {
            case .items(let loaded):
                return coordinator.finish(token) { [weak dataSource = weakDataSource] in dataSource?.items = loaded }
            case .failure(let id):
                return coordinator.finish(token, error: RaceError(id))
            }
        case .cancel:
            return weakCoordinator?.cancel()
        case .beginAsync(let keeping, let observes):
            guard let coordinator = weakCoordinator else { return nil }
            let handle = AsyncLoadHandle(gate: AsyncGate<[String]>(observesCancellation: observes))
            // Weak captures, so an in-flight load never keeps the data source alive.
            handle.task = coordinator.load(keepingContent: keeping) { [weak handle, gate = handle.gate] state in
                handle?.receive(state)
                return try await gate.wait()
            } commit: { [weak dataSource = weakDataSource] loaded in
                dataSource?.items = loaded
            }
            tokens.append(.async(handle))
            asyncLoads.append(handle)
            return nil
        case .resume(let reference, let outcome):
            guard let index = reference.resolve(count: asyncLoads.count) else { return nil }
            let handle = asyncLoads[index]
            handle.gate.open(with: outcome.result)
            return await handle.task?.value
        case .cancelTask(let reference):
            guard let index = reference.resolve(count: asyncLoads.count) else { return nil }
            let handle = asyncLoads[index]
            handle.task?.cancel()
            guard handle.gate.observesCancellation else { return nil }
            return await handle.task?.value
        case .releaseDataSource:
            dataSource = nil
            return nil
        }
    }

    // MARK: - DataSourceDelegate

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func dataSourceWillBeginLoading(_ dataSource: DataSource) { log.append("willBegin") }

    func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {
        log.append("finished(\(error.map { "\($0)" } ?? "ok"))")
    }

    // MARK: - ContentWrapperDelegate

    func contentWrapper(_ wrapper: ContentWrapper, willShow screen: Screen) {
        log.append("willShow(\(screen.state))")
    }

    func contentWrapper(_ wrapper: ContentWrapper, didShow screen: Screen) {
        if case .error(let error, _) = screen {
            log.append("didShow(error: \(error))")
        } else {
            log.append("didShow(\(screen.state))")
        }
    }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        log.append("refreshFailed(\(error))")
    }
}
