extension DataSource {
    /// Loads the content with ``loadContent()`` and waits for that load to end.
    ///
    /// ```swift
    /// .task { await dataSource.reload(ownedBy: .caller) }             // leaving cancels the load
    /// .refreshable { await dataSource.reload(ownedBy: .dataSource) }  // the spinner waits for it
    /// ```
    ///
    /// `owner` says what cancelling the awaiting task does: with ``LoadOwner/dataSource`` the
    /// wait ends at once and the load runs on and lands; with ``LoadOwner/caller`` the load is
    /// cancelled and the state returns to where it began (a task already cancelled begins no
    /// load). Either way the screen follows the data source as usual; the outcome says how the
    /// load ended, for code that wants to know (a pull-to-refresh spinner, a test).
    ///
    /// The load awaited is the newest one `loadContent()` began, also when app code it ran began
    /// it (a ``StoreDataSource``'s `isEmpty` asked as a fresh value is redrawn, say). If it began
    /// none, the load in flight is awaited, and with none in flight the answer is
    /// ``LoadOutcome/notStarted``.
    /// Subclasses keep overriding ``loadContent()``: nothing here needs them to store a task.
    ///
    /// A container awaits its children's loads. A ``ComposedDataSource`` calls its
    /// `loadContent()` and then awaits, together, every child's load in flight; the outcome is
    /// the composed state once they all ended (see <doc:ComposingDataSources>). A
    /// ``SegmentedDataSource`` reloads its selected child.
    ///
    /// - Parameter owner: Who the load belongs to: the data source, or the awaiting task.
    /// - Returns: How the load ended, or ``LoadOutcome/stillRunning`` if the caller stopped
    ///   waiting first.
    @discardableResult
    public func reload(ownedBy owner: LoadOwner) async -> LoadOutcome {
        if owner == .caller && Task.isCancelled { return .cancelled }
        // A container's own coordinator loads nothing: it awaits its children's loads.
        if let container = self as? any AwaitableContainer { return await container.reloadChildren(ownedBy: owner) }
        let coordinator = loadingCoordinator
        let generation: UInt64
        switch coordinator.beginAwaitedLoad({ loadContent() }) {
        case .ended(let outcome): return outcome
        case .notStarted: return .notStarted
        case .pending(let pending): generation = pending
        }
        return await coordinator.awaitLoad(generation, ownedBy: owner)
    }
}
