@_spi(Benchmarks) import ContentLoading
import Foundation  // RunLoop, for the async loads
import Observation

// The synchronous hot path of SyncHotPath.ContentLoading.* without the benchmark harness, for
// an instruction-level profile (docs/Benchmarks.md, "Where the time goes"):
//
//     swift build -c release --product HotPathProfile
//     valgrind --tool=callgrind --toggle-collect='*measuredLoads*' \
//         .build/release/HotPathProfile 10000 immediate refresh
//
// Arguments: loads (default 1,000,000), `immediate` or `standard`, `refresh`, `first` or
// `coordinator` (a bare LoadingCoordinator, no data source or wrapper), and what the wrapper
// draws to: `renderers` (default), `model` (a ScreenModel nobody observes), `observer` (a
// ScreenModel with one observer, re-armed at each notification) or `stream` (renderers, and
// one ScreenStream consumer that holds the newest screen) or `announcing` (renderers, and a
// wrapper delegate that hears every announcement, as SyncHotPath.ContentLoading.Announcing.*).
// It prints the wall-clock time per
// load, which callgrind's slowdown makes meaningless under it.
//
// Paging.ContentLoading.* instead: `append` and the pages on the list (1 or 200) in place of
// `refresh` and the drawing, each append finished at once and its page dropped again, counted
// in `measuredAppends`:
//
//     valgrind --tool=callgrind --toggle-collect='*measuredAppends*' \
//         .build/release/HotPathProfile 10000 immediate append 200
//
// Composition.ContentLoading.* instead: `change` (one section's state change, the sections
// taking turns) or `reload` (every section reloaded and finished, counted per section) and the
// sections on the screen, counted in `measuredChanges` or `measuredReloads`:
//
//     valgrind --tool=callgrind --toggle-collect='*measuredChanges*' \
//         .build/release/HotPathProfile 10000 immediate change 1000
//
// The store's ratios instead: `store` and a side; see StoreProfile.swift.
//
// AsyncPath.ContentLoading.* instead: `load`, the retry policy (`never`, `standard` or
// `retries`) and the failed attempts per load; see AsyncLoadProfile.swift.

@MainActor
final class NoOpRenderer: ContentRenderer {
    func show(_ screen: Screen) {}
    func hide() {}
}

@MainActor
final class FlagDataSource: DataSource {
    var holdsContent = true
    override var hasContent: Bool { holdsContent }
    override func loadContent() { loadingCoordinator.loadContent { _ in } }
}

@MainActor
final class Host: DataSourceDelegate {
    let dataSource = FlagDataSource()
    let wrapper: ContentWrapper

    let model = ScreenModel()

    init(policy: PresentationPolicy, drawingIntoModel: Bool) {
        wrapper =
            drawingIntoModel
            ? ContentWrapper(drawingInto: model, policy: policy)
            : ContentWrapper(
                content: NoOpRenderer(), loading: NoOpRenderer(), empty: NoOpRenderer(), error: NoOpRenderer(),
                policy: policy)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}

/// A wrapper delegate that hears every announcement and counts them, as the benchmarks'
/// `AnnouncingDelegate`.
@MainActor
final class Announcer: ContentWrapperDelegate {
    private(set) var heard = 0

    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        switch announcement.kind {
        case .loading, .loaded: heard += 1
        default: heard += 2
        }
    }

    func announcedItemCount(in wrapper: ContentWrapper) -> Int? { 25 }
}

/// One observer of a ScreenModel, re-armed inside each notification so that it hears of every one.
@MainActor
final class Observer {
    let model: ScreenModel

    init(_ model: ScreenModel) {
        self.model = model
        observe()
    }

    private func observe() {
        withObservationTracking {
            _ = (model.screen, model.isLoading, model.refreshFailure)
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                sink &+= 1
                self?.observe()
            }
        }
    }
}

/// Keeps the optimizer from dropping a result.
nonisolated(unsafe) var sink = 0

@inline(never)
func consume(_ value: Bool) {
    if value { sink &+= 1 }
}

/// Begin, check, finish `loads` times: the only function callgrind is told to count.
@inline(never)
@MainActor
func measuredLoads(_ coordinator: LoadingCoordinator, _ loads: Int) {
    for _ in 0..<loads {
        let state = coordinator.loadContent { _ in }
        consume(state.isValid)
        consume(coordinator.finish(state))
    }
}

/// Append a page and drop it `appends` times: the only function callgrind is told to count.
@inline(never)
@MainActor
func measuredAppends(_ dataSource: RowsDataSource, _ appends: Int) {
    for _ in 0..<appends {
        if case .started = dataSource.loadMore() { sink &+= 1 }
        dataSource.dropLastPage()
    }
}

