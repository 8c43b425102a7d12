import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A store data source's loads retry a failed fetch as its `RetryPolicy` says, as any data
/// source's loads do: each retry asks the store again, and only the last failure shows.
@MainActor
@Suite("Store data source retries", .timeLimit(.minutes(1)), .hangLimit)
struct StoreDataSourceRetryTests {
    let fetcher = GatedFetcher(observesCancellation: false)
    let store: ContentStore<String, String>
    /// Three attempts, the retries at once.
    let threeAttempts = RetryPolicy(maxAttempts: 3, baseDelay: .zero, jitter: 0)

    init() {
        let fetcher = self.fetcher
        store = ContentStore(staleAfter: .after(.seconds(60)), clock: ManualClock()) { try await fetcher.fetch($0) }
    }

    @Test func aFailedFetchIsTriedAgainAsThePolicySays() async {
        let dataSource = StoreDataSource(store: store, key: "a", retrying: threeAttempts)
        #expect(dataSource.retryPolicy.maxAttempts == 3)
        let reload = Task { await dataSource.reload(ownedBy: .caller) }
        for attempt in 0..<2 {
            await eventually { fetcher.count == attempt + 1 }
            #expect(dataSource.contentState == .loading, "still loading while the policy retries")
            fetcher.gate(attempt).open(throwing: TestError(attempt))
        }
        await eventually { fetcher.count == 3 }
        fetcher.gate(2).open(returning: "A")
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(dataSource.value == "A" && store.value(for: "a") == "A")
    }

    @Test func theLastFailureShowsAfterTheLastAttempt() async {
        let dataSource = StoreDataSource(store: store, key: "a", retrying: threeAttempts)
        let reload = Task { await dataSource.reload(ownedBy: .caller) }
        for attempt in 0..<3 {
            await eventually { fetcher.count == attempt + 1 }
            fetcher.gate(attempt).open(throwing: TestError(attempt))
        }
        #expect(await reload.boundedValue() == .failed(TestError(2)))
        #expect(dataSource.contentState == .error && fetcher.count == 3)
    }

    /// A placeholder only stands in for the new key's value: it stays while the new key's fetch
    /// is retried, and goes with the last failure, for the error screen.
    @Test func aPlaceholderStaysThroughRetriesAndGoesWithTheLastFailure() async {
        store.write("A", for: "a")
        let screen = StoreScreen(
            StoreDataSource(store: store, key: "a", retrying: RetryPolicy(maxAttempts: 2, baseDelay: .zero, jitter: 0)))
        screen.dataSource.changeKey(to: "b")
        await eventually { fetcher.count == 1 }
        fetcher.gate(0).open(throwing: TestError(1))
        await eventually { fetcher.count == 2 }
        #expect(screen.dataSource.isPlaceholder && screen.dataSource.value == "A", "kept while retrying")
        #expect(screen.dataSource.contentState == .refreshing)
        fetcher.gate(1).open(throwing: TestError(2))
        await eventually { screen.dataSource.contentState == .error }
        #expect(screen.dataSource.value == nil && !screen.dataSource.isPlaceholder)
        #expect(screen.shown == .error)
    }
}
