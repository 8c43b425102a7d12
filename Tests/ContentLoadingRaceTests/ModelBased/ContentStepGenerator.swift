import ContentLoadingTestSupport

/// Makes random, seeded sequences of ``ContentStep``s, weighted toward the steps that make
/// races: begins that supersede, finishes of stale and current tokens, late async results,
/// callbacks that begin, finish or cancel a load while a report is being delivered, and the
/// append lane's steps: load more, pages finished (current or stale, with or without a next
/// cursor), failed and cancelled, a failed page's Retry, and first pages that start the list.
///
/// Half the sequences mix every step; the other half page: they load more and finish pages far
/// more often and begin loads less, so the append lane gets deep (a page failed and retried, the
/// end reached) before a refresh cuts in.
struct ContentStepGenerator {
    private var random: SeededGenerator
    /// A second stream, for the choices added after the suite's faults were first found.
    private var more: SeededGenerator
    /// A third, for the steps that keep a drawn action and tap it later: added after
    /// the steps of the first two streams, which stay as they were.
    private var taps: SeededGenerator
    /// A fourth, for the commits that a refresh interrupts, added after the first three.
    private var commits: SeededGenerator
    private let pages: Bool
    private var nextItem = 0
    private var nextError = 0
    private var nextCursor = 0

    /// The sequence with this seed: its lane (the first frame) and up to 24 steps.
    @MainActor static func sequence(seed: UInt64) -> (lane: ContentRaceLane, steps: [ContentStep]) {
        var generator = ContentStepGenerator(seed: seed)
        return (ContentRaceLane(firstFrame: FirstFrame(seed: seed)), generator.sequence(maximumLength: 24))
    }

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        more = SeededGenerator(seed: seed ^ 0x5EC0_11D5_7EA4_0001)
        taps = SeededGenerator(seed: seed ^ 0x57A1_E7A9_0000_0023)
        commits = SeededGenerator(seed: seed ^ 0xC0DE_C0A1_0000_0035)
        pages = random.chance(50)
    }

    /// A sequence of 1 to `maximumLength` steps, and after some of them a step that keeps the
    /// actions drawn or taps one kept earlier. A paging sequence opens with a first page on
    /// screen (a begin and its finish, steps like any other: shrinking may drop them).
    mutating func sequence(maximumLength: Int) -> [ContentStep] {
        let length = Int.random(in: 1...maximumLength, using: &random)
        var operations: [ContentStep] = []
        if pages && length > 2 {
            nextItem += 1
            nextCursor += 1
            operations = [
                .begin(keepingContent: false), .finish(.latest, .page(["v\(nextItem).0"], next: nextCursor * 10)),
            ]
        }
        for _ in operations.count..<length {
            let operation = operation()
            operations.append(operation)
            if let tap = tapStep(after: operation) { operations.append(tap) }
            operations += interruptedCommit(after: operation)
        }
        return operations
    }

    /// Now and then, a step that keeps what the wrapper draws, or taps what was kept: keeping
    /// most often after a step that may have drawn a failure (whose Retry is then tapped, once
    /// more after the screen or footer moved on, or while it is still drawn).
    private mutating func tapStep(after operation: ContentStep) -> ContentStep? {
        let mayHaveFailed: Bool
        switch operation {
        case .finishPage(_, .failure), .finish(_, .failure), .resume(_, .failure), .finish(_, .items([])):
            mayHaveFailed = true
        default:
            mayHaveFailed = false
        }
        if mayHaveFailed && taps.chance(45) { return .keepDrawnActions }
        switch Int.random(in: 0..<100, using: &taps) {
        case 0..<6: return .keepDrawnActions
        case 6..<11: return .tapKeptPlaceholderAction
        case 11..<19: return .tapKeptFooterAction
        default: return nil
        }
    }

    /// Now and then after load more, in a paging sequence: the page commits, and its update
    /// begins a refresh and loads more as it begins (the list asking for the next page while its
    /// rows change). Load more must answer for the refresh, which superseded the committing page.
    private mutating func interruptedCommit(after operation: ContentStep) -> [ContentStep] {
        guard pages, operation == .loadMore, commits.chance(10) else { return [] }
        nextCursor += 1
        return [
            .reenter(.update, .beginAndLoadMore(keepingContent: commits.chance(50))),
            .finishPage(.latest, .rows(1, next: nextCursor * 10)),
        ]
    }

    private mutating func operation() -> ContentStep {
        let weights =
            pages ? [8, 14, 3, 4, 5, 2, 10, 4, 1, 1, 20, 18, 4, 6] : [15, 22, 6, 11, 17, 5, 14, 5, 3, 2, 6, 6, 2, 2]
        switch random.pick(weights) {
        case 0: return .begin(keepingContent: random.chance(60))
        case 1: return .finish(reference(), outcome())
        case 2: return .cancel
        case 3: return .beginAsync(keepingContent: random.chance(60), observesCancellation: random.chance(50))
        case 4: return .resume(reference(), outcome())
        case 5: return .cancelTask(reference())
        case 6:
            let site = site()
            let reentry = reentry()
            // `hasContent` is asked while a load begins: an async load begun there is superseded
            // by the load beginning, whose begin must cancel its task.
            if site == .hasContent && more.chance(40) {
                return .reenter(
                    site, .beginAsync(keepingContent: more.chance(50), observesCancellation: more.chance(50)))
            }
            // A refresh begun inside a page's update, then left in flight, failed or cancelled:
            // the page's cursor must still go with its rows. Or the list loads more as that
            // refresh begins: refused for the refresh, which superseded the committing page.
            if site == .update && pages && more.chance(30) {
                if more.chance(50) { return .reenter(site, .begin(keepingContent: true)) }
                guard more.chance(50) else { return .reenter(site, .beginAndCancel(keepingContent: true)) }
                return .reenter(site, .beginAndLoadMore(keepingContent: more.chance(50)))
            }
            return .reenter(site, reentry)
        case 7: return .act(reentry())
        case 8: return .tapPlaceholderAction
        case 9: return .releaseDataSource
        case 10: return .loadMore
        case 11: return .finishPage(pageReference(), pageOutcome())
        case 12: return .cancelLoadMore
        default: return .tapFooterAction
        }
    }

    private mutating func reference() -> ContentStep.Reference {
        random.chance(55) ? .latest : .earlier(Int.random(in: 0..<64, using: &random))
    }

    /// The page in flight (usually the latest), or any earlier one, stale.
    private mutating func pageReference() -> ContentStep.Reference {
        random.chance(65) ? .latest : .earlier(Int.random(in: 0..<64, using: &random))
    }

    /// Every point where the framework calls app code.
    private mutating func site() -> ContentStep.Site {
        let weights = [9, 9, 6, 6, 11, 7, 11, 11, 6, 4, 6, 5, 5, 2, 2] + (pages ? [12, 12, 12] : [4, 4, 4])
        switch random.pick(weights) {
        case 0: return .willBegin
        case 1: return .didFinish
        case 2: return .willShow
        case 3: return .didShow
        case 4: return .rendererShow(Int.random(in: 0..<4, using: &random))
        case 5: return .rendererHide(Int.random(in: 0..<4, using: &random))
        case 6: return .emptyPlaceholder
        case 7: return .errorPlaceholder
        case 8: return .hasContent
        case 9: return .isCancellation
        case 10: return .update
        case 11: return .placeholderAction
        case 12: return .announce
        case 13: return .itemCount
        case 14: return .didFailToRefresh
        case 15: return .loadPage
        case 16: return .failedPagePlaceholder
        default: return .showFooter
        }
    }

    /// Every action a callback can take.
    private mutating func reentry() -> ContentStep.Reentry {
        let weights = [14, 18, 14, 12, 8, 10, 16, 8] + (pages ? [16, 16, 6] : [8, 8, 4])
        switch random.pick(weights) {
        case 0:
            let keeping = random.chance(60)
            // An async begin from a callback: drawn from the second stream, so the sequences
            // the first stream makes (and the faults they find first) stay as they were.
            guard more.chance(30) else { return .begin(keepingContent: keeping) }
            return .beginAsync(keepingContent: keeping, observesCancellation: more.chance(50))
        case 1: return .beginAndFinish(keepingContent: random.chance(60), outcome())
        case 2: return .beginAndCancel(keepingContent: random.chance(60))
        case 3: return .finish(reference(), outcome())
        case 4: return .cancel
        case 5: return .changeModel(random.chance(50) ? [] : ["m\(Int.random(in: 0..<9, using: &random))"])
        case 6: return .setDelegate([.none, .same, .another].randomElement(using: &random)!)
        case 7: return .replaceWrapper
        case 8: return .loadMore
        case 9: return .finishPage(pageReference(), pageOutcome())
        default: return .cancelLoadMore
        }
    }

    /// Items, a first page (with or without a next cursor), nothing, a cancellation nobody
    /// asked for, or a failure.
    private mutating func outcome() -> ContentStep.Outcome {
        switch random.pick(pages ? [10, 55, 8, 5, 22] : [30, 25, 20, 7, 18]) {
        case 0:
            nextItem += 1
            let count = Int.random(in: 1...3, using: &random)
            return .items((0..<count).map { "v\(nextItem).\($0)" })
        case 1:
            nextItem += 1
            let count = Int.random(in: 1...3, using: &random)
            return .page((0..<count).map { "v\(nextItem).\($0)" }, next: cursor())
        case 2:
            return .items([])
        case 3:
            return .cancellation
        default:
            nextError += 1
            return .failure(nextError)
        }
    }

    /// A next cursor, or (less often) none: the end of the list.
    private mutating func cursor() -> Int? {
        guard random.chance(75) else { return nil }
        nextCursor += 1
        return nextCursor * 10
    }

    private mutating func pageOutcome() -> ContentStep.PageOutcome {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<62: return .rows(Int.random(in: 1...2, using: &random), next: cursor())
        case 62..<70: return .cancellation
        default:
            nextError += 1
            return .failure(nextError)
        }
    }
}
