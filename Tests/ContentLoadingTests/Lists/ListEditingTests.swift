import ContentLoading
import ContentLoadingTestSupport
import Foundation  // NSLock
import Testing

/// Editable lists: rows inserted, removed, moved and changed as optimistic writes, shown at once
/// in one draw, kept by every response that lands while they are pending, and settled on the
/// server's order; a row created under a temporary id re-keyed to the server's in one draw.
@MainActor
@Suite("Editable lists and server ids", .timeLimit(.minutes(1)), .hangLimit)
struct ListEditingTests {
    let clock = ManualClock()
    let calls = GatedCalls<[Colour]>()
    let creates = GatedCalls<Colour>()
    let edits = GatedCalls<Void>()
    let writes = GatedCalls<Colour?>()
    let sent = SentIDs()
    let store: ContentStore<String, Colour>
    let screen: ListScreen

    init() {
        store = ContentStore(staleAfter: .after(.seconds(60)), clock: clock) { id in Colour(id) }
        screen = ListScreen(ListDataSource(store: store) { [calls] in try await calls.call() })
    }

    var list: ListDataSource<Colour> { screen.dataSource }

    /// Answers the list's load `index` with `colours` (beginning it, unless one is in flight: the
    /// reload once the edits settle), and waits until it is drawn.
    func load(_ index: Int, answering colours: [Colour]) async {
        if !list.loadingCoordinator.isLoading { list.loadContent() }
        await eventually { calls.count > index }
        calls.gate(index).open(returning: colours)
        await eventually { !list.loadingCoordinator.isLoading }
    }

    /// Waits for load `index`, the reload once the edits settled, and ends it, so that no call
    /// is left waiting behind the test.
    func endReload(_ index: Int) async {
        await eventually { calls.count > index }
        calls.openAll()
    }

    /// Inserts a new colour under the temporary id `temporary`, whose create waits on a gate.
    func insert(_ temporary: String, at offset: Int) -> ListEdit<Colour> {
        list.insert("Add \(temporary)", item: Colour(temporary, "NEW"), at: offset) { [creates] in
            try await creates.call()
        }
    }

    /// Stars row `id`; the request records the id it is sent with, and waits on a gate.
    func star(_ id: String) -> ListEdit<Colour> {
        list.perform(
            "Star \(id)", on: id, change: { $0.starred = true },
            request: { [sent, writes] id in
                sent.append(id)
                return try await writes.call()
            })
    }

    /// An edit's request: records the id it is sent with, and waits on a gate.
    func request() -> @Sendable (String) async throws -> Void {
        { [sent, edits] id in
            sent.append(id)
            try await edits.call()
        }
    }

    /// Whether every snapshot drawn from the first showing `temporary` on shows exactly one of
    /// `temporary` and `server`, until the row leaves.
    func eachSnapshotShowsOneOf(_ temporary: String, _ server: String) -> Bool {
        let drawn = screen.renderer.snapshots.drop { !$0.contains(temporary) }
        return !drawn.isEmpty
            && drawn.allSatisfy { ($0.contains(temporary) ? 1 : 0) + ($0.contains(server) ? 1 : 0) == 1 }
    }

    // MARK: - Server ids

    @Test func aCreatedRowIsReKeyedToTheServersIDInOneDrawAtItsPlace() async {
        await load(0, answering: [Colour("a"), Colour("b")])
        let edit = insert("tmp-1", at: 1)
        #expect(screen.renderer.differences.last == "+tmp-1" && screen.rows == "[A, NEW, B]", "shown at once")
        let draws = screen.renderer.differences.count
        await eventually { creates.count == 1 }
        creates.gate(0).open(returning: Colour("c7", "NEW"))
        #expect(await edit.settled() == .committed(Colour("c7", "NEW")))
        #expect(screen.renderer.differences.dropFirst(draws) == ["-tmp-1 +c7"], "one draw: one batch")
        #expect(list.snapshot.ids == ["a", "c7", "b"] && screen.rows == "[A, NEW, B]", "at its place")
        #expect(eachSnapshotShowsOneOf("tmp-1", "c7"), "never both ids, never neither")
        #expect(store.value(for: "tmp-1") == nil && store.value(for: "c7") == Colour("c7", "NEW"))
        // The last edit settled: the list reloads, and ends on the server's order.
        await load(1, answering: [Colour("c7", "NEW"), Colour("a"), Colour("b")])
        #expect(list.snapshot.ids == ["c7", "a", "b"])
        #expect(eachSnapshotShowsOneOf("tmp-1", "c7"))
    }

