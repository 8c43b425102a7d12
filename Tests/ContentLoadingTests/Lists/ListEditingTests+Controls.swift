import ContentLoading
import ContentLoadingTestSupport
import Testing

/// An edit's controls, as a store write's: cancelling it takes its change off the screen at once
/// and ignores its answer; a failed one is made again from its failure; its request is retried
/// and waits for the network as its retry policy says.
extension ListEditingTests {
    @Test func aCancelledRemoveBringsTheRowBackAtOnceAndIgnoresItsAnswer() async {
        await load(0, answering: [Colour("a"), Colour("b")])
        let removed = list.remove("Delete b", id: "b", request: request())
        #expect(screen.rows == "[A]")
        await eventually { edits.count == 1 }
        #expect(removed.cancel())
        #expect(screen.rows == "[A, B]" && removed.outcome == .cancelled, "back at once, settled")
        #expect(!removed.cancel(), "a settled edit cancels nothing")
        edits.gate(0).open(returning: ())
        #expect(await removed.settled() == .cancelled)
        #expect(screen.rows == "[A, B]" && list.writeFailure == nil, "the answer is ignored")
        // The request may have reached the server: the list reloads, and ends on its order.
        await load(1, answering: [Colour("a")])
        #expect(screen.rows == "[A]")
    }

    @Test func aCancelledInsertTakesItsRowAndWhatWaitedOnItAway() async {
        await load(0, answering: [Colour("a")])
        let inserted = insert("tmp-1", at: 0)
        let moved = list.move("Move new", id: "tmp-1", to: 1, request: request())
        let draws = screen.renderer.differences.count
        #expect(inserted.cancel())
        #expect(screen.renderer.differences.dropFirst(draws) == ["-tmp-1"], "one draw")
        #expect(screen.rows == "[A]" && store.value(for: "tmp-1") == nil)
        #expect(await moved.settled() == .cancelled && edits.count == 0, "the move was never sent")
        #expect(await inserted.settled() == .cancelled)
        await endReload(1)
        #expect(creates.count == 0, "cancelled before it ran: the create was never sent")
    }

    @Test func aCancelledStarOnARowWaitingForItsServerIDIsNeverSent() async {
        await load(0, answering: [Colour("a")])
        let inserted = insert("tmp-1", at: 0)
        let starred = star("tmp-1")
        #expect(starred.cancel() && starred.outcome == .cancelled)
        await eventually { creates.count == 1 }
        creates.gate(0).open(returning: Colour("c7", "NEW"))
        #expect(await inserted.settled() == .committed(Colour("c7", "NEW")))
        #expect(screen.rows == "[NEW, A]", "the server's item, unstarred")
        #expect(writes.count == 0 && sent.ids.isEmpty, "the star was never sent")
        await endReload(1)
    }

    @Test func aCancelledStarLeavesTheRowAtOnce() async {
        await load(0, answering: [Colour("a")])
        let starred = star("a")
        #expect(screen.rows == "[A★]")
        #expect(starred.cancel())
        #expect(screen.rows == "[A]" && starred.outcome == .cancelled)
        #expect(await starred.settled() == .cancelled && writes.count == 0, "never sent")
    }

    @Test func aFailedEditsRetryShowsAtOnceAndCommits() async {
        await load(0, answering: [Colour("a"), Colour("b")])
        let moved = list.move("Move b", id: "b", to: 0, request: request())
        await eventually { edits.count == 1 }
        edits.gate(0).open(throwing: TestError(1))
        #expect(await moved.settled() == .failed(TestError(1)))
        guard let failure = list.writeFailure else {
            Issue.record("the move's failure is not reported")
            return
        }
        await load(1, answering: [Colour("a"), Colour("b")])  // the reload once the edit settled
        list.dismissWriteFailure()
        #expect(list.retry(failure))
        #expect(screen.rows == "[B, A]", "the retry shows at once")
        #expect(!list.retry(failure) && moved.retry() == nil, "a failure is retried once")
        #expect(!list.retry(WriteFailure(writeDescription: "Mine", error: TestError(2))), "one the app made")
        await eventually { edits.count == 2 }
        edits.gate(1).open(returning: ())
        #expect(sent.ids == ["b", "b"])
        await eventually { calls.count == 3 }  // committed: the list reloads
        await load(2, answering: [Colour("b"), Colour("a")])
        #expect(screen.rows == "[B, A]")
    }

    @Test func anEditsRequestIsRetriedAsItsPolicySays() async {
        await load(0, answering: [Colour("a"), Colour("b")])
        let policy = RetryPolicy(maxAttempts: 2, baseDelay: .seconds(1), jitter: 0, shouldRetry: { _, _ in true })
        let removed = list.remove("Delete b", id: "b", retrying: policy, request: request())
        await eventually { edits.count == 1 }
        edits.gate(0).open(throwing: TestError(1))
        await eventually { clock.sleeperCount == 1 }
        #expect(removed.isPending && screen.rows == "[A]", "still on screen while it retries")
        clock.advance(by: .seconds(1))
        await eventually { edits.count == 2 }
        edits.gate(1).open(returning: ())
        #expect(await removed.settled() == .committed(nil))
        #expect(list.writeFailure == nil)
        await load(1, answering: [Colour("a")])
    }

    @Test func anEditMadeOfflineIsSentOnceTheAppIsOnline() async {
        await load(0, answering: [Colour("a"), Colour("b")])
        let network = Connectivity(isOnline: false)
        let removed = list.remove(
            "Delete b", id: "b", retrying: RetryPolicy(maxAttempts: 1, connectivity: network), request: request())
        await eventually { network.waiterCount == 1 }
        #expect(edits.count == 0 && screen.rows == "[A]", "shown, not sent")
        network.isOnline = true
        await eventually { edits.count == 1 }
        edits.gate(0).open(returning: ())
        #expect(await removed.settled() == .committed(nil))
        await load(1, answering: [Colour("a")])
    }
}
