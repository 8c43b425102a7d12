import Benchmark
import ContentLoading

/// What a consumer of `wrapper.screens` costs, the screens drawn to four
/// renderers as in `SyncHotPath.ContentLoading.Refresh`:
///
/// - a consumer that does not read while the screens are drawn (each draw replaces the screen
///   it holds): the cost the stream adds to the wrapper's synchronous path;
/// - a consumer that keeps up, reading each screen right after it is drawn, in the same task;
/// - a consumer in a task of its own that waits for each screen, against the same wait-and-wake
///   with only a yield, and with an `AsyncStream` the wrapper's delegate feeds. Not gated: most
///   of it is waking a task on the main actor, whose allocations (libdispatch's) vary from run
///   to run with the thread that drains the main queue.
func registerScreenStreamBenchmarks() {
    mainActorBenchmark(
        "SyncHotPath.ContentLoading.ScreenStream.Refresh", configuration: Configurations.perOperation(.exact),
        keepingFixture: true
    ) {
        let stack = await ScreenStack.withContent(policy: .immediate, renderers: .noOp)
        let consumer = TokenBuffer<ScreenStream.Iterator>(capacity: 1)
        consumer.tokens.append(stack.wrapper.screens.makeAsyncIterator())
        return (stack, consumer)
    } body: { fixture, benchmark in
        let coordinator = fixture.0.coordinator
        for _ in benchmark.scaledIterations {
            let state = coordinator.loadContent { _ in }
            blackHole(state.isValid)
            blackHole(coordinator.finish(state))
        }
    } report: { fixture, _ in
        var consumer = fixture.1.tokens.removeLast()
        let newest = await consumer.next(isolation: #isolation)
        precondition(newest?.state == .content, "it holds the newest screen")
        fixture.1.tokens.append(consumer)
    }

    mainActorAsyncBenchmark(
        "AsyncPath.ContentLoading.ScreenStream.DrawnChange",
        configuration: Configurations.perOperation(.within(perSample: 20))
    ) {
        (await ScreenStack.withContent(policy: .immediate, renderers: .noOp), TokenBuffer<LoadingState>(capacity: 1))
    } body: { fixture, benchmark in
        let (stack, token) = fixture
        var screens = stack.wrapper.screens.makeAsyncIterator()
        blackHole(await screens.next(isolation: #isolation))
        for index in benchmark.scaledIterations {
            drawOneChange(stack.coordinator, token, index)
            blackHole(await screens.next(isolation: #isolation))
        }
    }

    mainActorAsyncBenchmark("TaskWakeup.Yield", configuration: Configurations.perOperation(.recordedOnly)) {
        (await ScreenStack.withContent(policy: .immediate, renderers: .noOp), TokenBuffer<LoadingState>(capacity: 1))
    } body: { fixture, benchmark in
        let (stack, token) = fixture
        for index in benchmark.scaledIterations {
            drawOneChange(stack.coordinator, token, index)
            await Task.yield()
        }
    }

    mainActorAsyncBenchmark(
        "TaskWakeup.ContentLoading.ScreenStream", configuration: Configurations.perOperation(.recordedOnly)
    ) {
        let stack = await ScreenStack.withContent(policy: .immediate, renderers: .noOp)
        let consumer = ScreenStreamConsumer(stack.wrapper.screens)
        await settleScheduledWork()
        precondition(consumer.received == 1, "the consumer took the screen drawn when it started")
        return (stack, TokenBuffer<LoadingState>(capacity: 1), consumer)
    } body: { fixture, benchmark in
        let (stack, token, consumer) = fixture
        for index in benchmark.scaledIterations {
            drawOneChange(stack.coordinator, token, index)
            while consumer.received < index + 2 { await Task.yield() }
        }
    } report: { fixture, benchmark in
        precondition(fixture.2.received - 1 == benchmark.scaledIterations.count)
    }

    mainActorAsyncBenchmark("TaskWakeup.AsyncStream", configuration: Configurations.perOperation(.recordedOnly)) {
        let stack = await ScreenStack.withContent(policy: .immediate, renderers: .noOp)
        let relay = AsyncStreamRelay()
        stack.wrapper.delegate = relay
        await settleScheduledWork()
        return (stack, TokenBuffer<LoadingState>(capacity: 1), relay)
    } body: { fixture, benchmark in
        let (stack, token, relay) = fixture
        for index in benchmark.scaledIterations {
            drawOneChange(stack.coordinator, token, index)
            while relay.received < index + 1 { await Task.yield() }
        }
    } report: { fixture, benchmark in
        precondition(fixture.2.received == benchmark.scaledIterations.count)
    }
}

/// Draws one change: a refresh begins (even `index`), or the one begun ends (odd).
@MainActor
private func drawOneChange(_ coordinator: LoadingCoordinator, _ token: TokenBuffer<LoadingState>, _ index: Int) {
    if index.isMultiple(of: 2) {
        token.tokens.append(coordinator.loadContent { _ in })
    } else {
        coordinator.finish(token.tokens.removeLast())
    }
}