    @Test func writesMadeOnTheTemporaryIDAreSentWithTheServersID() async {
        await load(0, answering: [Colour("a")])
        let edit = insert("tmp-1", at: 0)
        let starred = star("tmp-1")
        let moved = list.move("Move new", id: "tmp-1", to: 1, request: request())
        #expect(screen.rows == "[A, NEW★]", "both show at once")
        await eventually { creates.count == 1 }
        #expect(writes.count == 0 && edits.count == 0 && sent.ids.isEmpty, "nothing is sent under a temporary id")
        let draws = screen.renderer.differences.count
        creates.gate(0).open(returning: Colour("c7", "NEW"))
        #expect(await edit.settled() == .committed(Colour("c7", "NEW")))
        #expect(screen.renderer.differences.dropFirst(draws) == ["-tmp-1 +c7"], "one draw, the star on it")
        #expect(screen.rows == "[A, NEW★]" && list.snapshot.ids == ["a", "c7"])
        await eventually { writes.count == 1 && edits.count == 1 }
        #expect(Set(sent.ids) == ["c7"], "the star and the move are sent with the server's id")
        writes.gate(0).open(returning: nil)
        edits.gate(0).open(returning: ())
        #expect(await starred.settled() == .committed(Colour("c7", "NEW", starred: true)))
        #expect(await moved.settled() == .committed(nil))
        #expect(eachSnapshotShowsOneOf("tmp-1", "c7"))
        await endReload(1)
    }

    @Test func aFailedCreateRemovesTheRowInOneDrawAndWhatWaitedOnIt() async {
        await load(0, answering: [Colour("a"), Colour("b")])
        let edit = insert("tmp-1", at: 1)
        let starred = star("tmp-1")
        let moved = list.move("Move new", id: "tmp-1", to: 0, request: request())
        let draws = screen.renderer.differences.count
        await eventually { creates.count == 1 }
        creates.gate(0).open(throwing: TestError(1))
        #expect(await edit.settled() == .failed(TestError(1)))
        #expect(screen.renderer.differences.dropFirst(draws) == ["-tmp-1"], "one draw")
        #expect(screen.rows == "[A, B]" && store.value(for: "tmp-1") == nil)
        #expect(await starred.settled() == .failed(TestError(1)) && sent.ids.isEmpty, "the star was never sent")
        #expect(await moved.settled() == .failed(TestError(1)) && edits.count == 0, "nor the move")
        #expect(list.writeFailure?.writeDescription == "Add tmp-1")
        await endReload(1)
    }

    @Test func aRowCreatedAfterAPendingMoveIsReKeyedWhereItShows() async {
        await load(0, answering: [Colour("a"), Colour("b"), Colour("c")])
        let moved = list.move("Move c", id: "c", to: 0, request: request())
        let edit = insert("tmp-1", at: 1)
        #expect(list.snapshot.ids == ["c", "tmp-1", "a", "b"])
        let draws = screen.renderer.differences.count
        await eventually { creates.count == 1 && edits.count == 1 }
        creates.gate(0).open(returning: Colour("c7", "NEW"))
        _ = await edit.settled()
        #expect(screen.renderer.differences.dropFirst(draws) == ["-tmp-1 +c7"], "committed before the move: in place")
        #expect(list.snapshot.ids == ["c", "c7", "a", "b"])
        edits.gate(0).open(returning: ())
        _ = await moved.settled()
        #expect(list.snapshot.ids == ["c", "c7", "a", "b"], "both settled: nothing moves")
        await load(1, answering: [Colour("c"), Colour("a"), Colour("c7", "NEW"), Colour("b")])
        #expect(list.snapshot.ids == ["c", "a", "c7", "b"], "then the server's order")
        #expect(eachSnapshotShowsOneOf("tmp-1", "c7"))
    }

    @Test func aRefreshLandingWhileTheCreateIsPendingKeepsTheRowAtItsPlace() async {
        await load(0, answering: [Colour("a"), Colour("b")])
        let edit = insert("tmp-1", at: 1)
        await load(1, answering: [Colour("a"), Colour("b", "BLUE"), Colour("c")])
        #expect(list.snapshot.ids == ["a", "tmp-1", "b", "c"] && screen.rows == "[A, NEW, BLUE, C]")
        await eventually { creates.count == 1 }
        creates.gate(0).open(returning: Colour("c7", "NEW"))
        _ = await edit.settled()
        #expect(list.snapshot.ids == ["a", "c7", "b", "c"])
        #expect(eachSnapshotShowsOneOf("tmp-1", "c7"))
        await endReload(2)
    }

    // MARK: - Editable lists

    @Test func aRemovedRowDoesNotComeBackWhileItsRemoveIsPending() async {
        await load(0, answering: [Colour("a"), Colour("b"), Colour("c")])
        let edit = list.remove("Delete b", id: "b", request: request())
        #expect(screen.renderer.differences.last == "-b" && screen.rows == "[A, C]", "drawn at once")
        await load(1, answering: [Colour("a"), Colour("b"), Colour("c")])
        #expect(screen.rows == "[A, C]", "a refresh that still has it does not bring it back")
        await eventually { edits.count == 1 }
        edits.gate(0).open(returning: ())
        #expect(await edit.settled() == .committed(nil))
        await load(2, answering: [Colour("a"), Colour("c")])
        #expect(screen.rows == "[A, C]")
    }

