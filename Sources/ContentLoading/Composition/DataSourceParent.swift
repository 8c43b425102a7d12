/// A data source made of others (``ComposedDataSource``, ``SegmentedDataSource``): it hears
/// whenever a child has reported, with what the child's screen would draw then.
@MainActor
protocol DataSourceParent: AnyObject {
    /// `child` reported a change (a load began or ended, or its state moved), and now presents
    /// `presentation`: its state, the load whose outcome that state shows, and that load's failure.
    func childDidReport(
        _ child: DataSource, presenting presentation: (state: ContentState, settledLoad: UInt64, failure: (any Error)?))

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

    /// The container this data source is a child of was reset: every load of this one in flight
    /// stops. A container child resets in turn (see ``ComposedDataSource/resetContent()``).
    func containerWillReset() {
        if let lifecycle {
            lifecycle.containerWillResetLoads()
        } else {
            loadingCoordinator.cancel()
        }
    }

    /// Stops this data source reporting to `parent`, and cancels its load in flight.
    func leave(parent: any DataSourceParent) {
        if self.parent === parent { self.parent = nil }
        loadingCoordinator.cancel()
    }
}
