import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A child joins a composed screen once, however it joins: at construction, by insertion, or
/// by re-listing. (That joining costs each section the same however many there are is held by
/// the benchmark `Composition.ContentLoading.Construction.Ratio`, not by a timed test.)
@MainActor
@Suite("Composed children listed once", .timeLimit(.minutes(1)), .hangLimit)
struct ComposedChildrenListedOnceTests {
    @Test func aChildIsListedOnceWhicheverWayItJoined() {
        let child = DataSource()
        let screen = ComposedDataSource(children: [child, child])
        #expect(screen.children.count == 1, "listed twice at construction: added once")
        #expect(!screen.insert(child, at: 0))
        #expect(screen.remove(child) && screen.children.isEmpty)
        #expect(screen.insert(child, at: 0), "removed, it may join again")
        #expect(screen.setChildren([]) && screen.insert(child, at: 0), "re-listed without it, it may join again")
        #expect(screen.setChildren([child]) && !screen.insert(child, at: 0))
    }
}
