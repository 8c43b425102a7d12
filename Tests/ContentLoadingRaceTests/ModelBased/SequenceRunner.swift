import ContentLoading

/// Runs one sequence against the real types and the reference model side by side, comparing
/// them after every step, and shrinks a failing sequence to a shortest one that still fails.
@MainActor
enum SequenceRunner {
    /// Where and how the real types first disagreed with the model.
    struct Mismatch: CustomStringConvertible {
        let step: Int
        let operation: String
        let problems: [String]

        var description: String { "step \(step) (\(operation)): " + problems.joined(separator: "; ") }
    }

    /// Runs `operations`, then lets every async load still waiting return (as further checked
    /// steps), so no task outlives the run. Returns the first mismatch, if any.
    static func run(_ operations: [RaceOperation]) async -> Mismatch? {
        let live = LiveSystem()
        var model = ReferenceModel()
        if let problems = compare(live, model, answers: (nil, nil)) {
            return Mismatch(step: 0, operation: "init", problems: problems)
        }
        func step(_ number: Int, _ operation: RaceOperation) async -> Mismatch? {
            let modelAnswer = model.apply(operation)
            let liveAnswer = await live.apply(operation)
            guard let problems = compare(live, model, answers: (liveAnswer, modelAnswer)) else { return nil }
            return Mismatch(step: number, operation: "\(operation)", problems: problems)
        }
        for (index, operation) in operations.enumerated() {
            if let mismatch = await step(index + 1, operation) { return mismatch }
        }
        // Let every async load whose result is not known yet return, checked like any step.
        var number = operations.count
        while let waiting = model.asyncLoads.firstIndex(where: { $0.value == nil }) {
            number += 1
            if let mismatch = await step(number, .resume(.earlier(waiting), .items(["drained"]))) { return mismatch }
        }
        return nil
    }

    /// Removes steps one at a time, keeping each removal that still fails, until none can go.
    static func shrink(_ operations: [RaceOperation]) async -> (operations: [RaceOperation], mismatch: Mismatch)? {
        guard var failure = await run(operations) else { return nil }
        var current = operations
        var removedOne = true
        while removedOne {
            removedOne = false
            var index = 0
            while index < current.count {
                var candidate = current
                candidate.remove(at: index)
                if let mismatch = await run(candidate) {
                    current = candidate
                    failure = mismatch
                    removedOne = true
                } else {
                    index += 1
                }
            }
        }
        return (current, failure)
    }

    private static func compare(
        _ live: LiveSystem, _ model: ReferenceModel, answers: (live: Bool?, model: Bool?)
    ) -> [String]? {
        var problems: [String] = []
        if answers.live != answers.model {
            problems.append("answer \(String(describing: answers.live)), model \(String(describing: answers.model))")
        }
        if live.wrapper.displayedState != model.displayed {
            problems.append("shown \(live.wrapper.displayedState), model \(model.displayed)")
        }
        if model.isReleased {
            if live.weakDataSource != nil { problems.append("data source still alive after release") }
            if live.weakCoordinator != nil { problems.append("coordinator still alive after release") }
        } else {
            if live.coordinatorState != model.state {
                problems.append("state \(String(describing: live.coordinatorState)), model \(model.state)")
            }
            if live.items != model.items {
                problems.append("items \(String(describing: live.items)), model \(model.items)")
            }
        }
        if live.log.entries != model.log {
            problems.append("log \(live.log.entries), model \(model.log)")
        }
        for (generation, token) in live.knownTokens where token.isValid != model.isValid(generation: generation) {
            problems.append(
                "token #\(generation) isValid \(token.isValid), model \(model.isValid(generation: generation))")
        }
        return problems.isEmpty ? nil : problems
    }
}
