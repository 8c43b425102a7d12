/// The loading method every ``DataSource`` has, typed by its subclass, so that a commit writes
/// the model without capturing the data source.
///
/// ```swift
/// override func loadContent() {
///     load { [fetch] _ in
///         try await fetch()
///     } commit: { dataSource, colors in
///         dataSource.colors = colors
///     }
/// }
/// ```
///
/// Every data source conforms; you never adopt it yourself.
@MainActor
public protocol DataSourceLoading: DataSource {}

extension DataSource: DataSourceLoading {}

extension DataSourceLoading {
    /// Begins a load whose work is async, and commits its value to this data source.
    ///
    /// The same as ``LoadingCoordinator/load(keepingContent:retrying:_:commit:)``, except that `commit`
    /// receives the data source instead of capturing it. `work` runs off the main actor;
    /// `commit` runs on it. Nothing the load holds keeps the data
    /// source alive, so releasing your last reference to it frees it and cancels the work in
    /// flight. Capture what `work` needs (`[fetch]`, a client), not `self`: work that holds the
    /// data source keeps it alive until it returns.
    ///
    /// - Parameters:
    ///   - keepingContent: Whether content already shown stays visible while this load runs.
    ///   - policy: When a failed attempt is tried again; by default never (see <doc:RetryingLoads>).
    ///   - work: Fetches the content, off the main actor. Check `state.isValid` to stop early.
    ///   - commit: Writes the fetched value into the data source it is given; runs only if the
    ///     load still counts.
    /// - Returns: The task; its value is whether the load's result was accepted.
    @discardableResult
    public func load<Value: Sendable>(
        keepingContent: Bool = true,
        retrying policy: RetryPolicy = .never,
        _ work: @escaping @Sendable (LoadingState) async throws -> Value,
        commit: @escaping @MainActor (Self, Value) -> Void
    ) -> Task<Bool, Never> {
        loadingCoordinator.load(keepingContent: keepingContent, retrying: policy, work) { [weak self] value in
            // A released data source's loads are refused before they commit, so `self` is here.
            guard let self else { return }
            commit(self, value)
        }
    }
}
