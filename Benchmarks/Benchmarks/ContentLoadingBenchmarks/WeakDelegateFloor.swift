/// The floor for a full stack's load: the two reports a load makes (it began, it finished),
/// each to a delegate held weakly, as ContentLoading's issue requires of `DataSource`.
///
/// A weakly referenced object keeps its reference counts in a side table, so each report
/// loads the reference with an atomic increment there and releases it on the runtime's slow
/// path. Nothing else happens: no state, no wrapper, no renderers.
@MainActor
final class WeakDelegateFloor {
    /// The delegate's owner (the app's screen, in a real stack).
    private let listener = FloorListener()
    private weak var delegate: (any FloorDelegate)?

    init() {
        delegate = listener
    }

    /// One load's two reports; returns how many reached the delegate.
    @inline(never)
    func reportLoad() -> Int {
        var reached = 0
        if let delegate {
            delegate.didReport()
            reached += 1
        }
        if let delegate {
            delegate.didReport()
            reached += 1
        }
        return reached
    }
}
