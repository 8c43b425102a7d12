/// The pure logic behind a ``ComposedDataSource``'s reload outcome: the awaited children's
/// outcomes, and what they come to with the composed state once every one has ended.
///
/// First match wins:
///
/// | the awaited loads                                  | outcome                 |
/// |----------------------------------------------------|-------------------------|
/// | the caller stopped waiting for one (`.dataSource`) | `stillRunning`          |
/// | the caller was cancelled and cancelled one (`.caller`) | `cancelled`         |
/// | one was superseded                                 | `superseded`            |
/// | one was cancelled                                  | `cancelled`             |
/// | every one's child was removed meanwhile            | `cancelled`             |
/// | otherwise, by the composed state: content or refreshing | `content`          |
/// | empty                                              | `empty`                 |
/// | error                                              | `failed` (the error shown) |
/// | still loading (a child not awaited is loading)     | the awaited: `content`, else the first `failed`, else `empty` |
///
/// A removed child's outcome is not counted: it left the screen, and removing it cancelled it.
struct ContainerReloadTally: Sendable {
    private var stillRunning = false
    private var superseded = false
    private var cancelled = false
    private var content = false
    private var firstFailure: (any Error)?
    /// How many outcomes counted.
    private(set) var counted = 0

    /// An awaited child's load ended with `outcome`; `onScreen` if that child is still shown.
    mutating func record(_ outcome: LoadOutcome, onScreen: Bool) {
        guard onScreen else { return }
        counted += 1
        switch outcome {
        case .stillRunning: stillRunning = true
        case .superseded: superseded = true
        case .cancelled: cancelled = true
        case .committed(hasContent: true): content = true
        case .failed(let error): if firstFailure == nil { firstFailure = error }
        case .committed(hasContent: false), .notStarted: break
        }
    }

    /// The reload's outcome, with the composed `state` and the `failure` it shows now.
    ///
    /// - Parameter callerCancelledLoads: Whether the caller, owning the loads, was cancelled.
    func outcome(callerCancelledLoads: Bool, state: ContentState, failure: (any Error)?) -> LoadOutcome {
        if stillRunning { return .stillRunning }
        if callerCancelledLoads, cancelled { return .cancelled }
        if superseded { return .superseded }
        if cancelled || counted == 0 { return .cancelled }
        switch state {
        case .content, .refreshing: return .committed(hasContent: true)
        case .empty: return .committed(hasContent: false)
        case .error:
            if let error = failure ?? firstFailure { return .failed(error) }
            return awaitedOutcome
        case .loading, .initial: return awaitedOutcome
        }
    }

    /// What the awaited loads alone came to.
    private var awaitedOutcome: LoadOutcome {
        if content { return .committed(hasContent: true) }
        if let firstFailure { return .failed(firstFailure) }
        return .committed(hasContent: false)
    }
}
