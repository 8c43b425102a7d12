import ContentLoading

/// Runs a retry race against the real types and ``RetryModel`` side by side, comparing them
/// after every step, and shrinks a failing race to a 1-minimal one.
@MainActor
enum RetrySequenceRunner {
    typealias Problem = RaceHarness.Problem<RetryView.Field>
    typealias Mismatch = RaceHarness.Mismatch<RetryView.Field>

    /// Runs `steps`, then brings every load still running to its end (as checked steps),
    /// releases the data source (checked), and checks that the system is freed. Returns the
    /// first mismatch, if any.
    static func run(
        _ steps: [RetryStep], setup: RetryRaceSetup, fault: RetryFault? = nil, reached: RetryScenarioTally? = nil
    ) async -> Mismatch? {
        var live: RetryLiveSystem? = RetryLiveSystem(setup: setup, fault: fault)
        var model = RetryModel(setup: setup, fault: fault)
        if let problems = compare(model.view(answer: nil), live!.view(answer: nil, settled: nil)) {
            return Mismatch(step: 0, what: "init", problems: problems)
        }
        var number = 0
        func step(_ step: RetryStep) async -> Mismatch? {
            number += 1
            let predicted = model.apply(step)
            let answer = live!.apply(step)
            let settled = await live!.settle()
            guard let problems = compare(model.view(answer: predicted), live!.view(answer: answer, settled: settled))
            else { return nil }
            await live!.endAllWork()
            return Mismatch(step: number, what: "\(step)", problems: problems)
        }
        for next in steps {
            if let mismatch = await step(next) { return mismatch }
        }
        // Counted before the drain, whose steps the generator did not choose.
        reached?.add(model.scenarios)
        // Every load still running ends, checked like any step (a bound in case one never does).
        for _ in 0..<64 {
            guard let next = model.drainStep else { break }
            if let mismatch = await step(next) { return mismatch }
        }
        if !model.isReleased, let mismatch = await step(.releaseDataSource) { return mismatch }
        await live!.endAllWork()
        weak let wrapper = live!.wrapper
        weak let screen = live!.screen
        weak let book = live!.book
        live = nil
        let leaks = RaceHarness.leaks(
            [("wrapper", wrapper), ("screen model", screen), ("attempt book", book)], field: RetryView.Field.lifetime)
        return leaks.isEmpty ? nil : Mismatch(step: number + 1, what: "teardown", problems: leaks)
    }

    private static func compare(_ model: RetryView, _ live: RetryView) -> [Problem]? {
        let problems = model.problems(comparedWith: live)
        return problems.isEmpty ? nil : problems
    }

    /// Shrinks a failing race to a 1-minimal one (no single step can be removed).
    static func shrink(_ steps: [RetryStep], setup: RetryRaceSetup, fault: RetryFault? = nil) async
        -> (steps: [RetryStep], mismatch: Mismatch)?
    {
        guard
            let (minimal, mismatch) = await RaceHarness.shrink(
                steps, run: { await run($0, setup: setup, fault: fault) })
        else { return nil }
        return (minimal, mismatch)
    }

    /// The race as Swift source, to paste into a regression test.
    static func source(_ steps: [RetryStep]) -> String {
        RaceHarness.source(steps)
    }
}