    @Test func aResponseBegunBeforeARemoveCommittedDoesNotBringTheRowBack() async {
        await load(0, answering: [Colour("a"), Colour("b"), Colour("c")])
        list.loadContent()  // the refresh's request begins before the remove commits
        await eventually { calls.count == 2 }
        let removed = list.remove("Delete b", id: "b", request: request())
        await eventually { edits.count == 1 }
        let moved = list.move("Move a", id: "a", to: 2, request: request())  // keeps an edit pending
        await eventually { edits.count == 2 }
        edits.gate(0).open(returning: ())
        #expect(await removed.settled() == .committed(nil))
        calls.gate(1).open(returning: [Colour("a"), Colour("b"), Colour("c")])
        await eventually { !list.loadingCoordinator.isLoading }
        #expect(list.snapshot.ids == ["c", "a"], "the server answered before it removed b")
        edits.gate(1).open(returning: ())
        _ = await moved.settled()
        await load(2, answering: [Colour("c"), Colour("a")])
        #expect(list.snapshot.ids == ["c", "a"])
    }

    @Test func aPendingMoveKeepsItsPlaceThenTheListEndsOnTheServersOrder() async {
        await load(0, answering: [Colour("a"), Colour("b"), Colour("c")])
        let edit = list.move("Move c", id: "c", to: 0, request: request())
        #expect(screen.renderer.differences.last == ">c" && list.snapshot.ids == ["c", "a", "b"])
        await load(1, answering: [Colour("a"), Colour("b"), Colour("c")])
        #expect(list.snapshot.ids == ["c", "a", "b"], "a refresh under the pending move keeps its place")
        await eventually { edits.count == 1 }
        edits.gate(0).open(returning: ())
        #expect(await edit.settled() == .committed(nil))
        // Settled: the list reloads, and the server's order (another user moved b) stands.
        await load(2, answering: [Colour("b"), Colour("c"), Colour("a")])
        #expect(list.snapshot.ids == ["b", "c", "a"])
    }

    @Test func aFailedRemoveBringsTheRowBackInOneDraw() async {
        await load(0, answering: [Colour("a"), Colour("b")])
        let edit = list.remove("Delete b", id: "b", request: request())
        let draws = screen.renderer.differences.count
        await eventually { edits.count == 1 }
        edits.gate(0).open(throwing: TestError(2))
        #expect(await edit.settled() == .failed(TestError(2)))
        #expect(screen.renderer.differences.dropFirst(draws) == ["+b"] && screen.rows == "[A, B]")
        #expect(list.writeFailure?.writeDescription == "Delete b")
        await endReload(1)
    }

    @Test func aRemovedRowsItemIsKeptWhileItsRemoveIsPendingAndLetGoOnceItCommits() async {
        let store = ContentStore<String, Colour>(retention: .zero, countLimit: 0, clock: clock) { Colour($0) }
        let calls = GatedCalls<[Colour]>()
        let list = ListScreen(ListDataSource(store: store) { try await calls.call() }).dataSource
        list.loadContent()
        await eventually { calls.count == 1 }
        calls.gate(0).open(returning: [Colour("a"), Colour("b")])
        await eventually { !list.loadingCoordinator.isLoading }
        let edit = list.remove("Delete b", id: "b", request: request())
        list.loadContent()  // a refresh that lands under the pending remove
        await eventually { calls.count == 2 }
        calls.gate(1).open(returning: [Colour("a"), Colour("b")])
        await eventually { !list.loadingCoordinator.isLoading }
        clock.advance(by: .seconds(1))
        store.evictExpiredKeys()
        #expect(store.contains("b"), "kept while pending: a failed remove brings the row back")
        await eventually { edits.count == 1 }
        edits.gate(0).open(returning: ())
        #expect(await edit.settled() == .committed(nil))
        clock.advance(by: .seconds(1))
        store.evictExpiredKeys()
        #expect(!store.contains("b") && store.contains("a"), "let go once removed; the shown row stays")
        await eventually { calls.count == 3 }
        calls.openAll()
    }

    @Test func removingTheLastRowShowsTheEmptyScreenInTheSameDraw() async {
        await load(0, answering: [Colour("a")])
        _ = screen.log.drain()
        list.remove("Delete a", id: "a", request: request())
        #expect(screen.log.entries == ["content.apply(-a)", "content.hide", "empty.show(empty)"])
        await eventually { edits.count == 1 }
        edits.openAll()
        await endReload(1)
    }
}

/// The ids requests were sent with, in order.
final class SentIDs: @unchecked Sendable {
    // @unchecked: `sent` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var sent: [String] = []

    func append(_ id: String) { lock.withLock { sent.append(id) } }

    var ids: [String] { lock.withLock { sent } }
}
