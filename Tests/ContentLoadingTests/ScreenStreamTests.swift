import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// The stream of screens: newest-value buffering, any number of consumers,
/// each starting with the screen drawn now, and every stream ends when its wrapper goes.
@MainActor
@Suite("ScreenStream", .timeLimit(.minutes(1)), .hangLimit)
struct ScreenStreamTests {
    @Test func startsWithTheScreenDrawnNow() async {
        let fixture = Fixture()
        var fromTheStart = fixture.wrapper.screens.makeAsyncIterator()
        #expect(await fromTheStart.next(isolation: #isolation)?.state == .initial)

        fixture.dataSource.loadContent()
        var fromTheLoad = fixture.wrapper.screens.makeAsyncIterator()
        #expect(await fromTheLoad.next(isolation: #isolation)?.state == .loading)
        #expect(await fromTheStart.next(isolation: #isolation)?.state == .loading)
    }

    @Test func aWaitingConsumerReceivesEachScreenAsItIsDrawn() async {
        let fixture = Fixture()
        let storage = fixture.wrapper.streamStorage
        let iterator = fixture.wrapper.screens.makeAsyncIterator()
        // Off the main actor: it takes the screen drawn now, then three more, waiting for each.
        let consumer = Task.detached {
            var iterator = iterator
            var states: [ContentState] = []
            while states.count < 4, let screen = await iterator.next() { states.append(screen.state) }
            return states
        }

        for step in 0..<3 {
            await eventually { storage.waitingConsumerCount == 1 }  // the consumer waits
            switch step {
            case 0: fixture.dataSource.loadContent()
            case 1: fixture.dataSource.complete(fixture.dataSource.tokens[0], with: ["a"])
            default: fixture.dataSource.loadContent()
            }
        }
        #expect(await consumer.boundedValue() == [.initial, .loading, .content, .refreshing])
    }

    @Test func aSlowConsumerSeesTheLatestScreenAndNeverAnOlderOne() async {
        let seed = UInt64.random(in: .min ... .max)
        print("ScreenStream slow consumer: seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var fixture: Fixture? = Fixture()
        let stream = fixture!.wrapper.screens
        // Three consumers off the main actor, two of them slow; each records the failures it saw.
        let consumers = (0..<3).map { index in
            Task.detached {
                var seen: [Int] = []
                for await screen in stream {
                    if case .error(let error as TestError, _) = screen { seen.append(error.id) }
                    for _ in 0..<(index * 50) { await Task.yield() }
                }
                return seen
            }
        }

        let loads = 300
        for id in 1...loads {
            let dataSource = fixture!.dataSource
            dataSource.loadContent()
            dataSource.loadingCoordinator.finish(dataSource.tokens[id - 1], error: TestError(id))
            if random.chance(20) { await Task.yield() }
        }
        #expect(fixture!.wrapper.screen.state == .error)
        fixture = nil  // the wrapper goes: every stream ends

        for (index, consumer) in consumers.enumerated() {
            guard let seen = await consumer.boundedValue() else {
                Issue.record("consumer \(index) did not end (seed \(seed))")
                continue
            }
            #expect(seen.last == loads, "consumer \(index) saw the latest screen (seed \(seed))")
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "consumer \(index): \(seen) (seed \(seed))")
        }
    }

    @Test func consumersReadIndependentlyAndAllEndWithTheirWrapper() async {
        var fixture: Fixture? = Fixture()
        let dataSource = fixture!.dataSource
        let stream = fixture!.wrapper.screens
        let storage = fixture!.wrapper.streamStorage
        let consumers = (0..<2).map { _ in
            Task.detached {
                var states: [ContentState] = []
                for await screen in stream { states.append(screen.state) }
                return states
            }
        }
        await eventually { storage.waitingConsumerCount == 2 }  // both took the initial screen
        dataSource.loadContent()
        dataSource.complete(dataSource.tokens[0], with: ["a"])
        await eventually { storage.waitingConsumerCount == 2 }  // both took the content
        fixture = nil
        for consumer in consumers {
            let states = await consumer.boundedValue()
            #expect(states?.first == .initial)
            #expect(states?.last == .content)
        }
        #expect(storage.consumerCount == 0)
    }

    @Test func everyStreamEnds() async {
        weak var released: ContentWrapper?
        var fixture: Fixture? = Fixture()
        released = fixture!.wrapper
        let stream = fixture!.wrapper.screens
        let storage = fixture!.wrapper.streamStorage

        // A consumer waiting for a screen; one holding a screen it has not taken; one cancelled.
        let waiting = stream.makeAsyncIterator()
        let waitingConsumer = Task.detached {
            var iterator = waiting
            var states: [ContentState] = []
            while let screen = await iterator.next() { states.append(screen.state) }
            return states
        }
        await eventually { storage.waitingConsumerCount == 1 }
        var holding = stream.makeAsyncIterator()
        let cancelled = Task.detached {
            var iterator = stream.makeAsyncIterator()
            var count = 0
            while await iterator.next() != nil { count += 1 }
            return count
        }
        await eventually { storage.waitingConsumerCount == 2 && storage.consumerCount == 3 }
        cancelled.cancel()
        #expect(await cancelled.boundedValue() != nil, "a cancelled consumer ends")

        fixture = nil
        #expect(released == nil, "no stream keeps its wrapper alive")
        #expect(await waitingConsumer.boundedValue() == [.initial], "the waiting consumer ends")
        #expect(await holding.next(isolation: #isolation)?.state == .initial, "the screen it held comes first")
        #expect(await holding.next(isolation: #isolation) == nil)
        var afterwards = stream.makeAsyncIterator()
        #expect(await afterwards.next(isolation: #isolation) == nil, "a consumer that starts after the wrapper went")
        #expect(storage.consumerCount == 0)
    }

    @Test func aCancelledConsumerLeavesTheOthersReading() async {
        let fixture = Fixture()
        let stream = fixture.wrapper.screens
        let storage = fixture.wrapper.streamStorage
        let cancelled = Task.detached {
            var iterator = stream.makeAsyncIterator()
            while await iterator.next() != nil {}
            return true
        }
        var reading = stream.makeAsyncIterator()
        await eventually { storage.waitingConsumerCount == 1 }
        cancelled.cancel()
        #expect(await cancelled.boundedValue() == true)
        fixture.dataSource.loadContent()
        #expect(await reading.next(isolation: #isolation)?.state == .loading)
        #expect(storage.consumerCount == 1, "the cancelled consumer's iterator is gone")
    }

    @Test func aModelWrapperStreamsWhatItsModelShows() async {
        let fixture = ScreenModelFixture()
        var iterator = fixture.wrapper.screens.makeAsyncIterator()
        #expect(await iterator.next(isolation: #isolation)?.state == fixture.model.state)
        fixture.dataSource.loadContent()
        fixture.dataSource.complete(fixture.lastToken, with: ["a"])
        #expect(await iterator.next(isolation: #isolation)?.state == .content)
        #expect(fixture.model.state == .content)
    }
}

extension ContentWrapper {
    /// The buffer this wrapper's screen streams read.
    var streamStorage: ScreenStreamStorage { screenObservation.streams(startingWith: screen) }
}
