import ContentLoading
import ContentLoadingTestSupport
import Foundation
import Testing

// The test of the "Retrying Failed Loads" article, run here; `theArticleShowsThisCode` fails when
// the article's copy differs. Its TestScreen is the Testing article's (TestingArticleTests.swift).

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

@MainActor
@Test(.timeLimit(.minutes(1)))
func aFailedLoadIsRetriedAfterItsDelay() async {
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
// Retrying article example end

@MainActor
@Suite("Retrying Failed Loads article", .timeLimit(.minutes(1)))
struct RetryingLoadsArticleTests {
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
        let begin = source.range(of: "// Retrying article example begin\n")!.upperBound
        let end = source.range(of: "// Retrying article example end")!.lowerBound
        #expect(
            article.contains(String(source[begin..<end])), "RetryingLoads.md's test differs from this test's copy")
    }
}
