import ContentLoading

/// Runs a retry race against the real types and ``RetryModel`` side by side, comparing them
/// after every step, and shrinks a failing race to a 1-minimal one.
@MainActor
enum RetrySequenceRunner {
    /// One disagreement.
    struct Problem: CustomStringConvertible {
        let field: RetryView.Field
        let detail: String
        var description: String { "\(field): \(detail)" }
    }

    /// Where the real types first disagreed with the model, and how.
    struct Mismatch: CustomStringConvertible {
        let step: Int
        let operation: String
        let problems: [Problem]

        var fields: Set<RetryView.Field> { Set(problems.map(\.field)) }
        var description: String {
            "step \(step) (\(operation)): " + problems.map(\.description).joined(separator: "; ")
        }
    }

    /// Runs `steps`, then brings every load still running to its end (as checked steps),
    /// releases the data source (checked), and checks that the system is freed. Returns the
    /// first mismatch, if any.
    static func run(
        _ steps: [RetryStep], setup: RetryRaceSetup, fault: RetryFault? = nil, reached: RetryScenarioTally? = nil
    ) async -> Mismatch? {
        var live: RetryLiveSystem? = RetryLiveSystem(setup: setup, fault: fault)
        var model = RetryModel(setup: setup, fault: fault)
        if let problems = compare(model.view(answer: nil), live!.view(answer: nil, settled: nil)) {
            return Mismatch(step: 0, operation: "init", problems: problems)
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
            return Mismatch(step: number, operation: "\(step)", problems: problems)
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
        var leaks: [Problem] = []
        if wrapper != nil { leaks.append(Problem(field: .lifetime, detail: "wrapper alive after the run")) }
        if screen != nil { leaks.append(Problem(field: .lifetime, detail: "screen model alive after the run")) }
        if book != nil { leaks.append(Problem(field: .lifetime, detail: "attempt book alive after the run")) }
        return leaks.isEmpty ? nil : Mismatch(step: number + 1, operation: "teardown", problems: leaks)
    }

    private static func compare(_ model: RetryView, _ live: RetryView) -> [Problem]? {
        let problems = model.problems(comparedWith: live)
        return problems.isEmpty ? nil : problems
    }

    /// Shrinks a failing race: removes ever smaller chunks, then single steps until none can
    /// go. The result is 1-minimal (no single step can be removed).
    static func shrink(_ steps: [RetryStep], setup: RetryRaceSetup, fault: RetryFault? = nil) async
        -> (steps: [RetryStep], mismatch: Mismatch)?
    {
        guard var failure = await run(steps, setup: setup, fault: fault) else { return nil }
        var current = steps
        func attempt(_ candidate: [RetryStep]) async -> Bool {
            guard let mismatch = await run(candidate, setup: setup, fault: fault) else { return false }
            current = candidate
            failure = mismatch
            return true
        }
        var chunk = current.count / 2
        while chunk > 1 {
            var start = 0
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                if !(await attempt(candidate)) { start += chunk }
            }
            chunk /= 2
        }
        var index = 0
        while index < current.count {
            var candidate = current
            candidate.remove(at: index)
            if await attempt(candidate) { index = 0 } else { index += 1 }
        }
        return (current, failure)
    }

    /// The race as Swift source, to paste into a regression test.
    static func source(_ steps: [RetryStep]) -> String {
        "[\n" + steps.map { "    \($0),\n" }.joined() + "]"
    }
}
