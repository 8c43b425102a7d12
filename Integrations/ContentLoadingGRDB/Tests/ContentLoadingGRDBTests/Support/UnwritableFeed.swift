import ContentLoading
import ContentLoadingGRDB
import GRDB
import Testing

/// What a stored feed over a database that cannot be written does, checked the same way for the
/// JSON feed and a record feed: the stored page shows, each new page shows from memory, the app
/// hears once that the list is not saved, and a refresh shows the network's first page.
@MainActor
enum UnwritableFeed {
    /// Checks a data source of `feed`, whose database holds one stored page of ten articles
    /// (`1-0` to `1-9`) and cannot be written, against a server of thirty.
    static func check(_ feed: StoredFeed<Article, Int>) async {
        let titles = { (range: Range<Int>) in range.map { "1-\($0)" } }
        let server = FeedServer(count: 30, pageSize: 10)
        var notices: [any Error] = []
        let dataSource = StoredFeedDataSource(feed: feed, screenful: 10) {
            notices.append($0)
        } fetch: {
            try await server.page(after: $0)
        }
        let screen = RecordingScreen(dataSource)
        #expect(dataSource.items.map(\.title) == titles(0..<10), "what the file holds is read")

        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: true))
        #expect(dataSource.items.map(\.title) == titles(0..<20), "the page shows, from memory")
        #expect(notices.count == 1, "the app hears that the list is not saved")
        #expect(dataSource.isMemoryOnly)
        #expect(dataSource.lastFailure is DatabaseError)
        #expect(screen.shown == .content)

        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(dataSource.items.map(\.title) == titles(0..<30), "later pages come from the network")
        #expect(server.fetched == [10, 20])
        #expect(notices.count == 1)

        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(dataSource.items.map(\.title) == titles(0..<10))
        #expect(notices.count == 1)
    }
}
