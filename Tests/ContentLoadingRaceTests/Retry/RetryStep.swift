/// One step of a retry race: something the app, the user, the clock or a data source's
/// scripted attempt does. Every step is applied to the real types and to ``RetryReferenceModel``.
enum RetryStep: Equatable, Sendable, CustomStringConvertible {
    /// Which of the candidate loads a step acts on, by load number.
    enum Pick: Equatable, Sendable {
        case newest, oldest
    }

    /// How far the clock moves.
    enum Advance: Equatable, Sendable {
        /// Exactly to the earliest retry sleep's deadline (250 ms when nothing sleeps).
        case toDeadline
        /// To 1 ms before it.
        case justBefore
        /// By this much.
        case by(Duration)
    }

    /// How an attempt (or a finish by hand) ends.
    enum Outcome: Equatable, Sendable {
        /// Returns `count` rows named after the load; `ends` gives the page no next cursor.
        case rows(Int, ends: Bool)
        case failure(RetryRaceError)
        /// Throws `CancellationError`, though nobody cancelled the load.
        case cancellation
    }

    /// `loadContent()`: a retrying first page (or plain load) whose attempts ignore
    /// cancellation or not.
    case load(keepingContent: Bool, firstPage: Bool, ignoresCancellation: Bool)
    /// The waiting attempt of the newest or oldest load with one returns or throws, whether
    /// its load still counts or not (a late result).
    case resolve(Pick, Outcome)
    /// The same, and in the same main-actor turn, before the attempt's task can ask to retry or
    /// finish, `then` ends its load or not: a newer load, `cancel()`, `cancelLoadMore()` or a
    /// finish by hand. (Not a release: a page's approval holds its data source alive across
    /// the hop, so whether the delegates hear of that retry depends on the thread's timing.)
    indirect case resolveThen(Pick, Outcome, then: RetryStep)
    case advance(Advance)
    /// `loadingCoordinator.cancel()`.
    case cancel
    /// Cancels the task of the newest or oldest load still running, from outside.
    case cancelTask(Pick)
    /// Finishes the newest content load's token by hand.
    case finishByHand(Outcome)
    /// The app lets go of the data source.
    case releaseDataSource
    /// The error screen's Retry action.
    case tapRetry
    /// `loadMore()`, with a page whose attempts ignore cancellation or not.
    case loadMore(ignoresCancellation: Bool)
    case cancelLoadMore
    /// The failed footer's Retry action.
    case tapFooterRetry
    /// The next time the framework calls `site`, the app does `action` from inside it (once):
    /// a load, load more, `cancel()`, `cancelLoadMore()`, a finish by hand or a Retry tap.
    indirect case reenter(RetrySite, RetryStep)

    /// Whether the step acts from inside a callback (the second random stream's steps).
    var isReentrant: Bool { if case .reenter = self { true } else { false } }

    var description: String {
        switch self {
        case .load(let keeping, let firstPage, let ignores):
            ".load(keepingContent: \(keeping), firstPage: \(firstPage), ignoresCancellation: \(ignores))"
        case .resolve(let pick, let outcome): ".resolve(.\(pick), \(Self.source(outcome)))"
        case .resolveThen(let pick, let outcome, let then):
            ".resolveThen(.\(pick), \(Self.source(outcome)), then: \(then))"
        case .advance(.by(let duration)): ".advance(.by(\(Self.source(duration))))"
        case .advance(let advance): ".advance(.\(advance))"
        case .cancel: ".cancel"
        case .cancelTask(let pick): ".cancelTask(.\(pick))"
        case .finishByHand(let outcome): ".finishByHand(\(Self.source(outcome)))"
        case .releaseDataSource: ".releaseDataSource"
        case .tapRetry: ".tapRetry"
        case .loadMore(let ignores): ".loadMore(ignoresCancellation: \(ignores))"
        case .cancelLoadMore: ".cancelLoadMore"
        case .tapFooterRetry: ".tapFooterRetry"
        case .reenter(let site, let action): ".reenter(\(site), \(action))"
        }
    }

    /// The step as Swift source, so a printed failing sequence can be pasted into a test.
    private static func source(_ outcome: Outcome) -> String {
        switch outcome {
        case .rows(let count, let ends): ".rows(\(count), ends: \(ends))"
        case .cancellation: ".cancellation"
        case .failure(let error):
            switch error.kind {
            case .transient: ".failure(RetryRaceError(id: \(error.id), kind: .transient))"
            case .fatal: ".failure(RetryRaceError(id: \(error.id), kind: .fatal))"
            case .retryAfter(let delay):
                ".failure(RetryRaceError(id: \(error.id), kind: .retryAfter(\(source(delay)))))"
            }
        }
    }

    private static func source(_ duration: Duration) -> String {
        ".milliseconds(\(duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000))"
    }
}
