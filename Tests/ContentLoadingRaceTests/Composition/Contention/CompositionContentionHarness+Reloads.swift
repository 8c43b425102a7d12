import ContentLoading

/// Awaited reloads of the whole container, as SwiftUI's `.refreshable` makes them.
extension CompositionContentionHarness {
    /// Begins an awaited reload of the container in a task of its own and returns the task.
    ///
    /// The task begins the children's loads as soon as it runs, before its first suspension;
    /// the next step (or the round's settling) absorbs them into the oracle.
    func beginAwaitedReload() -> Task<LoadOutcome, Never> {
        awaitedReloadsRequested += 1
        let container = self.container
        return Task { @MainActor in
            self.awaitedReloadsBegun += 1
            return await container.reload(ownedBy: .dataSource)
        }
    }
}
