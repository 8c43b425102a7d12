import Testing

@testable import ContentLoading

/// The order of a list's rows as a pure value: the server's order with the pending edits on
/// top, committed edits joining it in the order they were made, stale responses not undoing them.
@Suite("The order of an edited list")
struct ListEditsTests {
    @Test func pendingEditsShowOnTopOfEveryResponse() {
        var edits = ListEdits<String>()
        edits.land(["a", "b", "c"], since: edits.mark)
        _ = edits.add(.remove("b"))
        _ = edits.add(.move("c", to: 0))
        _ = edits.add(.insert("t", at: 9))
        #expect(edits.ids == ["c", "a", "t"])
        edits.land(["a", "b", "c", "d"], since: edits.mark)
        #expect(edits.ids == ["c", "a", "d", "t"], "a response keeps every pending edit")
    }

    @Test func aCommittedInsertIsReKeyedWithEveryPendingEditOfItsRow() {
        var edits = ListEdits<String>()
        edits.land(["a", "b"], since: edits.mark)
        let insert = edits.add(.insert("t", at: 1))
        _ = edits.add(.move("t", to: 0))
        edits.commit(insert, as: "s")
        #expect(edits.ids == ["s", "a", "b"] && edits.isPending("s") && !edits.isPending("t"))
    }

    @Test func aCommittedEditWaitsForTheEditsMadeBeforeIt() {
        var edits = ListEdits<String>()
        edits.land(["a", "b", "c"], since: edits.mark)
        let move = edits.add(.move("c", to: 0))
        let insert = edits.add(.insert("t", at: 1))
        edits.commit(insert, as: "s")
        #expect(edits.ids == ["c", "s", "a", "b"] && edits.hasPendingEdits)
        edits.drop(move)
        #expect(edits.ids == ["a", "s", "b", "c"] && !edits.hasPendingEdits, "folded in once the move settled")
        #expect(edits.base == ["a", "s", "b", "c"])
    }

    @Test func aResponseBegunBeforeAnEditCommittedShowsItAgain() {
        var edits = ListEdits<String>()
        edits.land(["a", "b", "c"], since: edits.mark)
        let stale = edits.mark
        let remove = edits.add(.remove("b"))
        edits.commit(remove)
        let fresh = edits.mark
        edits.land(["a", "b", "c"], since: stale)
        #expect(edits.ids == ["a", "c"], "the server answered before it removed b")
        edits.land(["a", "b", "c"], since: fresh)
        #expect(edits.ids == ["a", "b", "c"], "an answer begun after the commit is the server's order")
        #expect(!edits.isEdited)
    }
}
