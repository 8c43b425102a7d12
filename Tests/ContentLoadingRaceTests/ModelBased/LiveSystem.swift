import ContentLoading
import ContentLoadingTestSupport

/// The real types under test, wired the way an app wires them: a ``RaceDataSource`` whose
/// delegate supplies a `ContentWrapper` (immediate policy) with four recording renderers.
///
/// It runs ``RaceOperation``s and logs, in one `RenderLog`, the renderer calls and the
/// delegate calls a ``ReferenceModel`` predicts. It holds the coordinator strongly, so after
/// the data source is released a late finish is really put to the framework.
@MainActor
final class LiveSystem: DataSourceDelegate, ContentWrapperDelegate {
    let log = RenderLog()
    let coordinator: LoadingCoordinator
    private(set) var wrapper: ContentWrapper!
    private var dataSource: RaceDataSource?
    private(set) weak var weakDataSource: RaceDataSource?
    private let fault: Fault?
    /// Every load's token by generation (1-based, in the order the loads began); an async
    /// load's arrives once its work has started.
    private var tokens: [Int: Token] = [:]
    /// How many loads this system has begun, callbacks' included: the next one's generation
    /// is one more, since generations are handed out in the order `begin` is called.
    private var begun = 0
    private(set) var asyncLoads: [AsyncLoadHandle] = []
    /// What each callback does the next time it is called.
    private var reentries: [RaceOperation.Site: RaceOperation.Reentry] = [:]

    private enum Token {
        case sync(LoadingState)
        case async(AsyncLoadHandle)
    }

    init(fault: Fault? = nil) {
        self.fault = fault
        let dataSource = RaceDataSource()
        self.dataSource = dataSource
        weakDataSource = dataSource
        coordinator = dataSource.loadingCoordinator
        let content = RecordingRenderer("content", log: log)
        wrapper = ContentWrapper(
            content: content, loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
            policy: .immediate)
        content.onShow = { [weak self] _ in self?.reenter(from: .contentShown) }
        wrapper.delegate = self
        dataSource.delegate = self
    }

    /// The model the data source holds; `nil` once released.
    var items: [String]? { weakDataSource?.items }

    /// The tokens known so far, with their generation.
    var knownTokens: [(generation: Int, token: LoadingState)] {
        tokens.keys.sorted().compactMap { generation in
            switch tokens[generation]! {
            case .sync(let state): (generation, state)
            case .async(let handle): handle.token.map { (generation, $0) }
            }
        }
    }

    /// Runs `operation` against the real types; the answer mirrors ``ReferenceModel/apply(_:)``.
    func apply(_ operation: RaceOperation) async -> Bool? {
        switch operation {
        case .begin(let keeping):
            guard dataSource != nil else { return nil }
            begin(keepingContent: keeping)
            return nil
        case .finish(let reference, let outcome):
            guard let index = reference.resolve(count: begun) else { return nil }
            let token: LoadingState
            switch tokens[index + 1]! {
            case .sync(let state): token = state
            case .async(let handle): token = await handle.awaitToken()
            }
            return finish(token, outcome)
        case .cancel:
            guard dataSource != nil else { return nil }
            return coordinator.cancel()
        case .beginAsync(let keeping, let observes):
            guard dataSource != nil else { return nil }
            let handle = AsyncLoadHandle(gate: AsyncGate<[String]>(observesCancellation: observes))
            begun += 1
            tokens[begun] = .async(handle)
            asyncLoads.append(handle)
            // Weak captures, so an in-flight load never keeps the data source alive.
            handle.task = coordinator.load(keepingContent: keeping) { [weak handle, gate = handle.gate] state in
                handle?.receive(state)
                return try await gate.wait()
            } commit: { [weak dataSource = weakDataSource] loaded in
                dataSource?.items = loaded
            }
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
        case .reenter(let site, let reentry):
            guard dataSource != nil else { return nil }
            reentries[site] = reentry
            return nil
        case .releaseDataSource:
            guard dataSource != nil else { return nil }
            dataSource = nil
            return nil
        }
    }

    /// Lets every async load's work end and awaits its task, so that no task outlives the run,
    /// even one that stopped at a mismatch (it would otherwise wait on its gate forever).
    func endAllWork() async {
        for handle in asyncLoads {
            handle.gate.open(throwing: CancellationError())
            _ = await handle.task?.value
        }
    }

    @discardableResult
    private func begin(keepingContent: Bool) -> LoadingState {
        begun += 1
        let generation = begun
        let token = coordinator.loadContent(keepingContent: keepingContent) { _ in }
        tokens[generation] = .sync(token)
        return token
    }

    private func finish(_ token: LoadingState, _ outcome: RaceOperation.Outcome) -> Bool {
        switch outcome {
        case .items(let loaded):
            if fault == .modelWrittenBeforeFinish {
                weakDataSource?.items = loaded
                return coordinator.finish(token)
            }
            return coordinator.finish(token) { [weak dataSource = weakDataSource] in dataSource?.items = loaded }
        case .failure(let id):
            return coordinator.finish(token, error: RaceError(id))
        }
    }

    /// Does what `site` was asked to do the next time it is called, once.
    private func reenter(from site: RaceOperation.Site) {
        guard let reentry = reentries.removeValue(forKey: site) else { return }
        switch reentry {
        case .begin(let keeping):
            begin(keepingContent: keeping)
            log.append("reentry: begin")
        case .beginAndFinish(let keeping, let outcome):
            let accepted = finish(begin(keepingContent: keeping), outcome)
            log.append("reentry: begin, finish \(accepted)")
        case .cancel:
            let cancelled = coordinator.cancel()
            log.append("reentry: cancel \(cancelled)")
        }
    }

    // MARK: - DataSourceDelegate

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func dataSourceWillBeginLoading(_ dataSource: DataSource) {
        log.append("willBegin")
        reenter(from: .willBegin)
    }

    func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {
        log.append("finished(\(error.map { "\($0)" } ?? "ok"))")
        reenter(from: .didFinish)
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
