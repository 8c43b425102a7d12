/// One step of a model-based sequence.
///
/// Steps name earlier loads by position (``Reference``), resolved when the step runs, so any
/// subsequence of a sequence is itself a valid sequence: that is what lets a failure shrink.
/// Descriptions are Swift source, so a printed sequence pastes into a regression test.
enum RaceOperation: Equatable, CustomStringConvertible {
    /// Which earlier load a step means.
    enum Reference: Equatable, CustomStringConvertible {
        /// The most recent one.
        case latest
        /// The one at this position, modulo how many there are.
        case earlier(Int)

        /// The index it names among `count` loads; `nil` when there are none.
        func resolve(count: Int) -> Int? {
            guard count > 0 else { return nil }
            switch self {
            case .latest: return count - 1
            case .earlier(let position): return position % count
            }
        }

        var description: String {
            switch self {
            case .latest: ".latest"
            case .earlier(let position): ".earlier(\(position))"
            }
        }
    }

    /// How a load ends: with these items (none: empty), or failing with `RaceError(id)`.
    enum Outcome: Equatable, CustomStringConvertible {
        case items([String])
        case failure(Int)

        var result: Result<[String], any Error> {
            switch self {
            case .items(let items): .success(items)
            case .failure(let id): .failure(RaceError(id))
            }
        }

        var description: String {
            switch self {
            case .items(let items): ".items(\(items))"
            case .failure(let id): ".failure(\(id))"
            }
        }
    }

    /// A callback of the data source or wrapper that a step can re-enter the framework from.
    enum Site: Hashable, CustomStringConvertible {
        /// `dataSourceWillBeginLoading`.
        case willBegin
        /// `dataSource(_:didFinishLoadingWith:)`.
        case didFinish
        /// The content renderer's `show(_:)`.
        case contentShown

        var description: String {
            switch self {
            case .willBegin: ".willBegin"
            case .didFinish: ".didFinish"
            case .contentShown: ".contentShown"
            }
        }
    }

    /// What a re-entrant callback does: all synchronous, all on the coordinator.
    enum Reentry: Equatable, CustomStringConvertible {
        /// Begins a load.
        case begin(keepingContent: Bool)
        /// Begins a load and finishes it at once (a cache hit).
        case beginAndFinish(keepingContent: Bool, Outcome)
        /// `cancel()`.
        case cancel

        var description: String {
            switch self {
            case .begin(let keeping): ".begin(keepingContent: \(keeping))"
            case .beginAndFinish(let keeping, let outcome): ".beginAndFinish(keepingContent: \(keeping), \(outcome))"
            case .cancel: ".cancel"
            }
        }
    }

    /// `loadContent(keepingContent:)`, the synchronous begin.
    case begin(keepingContent: Bool)
    /// `finish` of an earlier token (any load, sync or async) with an outcome.
    case finish(Reference, Outcome)
    /// `cancel()`.
    case cancel
    /// `load(keepingContent:) { }` whose work waits for ``resume(_:_:)``.
    case beginAsync(keepingContent: Bool, observesCancellation: Bool)
    /// Lets an async load's work return (or throw) `outcome`, then awaits its task.
    case resume(Reference, Outcome)
    /// Cancels an async load's task from outside, as its owner might.
    case cancelTask(Reference)
    /// The next time `site` is called, it does `reentry` (once).
    case reenter(Site, Reentry)
    /// Drops the only strong reference to the data source; its coordinator lives on, held by
    /// the harness, so late finishes really reach it.
    case releaseDataSource

    var description: String {
        switch self {
        case .begin(let keeping): ".begin(keepingContent: \(keeping))"
        case .finish(let token, let outcome): ".finish(\(token), \(outcome))"
        case .cancel: ".cancel"
        case .beginAsync(let keeping, let observes):
            ".beginAsync(keepingContent: \(keeping), observesCancellation: \(observes))"
        case .resume(let load, let outcome): ".resume(\(load), \(outcome))"
        case .cancelTask(let load): ".cancelTask(\(load))"
        case .reenter(let site, let reentry): ".reenter(\(site), \(reentry))"
        case .releaseDataSource: ".releaseDataSource"
        }
    }
}