@MainActor
func profileAppends(_ appends: Int, policy: PresentationPolicy, pages: Int) {
    let host = PagedHost(policy: policy, pages: pages)
    let clock = ContinuousClock()
    let start = clock.now
    measuredAppends(host.dataSource, appends)
    let elapsed = start.duration(to: clock.now)
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    print(
        "\(appends) appends to a list of \(pages) pages, \(policy.loadingDelay > .zero ? "standard" : "immediate"):",
        "\(Int(nanoseconds / Double(appends))) ns per append")
}

/// `changes` state changes of one section at a time: the only function callgrind is told to count.
@inline(never)
@MainActor
func measuredChanges(_ host: ComposedHost, _ changes: Int) {
    for _ in 0..<changes { host.changeOneChild() }
}

/// Every section reloaded, `reloads` times: the only function callgrind is told to count.
@inline(never)
@MainActor
func measuredReloads(_ host: ComposedHost, _ reloads: Int) {
    for _ in 0..<reloads { host.reloadAll() }
}

@MainActor
func profileComposition(_ operations: Int, mode: String, children: Int) {
    let host = ComposedHost(children: children)
    let clock = ContinuousClock()
    let start = clock.now
    // A reload is one operation per section.
    let reloads = max(1, operations / children)
    if mode == "change" { measuredChanges(host, operations) } else { measuredReloads(host, reloads) }
    let elapsed = start.duration(to: clock.now)
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    let counted = mode == "change" ? operations : reloads * children
    print(
        "\(counted) \(mode == "change" ? "changes" : "sections reloaded") on a screen of \(children) sections:",
        "\(Int(nanoseconds / Double(counted))) ns each")
}

@MainActor
func main() {
    let arguments = CommandLine.arguments
    let loads = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
    let policy: PresentationPolicy = arguments.count > 2 && arguments[2] == "standard" ? .standard : .immediate
    if arguments.count > 3 && arguments[3] == "append" {
        profileAppends(loads, policy: policy, pages: arguments.count > 4 ? Int(arguments[4]) ?? 1 : 1)
        return
    }
    if arguments.count > 3 && (arguments[3] == "change" || arguments[3] == "reload") {
        profileComposition(loads, mode: arguments[3], children: arguments.count > 4 ? Int(arguments[4]) ?? 10 : 10)
        return
    }
    if arguments.count > 3 && arguments[3] == "store" {
        profileStore(
            loads, side: arguments.count > 4 ? arguments[4] : "stored",
            pending: arguments.count > 5 ? Int(arguments[5]) ?? 1 : 1)
        return
    }
    let firstLoads = arguments.count > 3 && arguments[3] == "first"
    let drawing = arguments.count > 4 ? arguments[4] : "renderers"

    let host = Host(policy: policy, drawingIntoModel: drawing == "model" || drawing == "observer")
    let observer = drawing == "observer" ? Observer(host.model) : nil
    let consumer = drawing == "stream" ? host.wrapper.screens.makeAsyncIterator() : nil
    let announcer = drawing == "announcing" ? Announcer() : nil
    host.wrapper.delegate = announcer
    // `coordinator`: a bare LoadingCoordinator, as SyncHotPath.ContentLoading.CoordinatorOnly.
    let coordinatorOnly = arguments.count > 3 && arguments[3] == "coordinator"
    let coordinator = coordinatorOnly ? LoadingCoordinator() : host.dataSource.loadingCoordinator
    coordinator.finish(coordinator.loadContent { _ in })  // content, as the benchmarks' setup
    host.dataSource.holdsContent = !firstLoads

    let clock = ContinuousClock()
    let start = clock.now
    measuredLoads(coordinator, loads)
    let elapsed = start.duration(to: clock.now)
    withExtendedLifetime((observer, consumer, announcer)) {}
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    print(
        "\(loads) loads, \(policy.loadingDelay > .zero ? "standard" : "immediate"), drawn to \(drawing),",
        coordinatorOnly ? "coordinator only:" : firstLoads ? "first loads:" : "refreshes:",
        "\(Int(nanoseconds / Double(loads))) ns per load")
}

if CommandLine.arguments.count > 3 && CommandLine.arguments[3] == "load" {
    // Not an async main: valgrind dies when its main thread parks in `dispatchMain()`. The main
    // thread runs the main run loop instead, which serves the main actor here.
    let arguments = CommandLine.arguments
    Task { @MainActor in
        await profileAsyncLoads(
            Int(arguments[1]) ?? 1_000, policy: arguments.count > 4 ? arguments[4] : "never",
            failures: arguments.count > 5 ? Int(arguments[5]) ?? 0 : 0)
        exit(0)
    }
    RunLoop.main.run()
} else {
    MainActor.assumeIsolated { main() }
}
