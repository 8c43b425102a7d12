import Benchmark
import ContentLoading

/// The shared store: a first frame drawn from a stored value against a plain
/// synchronous load, lookups in a large store against a small one, and what a store holds per
/// key. The ratios are gated (see `Configurations.ratio`); so are the bytes.
func registerStoreBenchmarks() {
    // A data source attached to a screen's wrapper and showing content, per data source: by a
    // synchronous first load begun and finished (the baseline: a loading screen, then the
    // content), or by binding to a key that holds a value (the candidate: the content is its
    // first frame, with no load). The wrapper is the screen's, made once, as a screen whose data
    // source is replaced keeps its views. Gated at the budget, 4× the synchronous load.
    ratioBenchmark("Store.ContentLoading.FirstFrame.Ratio", metric: Metrics.storeFirstFrameTimeRatio, limitPercent: 400)
    {
        let store = StoreScreen.makeStore(keys: 1)
        let host = WrapperHost(renderers: .noOp)
        return InterleavedComparison {
            for _ in 0..<100 { host.showLoaded() }
        } candidate: {
            for _ in 0..<100 { host.showStored(store: store, key: 0) }
        }
    }

    // A lookup of a stored key, in a store of 100,000 keys over one of 100. Both look up the same
    // number of distinct keys (100, as a few screens do), spread over the large store, so the
    // ratio is the cost of the store's size, not of the processor's caches.
    ratioBenchmark("Store.ContentLoading.Lookup.Ratio", metric: Metrics.storeLookupTimeRatio, limitPercent: 150) {
        let small = StoreScreen.makeStore(keys: 100)
        let large = StoreScreen.makeStore(keys: 100_000)
        var sink = 0
        return InterleavedComparison {
            for index in 0..<1_000 { sink &+= small.value(for: index % 100) ?? 0 }
        } candidate: {
            for index in 0..<1_000 { sink &+= large.value(for: StoreScreen.spread(index)) ?? 0 }
        }
    }

    // A write of a stored key, in a store of 100,000 keys over one of 100: what the write
    // checks for eviction must not grow with the store.
    ratioBenchmark("Store.ContentLoading.Write.Ratio", metric: Metrics.storeWriteTimeRatio, limitPercent: 150) {
        let small = StoreScreen.makeStore(keys: 100)
        let large = StoreScreen.makeStore(keys: 100_000)
        return InterleavedComparison {
            for index in 0..<1_000 { small.write(index, for: index % 100) }
        } candidate: {
            for index in 0..<1_000 { large.write(index, for: StoreScreen.spread(index)) }
        }
    }

    // What the store holds for 1,000 keys of `Int` values, and for none: the difference over
    // 1,000 is the store's own cost per key (docs/Benchmarks.md).
    mainActorBenchmark("Memory.ContentLoading.Store.Empty", configuration: Configurations.memory(.exact)) {
        TokenBuffer<ContentStore<Int, Int>>(capacity: 1)
    } body: { buffer, _ in
        buffer.tokens.append(StoreScreen.makeStore(keys: 0))
    }
    mainActorBenchmark(
        "Memory.ContentLoading.Store.ThousandKeys", configuration: Configurations.memory(.exactCount(bytesPercent: 1))
    ) {
        TokenBuffer<ContentStore<Int, Int>>(capacity: 1)
    } body: { buffer, _ in
        buffer.tokens.append(StoreScreen.makeStore(keys: 1_000))
    }
}

/// One screen's wrapper and host, given a new data source each time.
@MainActor
final class WrapperHost: DataSourceDelegate {
    let wrapper: ContentWrapper

    init(renderers: StackRenderers) {
        wrapper = ContentWrapper(
            content: renderers.content, loading: renderers.loading, empty: renderers.empty,
            error: renderers.error, initialScreen: .placeholder(.initial), policy: .immediate)
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// A new data source on this screen, brought to its content by one synchronous load.
    func showLoaded() {
        let dataSource = BenchmarkDataSource()
        dataSource.holdsContent = true
        dataSource.delegate = self
        let state = dataSource.loadingCoordinator.loadContent { _ in }
        dataSource.loadingCoordinator.finish(state)
        precondition(wrapper.displayedState == .content)
    }

    /// A new data source on this screen, bound to `key`, which holds a value: no load.
    func showStored(store: ContentStore<Int, Int>, key: Int) {
        let dataSource = StoreDataSource(store: store, key: key)
        dataSource.delegate = self
        precondition(dataSource.loadingCoordinator.state == .content && wrapper.displayedState == .content)
    }
}

/// A store of `Int` keys holding their own numbers.
@MainActor
enum StoreScreen {
    /// The `index`th of 100 keys spread over `0..<100_000`.
    static func spread(_ index: Int) -> Int { (index % 100) &* 997 % 100_000 }

    /// A store of keys `0..<keys`, each holding its own number, fresh for ever: nothing fetches.
    ///
    /// The values are put in its persistence and each read once, as values a database held
    /// before the store knew their keys are found.
    static func makeStore(keys: Int) -> ContentStore<Int, Int> {
        let persistence = MemoryPersistence<Int, Int>()
        for key in 0..<keys { persistence.write(key, for: key) }
        let store = ContentStore<Int, Int>(staleAfter: .never, countLimit: max(keys, 1), persistence: persistence) {
            key in key
        }
        for key in 0..<keys { precondition(store.value(for: key) == key) }
        return store
    }
}
