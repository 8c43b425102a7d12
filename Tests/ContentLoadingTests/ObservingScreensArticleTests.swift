import ContentLoading
import ContentLoadingTestSupport
import Testing

// The code of the "Observing Screens" article, run here. Keep the two in step. Its page is a
// `ContentScreen`; its NotificationCounter is the one in Support/ScreenModelFixture.swift; its
// ColorsDataSource is the README's (ReadmeExampleTests.swift).

@MainActor
@Suite("Observing Screens article", .timeLimit(.minutes(1)), .hangLimit)
struct ObservingScreensArticleTests {
    @Test func aTestAwaitsTheScreenItExpects() async {
        let fetch = ScriptedFetch([.success(["red", "green"])])
        let dataSource = ColorsDataSource { try await fetch.next() }

        let page = ContentScreen(dataSource: dataSource)
        dataSource.loadContent()
        for await screen in page.wrapper.screens where screen.state == .content {
            break  // the colours are on screen
        }

        #expect(page.model.state == .content)
        #expect(!page.model.isLoading)
        #expect(dataSource.colors == ["red", "green"])
    }

    @Test func theViewsTaskAndRefreshDriveTheModel() async {
        let fetch = ScriptedFetch([.success(["red"]), .failure(TestError(1))])
        let dataSource = ColorsDataSource { try await fetch.next() }
        let page = ContentScreen(dataSource: dataSource, policy: .immediate)
        let notifications = NotificationCounter(page.model)

        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))  // what `.task` runs
        #expect(page.model.state == .content)
        #expect(await dataSource.reload(ownedBy: .dataSource).isAccepted)  // what `.refreshable` runs
        #expect(page.model.state == .content, "a failed refresh keeps the colours")
        #expect(page.model.refreshFailure as? TestError == TestError(1))
        #expect(notifications.drain() == 4, "loading, content, refreshing, content with its notice")
    }
}
