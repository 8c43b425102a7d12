/// A data source made of others (``ComposedDataSource``, ``SegmentedDataSource``): it hears
/// whenever a child has reported, and reads the child's state as it is then.
@MainActor
protocol DataSourceParent: AnyObject {
    /// `child` reported a change (a load began or ended, or its state moved); read it now.
    func childDidReport(_ child: DataSource)

    /// The clock a child without a delegate of its own waits on between retries.
    var retryClock: PresentationClock { get }

    /// `child`, which has no delegate of its own, made `report` (a retry, say): the container
    /// shows it if it shows that child.
    func childMadeLaneReport(_ report: DataSource.Report, from child: DataSource)
}

extension DataSource {
    /// Passes a child's retry on to this container's own delegate and wrapper.
    func forwardRetry(_ report: Report) {
        switch report {
        case .willRetry(let attempt): self.report(.willRetry(attempt))
        case .retryEnded(let lane): self.report(.retryEnded(lane))
        default: break  // a child's footer is its own section's, which the container does not draw
        }
    }
}

extension DataSource {
    /// Makes this data source report to `parent` too.
    func adopt(parent: any DataSourceParent) {
        self.parent = parent
    }

    /// Stops this data source reporting to `parent`, and cancels its load in flight.
    func leave(parent: any DataSourceParent) {
        if self.parent === parent { self.parent = nil }
        loadingCoordinator.cancel()
    }
}
