/// A data source made of others (``ComposedDataSource``, ``SegmentedDataSource``): it hears
/// whenever a child has reported, and reads the child's state as it is then.
@MainActor
protocol DataSourceParent: AnyObject {
    /// `child` reported a change (a load began or ended, or its state moved); read it now.
    func childDidReport(_ child: DataSource)

    /// The clock a child without a delegate of its own waits on between retries.
    var retryClock: PresentationClock { get }
}

extension DataSource {
    /// Makes this data source report to `parent` too.
    func adopt(parent: any DataSourceParent) {
        self.parent = parent
        hasParent = true
    }

    /// Stops this data source reporting to `parent`, and cancels its load in flight.
    func leave(parent: any DataSourceParent) {
        if self.parent === parent { self.parent = nil }
        loadingCoordinator.cancel()
    }
}
