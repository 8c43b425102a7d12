import ContentLoading
import ContentLoadingTestSupport
import Foundation
import Testing

// The test of the "Retrying Failed Loads" article, run here; `theArticleShowsThisCode` fails when
// the article's copy differs (the article shows the helpers, then the test at the top level).
// Its TestScreen is the Testing article's (TestingArticleTests.swift).

// Retrying article example begin
/// Fails its first request, then answers.
actor FlakyService {
    private var requests = 0

    func colors() throws -> [String] {
        requests += 1
        guard requests > 1 else { throw ServiceUnavailable() }
        return ["red", "green"]
    }
}

struct ServiceUnavailable: Error {}

/// Loads colours under a retry policy the test chooses.
@MainActor
final class RetryingColorsDataSource: DataSource {
    private(set) var colors: [String] = []
    let service: FlakyService
    let policy: RetryPolicy

    init(service: FlakyService, policy: RetryPolicy = .standard) {
        self.service = service
        self.policy = policy
    }

    override var hasContent: Bool { !colors.isEmpty }

    override func loadContent() {
        load(retrying: policy) { [service] _ in
            try await service.colors()
        } commit: { dataSource, colors in
            dataSource.colors = colors
        }
    }
}

// Retrying article example end

@MainActor
@Suite("Retrying Failed Loads article", .timeLimit(.minutes(1)), .hangLimit)
struct RetryingLoadsArticleTests {
    // Retrying article test begin
    @Test func aFailedLoadIsRetriedAfterItsDelay() async {
        let clock = ManualClock()
        let model = ScreenModel()
        // .immediate: nothing but the retry sleeps on the clock (see below).
        let screen = TestScreen(ContentWrapper(drawingInto: model, policy: .immediate, clock: clock))
        // No jitter: the first retry waits exactly 1 s.
        let dataSource = RetryingColorsDataSource(service: FlakyService(), policy: RetryPolicy(jitter: 0))
        dataSource.delegate = screen

        dataSource.loadContent()  // attempt 1 fails
        await eventually { clock.sleeperCount == 1 }  // the retry waits on the clock
        #expect(model.retryAttempt?.number == 2)
        clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 1)  // not yet
        clock.advance(by: .milliseconds(1))  // attempt 2 runs now
        await eventually { screen.wrapper.displayedState == .content }
        #expect(dataSource.colors == ["red", "green"])
    }
    // Retrying article test end

    // Offline article test begin
    @Test func aRetryWaitsWhileTheAppIsOffline() async {
        let clock = ManualClock()
        let model = ScreenModel()
        let screen = TestScreen(ContentWrapper(drawingInto: model, policy: .immediate, clock: clock))
        let connectivity = Connectivity(isOnline: false)
        let policy = RetryPolicy(jitter: 0, connectivity: connectivity)
        let dataSource = RetryingColorsDataSource(service: FlakyService(), policy: policy)
        dataSource.delegate = screen

        dataSource.loadContent()  // attempt 1 fails
        await eventually { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))  // the delay is over, but the app is offline
        await eventually { connectivity.waiterCount == 1 }
        #expect(model.state == .loading)
        connectivity.isOnline = true  // attempt 2 runs now
        await eventually { screen.wrapper.displayedState == .content }
        #expect(dataSource.colors == ["red", "green"])
    }
    // Offline article test end

    @Test func theOfflineSetUpGivesThePolicyTheAppsConnectivity() {
        // Offline article set-up begin
        let connectivity = Connectivity()
        var policy = RetryPolicy.standard
        policy.connectivity = connectivity
        // Offline article set-up end
        #expect(policy.connectivity === connectivity)
    }

    /// What the article says of the standard policy: the wrapper's timer sleeps on the same
    /// clock, so a failed first attempt leaves two sleepers, the loading delay's and the retry's.
    @Test func underTheStandardPolicyTheLoadingDelaySleepsOnTheClockToo() async {
        let clock = ManualClock()
        let model = ScreenModel()
        let screen = TestScreen(ContentWrapper(drawingInto: model, policy: .standard, clock: clock))
        let dataSource = RetryingColorsDataSource(service: FlakyService(), policy: RetryPolicy(jitter: 0))
        dataSource.delegate = screen

        dataSource.loadContent()
        await eventually { clock.sleeperCount == 2 && model.retryAttempt != nil }
        #expect(model.retryAttempt?.number == 2)
        #expect(model.screen.state == .initial, "the loading delay has not run out")
        clock.advance(by: .milliseconds(500))
        await eventually { model.state == .loading }
        #expect(clock.sleeperCount == 1, "the retry still waits; the timer has nothing to wake for")
        clock.advance(by: .milliseconds(500))  // the retry's deadline, and the loading screen's minimum
        await eventually { screen.wrapper.displayedState == .content }
        #expect(dataSource.colors == ["red", "green"])
    }

    @Test func theArticleShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/ContentLoading/ContentLoading.docc/RetryingLoads.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        // The test is shown at the top level, one indent out from this suite.
        let test = try copy(
            in: source, between: "    // Retrying article test begin\n", and: "    // Retrying article test end"
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }
        .joined(separator: "\n")
        let shown =
            try copy(in: source, between: "// Retrying article example begin\n", and: "// Retrying article example end")
            + test
        #expect(article.contains(shown), "RetryingLoads.md's test differs from this test's copy")
        let offline = try copy(
            in: source, between: "    // Offline article test begin\n", and: "    // Offline article test end"
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }
        .joined(separator: "\n")
        #expect(article.contains(offline), "RetryingLoads.md's offline test differs from this test's copy")
        let setUp = try copy(
            in: source, between: "        // Offline article set-up begin\n",
            and: "        // Offline article set-up end"
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix("        ") ? $0.dropFirst(8) : $0 }
        .joined(separator: "\n")
        #expect(article.contains("```swift\n" + setUp + "```"), "RetryingLoads.md's offline set-up differs")
    }

    /// The text of `source` between the two markers.
    func copy(in source: String, between begin: String, and end: String) throws -> String {
        let begin = try #require(source.range(of: begin)).upperBound
        let end = try #require(source.range(of: end, range: begin..<source.endIndex)).lowerBound
        return String(source[begin..<end])
    }
}
