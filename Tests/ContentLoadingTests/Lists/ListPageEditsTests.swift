import Testing

@testable import ContentLoading

/// A page landing in the order of an edited list: it joins the end of the server's order, less
/// the rows a remove committed since its request began took out; pending edits stay on top.
@Suite("A page in the order of an edited list")
struct ListPageEditsTests {
    @Test func aPageJoinsTheEndUnderThePendingEdits() {
        var edits = ListEdits<String>()
        edits.land(["a", "b"], since: edits.mark)
        let mark = edits.mark
        _ = edits.add(.move("b", to: 0))
        _ = edits.add(.remove("d"))
        edits.append(["c", "d", "e"], since: mark)
        #expect(edits.base == ["a", "b", "c", "d", "e"])
        #expect(edits.ids == ["b", "a", "c", "e"], "the move and the remove stay on top")
    }

    @Test func aRemoveCommittedSinceThePageBeganTakesItsRowOutOfThePage() {
        var edits = ListEdits<String>()
        edits.land(["a", "b", "c"], since: edits.mark)
        let mark = edits.mark
        let removed = edits.add(.remove("c"))
        edits.commit(removed)
        edits.append(["c", "d"], since: mark)
        #expect(edits.ids == ["a", "b", "d"], "the page, answered before the remove, does not bring it back")
        let later = edits.mark
        edits.append(["c", "e"], since: later)
        #expect(edits.ids == ["a", "b", "d", "c", "e"], "a page begun after the remove is the server's word")
    }
}
