/// The pieces every model-based race suite shares under ``RaceRunner``: the disagreement and
/// mismatch types, the shrinker, the objects watched for leaks and the replay source.
@MainActor
enum RaceHarness {
    /// One disagreement between the live system and the model, in one field.
    struct Problem<Field: Hashable>: CustomStringConvertible {
        let field: Field
        let detail: String
        var description: String { "\(field): \(detail)" }
    }

    /// Where and how a run first disagreed with the model: the step's number (0 for the
    /// start, one past the last for the teardown), what it was, and every problem found.
    ///
    /// The number counts the steps the runner added after the given ones (its drain and
    /// closing steps) too, so the description names those it ran: a sequence printed alone
    /// would otherwise seem shorter than the step that failed.
    struct Mismatch<Field: Hashable>: CustomStringConvertible {
        let step: Int
        /// The step as it was written (`init` for the start, `teardown` for the end).
        let what: String
        let problems: [Problem<Field>]
        /// How many steps the run was given.
        var given = 0
        /// The steps the runner added after the given ones, up to this one, as written.
        var added: [String] = []

        /// The fields that disagreed.
        var fields: Set<Field> { Set(problems.map(\.field)) }
        var description: String {
            let addedSteps =
                added.isEmpty
                ? ""
                : ", after the \(given) given steps the runner added \(added.joined(separator: ", "))"
            return "step \(step) (\(what))\(addedSteps): " + problems.map(\.description).joined(separator: "; ")
        }
    }

    /// An object a run must free, held weakly under a name, to be read after the run dropped
    /// its live system.
    struct Watched {
        let name: String
        weak var object: AnyObject?

        init(_ name: String, _ object: AnyObject?) {
            self.name = name
            self.object = object
        }
    }

    /// Names the watched objects still alive: each is a leak in `field`.
    static func leaks<Field: Hashable>(_ watched: [Watched], field: Field) -> [Problem<Field>] {
        watched.compactMap { $0.object == nil ? nil : Problem(field: field, detail: "\($0.name) alive after the run") }
    }

    /// Shrinks failing `steps` to a 1-minimal list: removes ever smaller chunks, then single
    /// steps, then tries each step's `simpler` forms, until nothing more can go and the run
    /// still fails. Not necessarily the shortest failing list there is.
    ///
    /// - Parameters:
    ///   - run: Runs a candidate list; returns its failure, or `nil` if it passes.
    ///   - simpler: Smaller variants of a step, tried in place of it.
    /// - Returns: The minimal steps and their failure; `nil` if `steps` do not fail.
    static func shrink<Step, Failure>(
        _ steps: [Step], run: @MainActor ([Step]) async -> Failure?, simpler: @MainActor (Step) -> [Step] = { _ in [] }
    ) async -> (steps: [Step], failure: Failure)? {
        guard var failure = await run(steps) else { return nil }
        var current = steps
        func attempt(_ candidate: [Step]) async -> Bool {
            guard let found = await run(candidate) else { return false }
            current = candidate
            failure = found
            return true
        }
        // Chunks of half, a quarter, … of the list.
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
        var changed = true
        while changed {
            changed = false
            // Single steps, until none can go.
            var index = 0
            while index < current.count {
                var candidate = current
                candidate.remove(at: index)
                if await attempt(candidate) { changed = true } else { index += 1 }
            }
            // Simpler forms of each remaining step.
            for index in current.indices {
                for variant in simpler(current[index]) {
                    var candidate = current
                    candidate[index] = variant
                    if await attempt(candidate) {
                        changed = true
                        break
                    }
                }
            }
        }
        return (current, failure)
    }

    /// The steps as Swift source, to paste into a regression test.
    static func source<Step>(_ steps: [Step]) -> String {
        "[\n" + steps.map { "    \($0),\n" }.joined() + "]"
    }
}
