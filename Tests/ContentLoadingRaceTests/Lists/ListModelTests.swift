import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Lists of shared items, model-based. Seeded sequences open a feed and a search (and more
/// lists) with list renderers, and detail screens, over one store of five items; load and
/// refresh the lists and answer their requests out of order (some superseded, some with an id
/// twice, some with values equal to those drawn); write, star (optimistic writes committed,
/// failed, cancelled, superseded), invalidate, remove and evict items; edit rows (inserts under
/// temporary ids, removes, moves, a star on a new row, details opened and starred on a new row's
/// temporary id) and settle the edits out of order; load
/// more of a paged list and answer or fail its pages out of order with its refreshes; and run
/// steps from inside a renderer's `apply`. After every step each list's rows and each row's item, every frame its
/// renderer was handed (each difference making its snapshot of the one before, never empty), the
/// details' values, keys and failures, and the items the store knows agree with the reference model.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct ListModelTests {
    /// 300 sequences by default; `STRESS=1` runs 100 times more.
    @Test func randomSequencesMatchTheReferenceModel() async {
        var reached = Coverage<String>()
        let passed = await RaceRunner.explore(
            "ListModelTests", count: 300, sequence: { ListStepGenerator.sequence(seed: $0) },
            noting: { step, before, answer, model in
                if answer == "dropped" { reached.note("responses dropped") }
                if model.keptNewer > before.keptNewer { reached.note("newer items kept") }
                if model.suppressed > before.suppressed { reached.note("equal values not drawn") }
                if model.evicted > before.evicted { reached.note("evictions") }
                if model.reentered > before.reentered { reached.note("steps from inside apply") }
                if model.screenReentered > before.screenReentered { reached.note("steps from inside show or hide") }
                if model.rowsChangedInsideApply > before.rowsChangedInsideApply {
                    reached.note("rows changed from inside apply")
                }
                if answer == "superseded" { reached.note("superseded writes") }
                if answer == "failed", case .settle = step { reached.note("rollbacks") }
                if answer == "refused" { reached.note("removals refused") }
                if model.lists.contains(where: { !$0.duplicates.isEmpty }) { reached.note("duplicates") }
                if model.landedUnderEdits > before.landedUnderEdits { reached.note("answers landed under edits") }
                if model.staleKeptEdits > before.staleKeptEdits { reached.note("stale answers kept edits") }
                if model.rekeyed > before.rekeyed { reached.note("new rows re-keyed") }
                if model.failedCreates > before.failedCreates { reached.note("failed creates") }
                if model.cancelledEdits > before.cancelledEdits { reached.note("edits cancelled") }
                if model.rekeyedDetails > before.rekeyedDetails { reached.note("details re-keyed") }
                if model.emptiedDetails > before.emptiedDetails { reached.note("details of failed creates emptied") }
                if model.queuedSent > before.queuedSent { reached.note("edits sent with the server's id") }
                if model.reloads > before.reloads { reached.note("reloads after edits") }
                if model.removedLetGo > before.removedLetGo { reached.note("removed rows let go") }
                if model.pagesLanded > before.pagesLanded { reached.note("pages landed") }
                if model.pagesDropped > before.pagesDropped { reached.note("pages dropped by a refresh") }
                if model.pagesUnderEdits > before.pagesUnderEdits { reached.note("pages landed under edits") }
                if model.pageDuplicates > before.pageDuplicates { reached.note("page duplicates left out") }
                if model.pagesFromInsideCallbacks > before.pagesFromInsideCallbacks {
                    reached.note("pages from inside callbacks")
                }
                if case .settleEdit = step, answer == "failed" || answer?.hasPrefix("failed ") == true {
                    reached.note("edits rolled back")
                }
                let frames = model.lists.map(\.frames.count).reduce(0, +)
                if frames > before.lists.map(\.frames.count).reduce(0, +), model.lists.count > 1,
                    case .star = step
                {
                    reached.note("stars drawn")
                }
            })
        let situations = [
            "responses dropped", "newer items kept", "equal values not drawn", "evictions", "steps from inside apply",
            "superseded writes", "rollbacks", "removals refused", "duplicates", "stars drawn",
            "rows changed from inside apply", "steps from inside show or hide", "answers landed under edits",
            "stale answers kept edits", "new rows re-keyed", "failed creates", "edits sent with the server's id",
            "reloads after edits", "removed rows let go", "edits rolled back", "pages landed",
            "pages dropped by a refresh", "pages landed under edits", "page duplicates left out",
            "pages from inside callbacks", "edits cancelled", "details re-keyed", "details of failed creates emptied",
        ]
        print("lists lane reached: \(reached.summary(situations))")
        if passed { #expect(reached.missing(situations).isEmpty, "the sequences reach every situation") }
    }

    /// Each planted fault is found among fixed-seed sequences through the comparison meant to
    /// see it, and shrunk to a sequence from which no step can be removed, which passes without it.
    @Test(arguments: ListFault.allCases)
    func everyComparisonCatchesItsFault(_ fault: ListFault) async {
        await RaceRunner.hunt(fault, base: 0x1157_0000_0000, count: 1_000) { ListStepGenerator.sequence(seed: $0) }
    }

    /// The feed's refresh is answered after a star committed: the star stays on the feed, the
    /// search and the detail; an older search answer is dropped.
    @Test func aRefreshAnsweredAfterAStarKeepsIt() async {
        let steps: [ListStep] = [
            .openList, .openList, .openDetail(1), .load(0), .answer(0, .newest, ids: [1, 2], title: "a"),
            .load(0), .load(1), .load(1), .star(1), .settle(.newest, .commit),
            .answer(0, .newest, ids: [2, 1], title: "b"), .answer(1, .oldest, ids: [1], title: "b"),
            .answer(1, .newest, ids: [1, 1, 3], title: "b"),
        ]
        #expect(await RaceRunner(ListRaceLane()).run(steps) == nil)
        var model = ListReferenceModel(fault: nil)
        for step in steps { model.apply(step) }
        #expect(model.rows == ["[2:b, 1:a*]", "[1:a*, 3:b]"])
        #expect(model.detailValues == ["1:a*"])
    }

    /// A refresh updates a row; from inside the renderer's apply of that frame the app writes the
    /// item again: the row holds the newer write (the race that found the rows' stale update).
    @Test func aWriteFromInsideApplyStaysOnItsRow() async {
        let steps: [ListStep] = [
            .openList, .load(0), .answer(0, .newest, ids: [1], title: "a"), .load(0),
            .reenter(0, .write(1, title: "b")), .answer(0, .newest, ids: [1], title: "c"),
        ]
        #expect(await RaceRunner(ListRaceLane()).run(steps) == nil)
        var model = ListReferenceModel(fault: nil)
        for step in steps { model.apply(step) }
        #expect(model.rows == ["[1:b]"])
        #expect(model.lists[0].frames == ["[1] ~[]", "[1] ~[1]", "[1] ~[1]"])
    }

    /// A row inserted under a temporary id, starred, and a row removed: a refresh lands under
    /// them (the new row stays, the removed one stays away); the create commits and the row is
    /// re-keyed at its place, its star sent with the server's id; once the remove commits, the
    /// list reloads.
    @Test func aNewRowKeepsItsPlaceAndItsStarUnderARefresh() async {
        let steps: [ListStep] = [
            .openList, .load(0), .answer(0, .newest, ids: [1, 2, 3], title: "a"), .insertRow(0, at: 1),
            .starNewRow(0), .removeRow(0, row: 2), .load(0), .answer(0, .newest, ids: [3, 2, 1], title: "b"),
            .settleEdit(.oldest, .commit), .settleEdit(.oldest, .commit), .settleEdit(.oldest, .commit),
        ]
        #expect(await RaceRunner(ListRaceLane()).run(steps) == nil)
        var model = ListReferenceModel(fault: nil)
        let answers = steps.map { model.apply($0) ?? "-" }
        #expect(Array(answers.suffix(3)) == ["committed(101:new)", "committed(101:new*) via 101", "committed via 2"])
        #expect(model.rows == ["[3:b, 101:new*, 1:b]"])
        #expect(model.lists[0].frames.contains("[3, -1, 1] ~[1, 3]"))
        #expect(model.lists[0].frames.last == "[3, 101, 1] ~[]")
        #expect(model.isLoading(1))
    }

    /// A load begun from inside the draw of a committed insert, then the reload once the list's
    /// edits settled, in one main-actor turn: their tasks reach their gates in either order, and
    /// the reload is the request that lands (the order a fresh-clone CI run took); the
    /// superseded load, ending late, still lets the store go by the end of the run.
    @Test(arguments: [false, true])
    func theReloadLandsWhicheverLoadArrivesFirst(supersededLoadsLag: Bool) async {
        let steps: [ListStep] = [
            .openList, .load(0), .answer(0, .newest, ids: [3], title: "a"), .insertRow(0, at: 0),
            .reenter(0, .load(0)), .settleEdit(.oldest, .commit), .answer(0, .oldest, ids: [4], title: "b"),
            .answer(0, .newest, ids: [5], title: "c"),
        ]
        let lane = ListRaceLane(supersededLoadsLag: supersededLoadsLag)
        #expect(await RaceRunner(lane).run(steps) == nil)
        var model = ListReferenceModel(fault: nil)
        let answers = steps.map { model.apply($0) ?? "-" }
        #expect(Array(answers.suffix(2)) == ["dropped", "landed"])
        #expect(model.rows == ["[5:c]"])
    }

    /// A paged list loads more; a row is removed and the remove commits while the page is in
    /// flight: the page leaves out the removed row and the one the list shows, and its other
    /// rows join the end. A page begun before a refresh is dropped, answered after it.
    @Test func aPageKeepsARemovedRowAwayAndARefreshDropsThePageInFlight() async {
        let steps: [ListStep] = [
            .openPagedList, .load(0), .answer(0, .newest, ids: [1, 2, 3], title: "a"), .loadMore(0),
            .removeRow(0, row: 1), .settleEdit(.newest, .commit),
            .answerPage(0, .newest, ids: [2, 4, 3, 5], title: "p"),
            .loadMore(0), .load(0), .answer(0, .newest, ids: [5, 1], title: "r"),
            .answerPage(0, .oldest, ids: [4], title: "x"),
        ]
        #expect(await RaceRunner(ListRaceLane()).run(steps) == nil)
        var model = ListReferenceModel(fault: nil)
        let answers = steps.map { model.apply($0) ?? "-" }
        #expect(answers[6] == "landed")
        #expect(answers.last == "dropped")
        #expect(model.lists[0].frames.contains("[1, 3, 4, 5] ~[]"))
        #expect(model.rows == ["[5:r, 1:r]"])
    }

    /// A load begun from inside the drawing of a first page's rows keeps the list loading; from
    /// inside the drawing of its answer, which empties the list, load more is refused: the load
    /// is in flight until its rows are drawn (the race that found the model starting a page).
    @Test func loadMoreFromInsideTheDrawingOfALoadIsRefused() async {
        let steps: [ListStep] = [
            .openPagedList, .reenter(2, .load(1)), .load(2), .answer(2, .newest, ids: [3], title: "a"),
            .reenter(2, .loadMore(2)), .answer(2, .newest, ids: [], title: "b"), .failPage(0, .oldest),
        ]
        #expect(await RaceRunner(ListRaceLane()).run(steps) == nil)
        var model = ListReferenceModel(fault: nil)
        let answers = steps.map { model.apply($0) ?? "-" }
        #expect(answers.last == "none")
        #expect(model.pagesFromInsideCallbacks == 0)
        #expect(model.lists[0].displayed == .empty)
    }

    /// A refresh lands rows and a load begins from inside their drawing: the list stays
    /// refreshing; once that load fails, the list shows its rows again and loads more (the
    /// model that settled the refresh called the failure an error screen, and refused).
    @Test func aRefreshBegunFromInsideADrawingFailsBackToContent() async {
        let steps: [ListStep] = [
            .openPagedList, .load(0), .answer(0, .newest, ids: [1], title: "a"), .reenter(0, .load(0)), .load(0),
            .answer(0, .newest, ids: [2], title: "b"), .loadMore(0), .fail(0, .oldest), .loadMore(0),
        ]
        #expect(await RaceRunner(ListRaceLane()).run(steps) == nil)
        var model = ListReferenceModel(fault: nil)
        let answers = steps.map { model.apply($0) ?? "-" }
        #expect(Array(answers.suffix(3)) == ["refused", "failed", "started"])
        #expect(model.rows == ["[2:b]"])
    }

    /// A refresh lands no rows and a load begins from inside its drawing: the list stays
    /// refreshing, its content renderer neither shown nor hidden, until that load fails and
    /// hides it for the error screen (a write from inside the hide is drawn).
    @Test func aRefreshLeftWithNoRowsHidesItsContentWhenItFails() async {
        let steps: [ListStep] = [
            .openList, .load(0), .answer(0, .newest, ids: [2], title: "a"),
            .reenterScreen(0, hides: true, .write(1, title: "z")), .reenter(0, .load(0)), .load(0),
            .answer(0, .newest, ids: [], title: "a"), .fail(0, .oldest),
        ]
        #expect(await RaceRunner(ListRaceLane()).run(steps) == nil)
        var model = ListReferenceModel(fault: nil)
        let answers = steps.map { model.apply($0) ?? "-" }
        #expect(Array(answers.suffix(2)) == ["landed", "failed"])
        #expect(model.screenReentered == 1)
        #expect(model.lists[0].displayed == .error)
    }

    /// A paged list's first answer lands while another list draws, and a load begun from inside
    /// that drawing fails: the list shows the error with the answer's rows kept. An edit of those
    /// rows then shows the content, and more loads.
    @Test func anEditAfterAFailedLoadShowsTheRowsItKept() async {
        let steps: [ListStep] = [
            .openList, .openList, .openPagedList, .load(1), .answer(1, .newest, ids: [5, 4, 1], title: "a"),
            .reenter(1, .load(2)), .load(2), .answer(2, .newest, ids: [2, 1], title: "r"), .fail(2, .newest),
            .removeRow(2, row: 4), .loadMore(2),
        ]
        #expect(await RaceRunner(ListRaceLane()).run(steps) == nil)
        var model = ListReferenceModel(fault: nil)
        let answers = steps.map { model.apply($0) ?? "-" }
        #expect(Array(answers.suffix(3)) == ["failed", "edit 1", "started"])
        #expect(model.lists[2].displayed == .content)
    }

    /// The wrapper shows a refresh's rows, then hides them for an empty answer; a star from
    /// inside the show and a write from inside the hide are drawn on the other list.
    @Test func stepsFromInsideShowAndHideAreDrawnElsewhere() async {
        let steps: [ListStep] = [
            .openList, .openList, .load(1), .answer(1, .newest, ids: [2], title: "a"),
            .reenterScreen(0, hides: false, .star(2)), .reenterScreen(0, hides: true, .write(2, title: "b")),
            .load(0), .answer(0, .newest, ids: [2], title: "a"), .load(0), .answer(0, .newest, ids: [], title: "a"),
        ]
        #expect(await RaceRunner(ListRaceLane()).run(steps) == nil)
        var model = ListReferenceModel(fault: nil)
        for step in steps { model.apply(step) }
        #expect(model.rows == ["[]", "[2:b*]"])
        #expect(model.screenReentered == 2)
    }

    /// A detail opened on a new row's temporary id, starred there while the create is pending:
    /// it shows the list's item, is re-keyed to the server's id with the star as the create
    /// commits (no frame of nothing between), the star then sent with the server's id. Another detail on a second new row is
    /// left empty, with the create's failure beside it, when that create fails.
    @Test func aDetailOnANewRowIsReKeyedOrEmptiedWithItsCreate() async {
        let steps: [ListStep] = [
            .openList, .load(0), .answer(0, .newest, ids: [1], title: "a"), .insertRow(0, at: 1),
            .openDetailOnNewRow, .starDetail, .insertRow(0, at: 0), .openDetailOnNewRow, .starDetail,
            .settleEdit(.oldest, .commit), .settleEdit(.oldest, .commit), .settleEdit(.newest, .fail),
        ]
        #expect(await RaceRunner(ListRaceLane()).run(steps) == nil)
        var model = ListReferenceModel(fault: nil)
        let answers = steps.map { step in
            defer { model.drawDetails() }
            return model.apply(step) ?? "-"
        }
        #expect(answers[5] == "edit 2" && answers[8] == "edit 4")
        #expect(Array(answers.suffix(3)) == ["committed(101:new)", "committed(101:new*) via 101", "failed"])
        #expect(model.detailKeys == [101, -2] && model.detailValues == ["101:new*", "nil"])
        #expect(model.detailFailures == ["-", "Add -2"])
        #expect(
            model.detailFrames == [
                "-1 -1:draft | -1 -1:draft* | 101 101:new*", "-2 -2:draft | -2 -2:draft* | empty",
            ])
    }
}
