import ContentLoading
import ContentLoadingTestSupport
import Testing

/// The README's data source, as written there, does not outlive its last outside reference:
/// releasing it frees it and cancels its work in flight.
@MainActor
// Three minutes: under ThreadSanitizer, with the race suites sharing the main actor, the
// thousand releases have taken over a minute on a loaded two-core machine.
@Suite("README example: lifetime", .timeLimit(.minutes(3)), .hangLimit)
struct ReadmeExampleLifetimeTests {
    /// 1,000 data sources, each loading with work that honours cancellation and would
    /// otherwise sleep for an hour, are released mid-load: every one is freed at once, and
    /// every one's work ends cancelled.
    @Test func releasedDataSourcesAreFreedAndTheirWorkCancelled() async {
        let count = 1_000
        let (ended, endedContinuation) = AsyncStream.makeStream(of: Bool.self)
        let fetch: @Sendable () async throws -> [String] = {
            do {
                try await Task.sleep(for: .seconds(3_600))
            } catch {
                endedContinuation.yield(error is CancellationError)
                throw error
            }
            endedContinuation.yield(false)
            return ["late"]
        }
        var dataSources: [ColorsDataSource] = (0..<count).map { _ in ColorsDataSource(fetch: fetch) }
        for dataSource in dataSources { dataSource.loadContent() }
        #expect(dataSources.allSatisfy { $0.loadingCoordinator.isLoading })
        let weakDataSources = dataSources.map { WeakBox($0) }
        dataSources.removeAll()

        let alive = weakDataSources.filter { $0.object != nil }.count
        #expect(alive == 0, "\(alive) of \(count) released data sources are still alive")
        // Awaiting the work of data sources that are still alive would wait for an hour.
        guard alive == 0 else { return }
        var cancelled = 0
        for await wasCancelled in ended {
            #expect(wasCancelled, "work ended without being cancelled")
            cancelled += 1
            if cancelled == count { break }
        }
        #expect(cancelled == count)
    }
}

/// Holds an object weakly.
private struct WeakBox<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
