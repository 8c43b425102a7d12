/// What a ``DataSource`` asks of its owner: the content wrapper to drive, and optional
/// hooks around each load.
///
/// ```swift
/// extension ColorsViewController: DataSourceDelegate {
///     func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
/// }
/// ```
@MainActor
public protocol DataSourceDelegate: AnyObject {
    /// The wrapper that shows this data source's states.
    func contentWrapper(for dataSource: DataSource) -> ContentWrapper

    /// Called when a load begins, before the wrapper is told. Optional.
    func dataSourceWillBeginLoading(_ dataSource: DataSource)

    /// Called when a load's result is accepted, after the wrapper is told. Optional.
    ///
    /// `error` is `nil` for a success. Dropped (stale) and cancelled loads are not reported,
    /// nor is a load whose model update began a newer load: the newer one reports instead.
    ///
    /// A load begun or finished from inside a callback is reported after the report in
    /// progress, so these calls always arrive in the order the loads happened.
    func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?)

    /// Called when a failed attempt will be tried again, before the wait. Optional.
    ///
    /// The load is still in flight: the state stays loading (or refreshing, or the footer loading
    /// more, for a page). `attempt` says which attempt comes next, out of how many, after which
    /// error and how long. See <doc:RetryingLoads>.
    func dataSource(_ dataSource: DataSource, willRetry attempt: RetryAttempt)
}

extension DataSourceDelegate {
    /// Does nothing.
    public func dataSourceWillBeginLoading(_ dataSource: DataSource) {}

    /// Does nothing.
    public func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {}

    /// Does nothing.
    public func dataSource(_ dataSource: DataSource, willRetry attempt: RetryAttempt) {}
}
