/// A subclass's part in its own loads, plugged into the base ``DataSource``, which knows this
/// protocol and none of its subclasses: a ``PagedDataSource``'s append lane, a container's
/// children (``ComposedDataSource``, ``SegmentedDataSource``), a ``StoreDataSource``'s placeholder.
///
/// A subclass conforms and plugs itself in from its `init` with
/// ``DataSource/observeLoads(_:)``. Each requirement has a default, so a conformer writes only
/// the events it acts on. What an event on the content lane does to another lane is the lane
/// table's to say (``LaneRules``).
@MainActor
protocol LoadLifecycleObserver: DataSource {
    /// A load began on the content lane, or content that needs no load is about to settle as one
    /// (``LaneRules/ContentEvent/began``). Called once the state has moved, before the delegate
    /// hears of it.
    func contentLoadWillBegin()

    /// A load's failure (never a cancellation) was accepted and settles next, after its last
    /// attempt: content that only stood in for the load's goes here, so that the failure shows
    /// on the error screen.
    func contentLoadWillFail(with error: any Error)

    /// The container this data source is a child of was reset: every load of it in flight stops.
    func containerWillResetLoads()

    /// The footer this data source's screen draws, and its revision (so a wrapper can tell a
    /// second failure from the first).
    var footerOnScreen: (footer: Footer, revision: UInt64) { get }
}

extension LoadLifecycleObserver {
    /// Does nothing.
    func contentLoadWillBegin() {}

    /// Does nothing.
    func contentLoadWillFail(with error: any Error) {}

    /// Cancels the content lane's load in flight.
    func containerWillResetLoads() {
        loadingCoordinator.cancel()
    }

    /// No footer.
    var footerOnScreen: (footer: Footer, revision: UInt64) { (Footer(.idle), 0) }
}
