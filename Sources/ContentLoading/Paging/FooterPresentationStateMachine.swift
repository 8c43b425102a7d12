/// The pure timing logic behind a ``ContentWrapper``'s ``Footer``: the ``PresentationPolicy``
/// applied to the loading-more indicator as to the loading screen.
///
/// - The indicator appears only once a page has been loading for the loading delay: a page
///   that arrives sooner goes from the footer before it to the footer after, with no indicator.
/// - Once shown, it stays for the minimum: a page that arrives sooner waits out the rest.
/// - A settled footer (idle, failed, end) is drawn when its kind changes, and a failure
///   again when it is a new one (a later ``revision``).
///
/// Times are durations since the wrapper's clock started; the machine never reads a clock.
struct FooterPresentationStateMachine: Sendable {
    /// A footer without its payload.
    enum Kind: Sendable, Equatable {
        case idle, loadingMore, failed, endReached
    }

    private let loadingDelay: Duration
    private let minimumLoadingDuration: Duration
    /// The footer drawn now, and the lane's revision it showed.
    private(set) var displayed: Kind = .idle
    private(set) var displayedRevision: UInt64 = 0
    /// The footer the lane is in, which the drawn one catches up with.
    private(set) var target: Kind = .idle
    private var targetRevision: UInt64 = 0
    /// When the indicator appeared, while it is drawn.
    private var indicatorShownAt: Duration?
    /// When the wrapper must call ``deadlineReached(now:)``; `nil` when nothing is pending.
    private(set) var deadline: Duration?

    init(policy: PresentationPolicy) {
        loadingDelay = policy.loadingDelay
        minimumLoadingDuration = policy.minimumLoadingDuration
    }

    /// The lane moved to `kind` at `revision`; returns whether to draw the target now.
    mutating func receive(_ kind: Kind, revision: UInt64, now: Duration) -> Bool {
        target = kind
        targetRevision = revision
        if kind == .loadingMore {
            if displayed == .loadingMore {
                // Keep the indicator; a footer waiting out the minimum is superseded.
                deadline = nil
                return false
            }
            if loadingDelay <= .zero { return draw(now: now) }
            // A wait already under way keeps its start.
            if deadline == nil { deadline = now + loadingDelay }
            return false
        }
        if displayed == .loadingMore, minimumLoadingDuration > .zero, let shownAt = indicatorShownAt,
            now < shownAt + minimumLoadingDuration
        {
            deadline = shownAt + minimumLoadingDuration
            return false
        }
        deadline = nil
        guard needsDrawing else { return false }
        return draw(now: now)
    }

    /// The footer switched to another source's, in `kind` at `revision` (a segmented data
    /// source selected another segment): returns whether to draw it now, past any delay or
    /// minimum, so the screen never keeps the previous source's footer on show. An indicator
    /// drawn so keeps its minimum from now; one already drawn keeps the minimum it had.
    mutating func receiveAtOnce(_ kind: Kind, revision: UInt64, now: Duration) -> Bool {
        target = kind
        targetRevision = revision
        deadline = nil
        guard needsDrawing else { return false }
        return draw(now: now)
    }

    /// Whether ``receive(_:revision:now:)`` reads `now` for `kind`: only when the indicator is
    /// wanted or drawn.
    func dependsOnTime(receiving kind: Kind) -> Bool {
        displayed == .loadingMore || kind == .loadingMore
    }

    /// The wrapper's timer fired; returns whether to draw the target now.
    mutating func deadlineReached(now: Duration) -> Bool {
        guard let pending = deadline, now >= pending else { return false }
        deadline = nil
        guard needsDrawing else { return false }
        return draw(now: now)
    }

    private var needsDrawing: Bool {
        target != displayed || (target == .failed && targetRevision != displayedRevision)
    }

    private mutating func draw(now: Duration) -> Bool {
        displayed = target
        displayedRevision = targetRevision
        indicatorShownAt = target == .loadingMore ? now : nil
        return true
    }
}
