extension DataSource {
    /// Runs `update`, which changed the model outside a load, and redraws the content at once.
    ///
    /// Use it for content that arrives without being asked for: rows a database observation
    /// delivers, a message a server pushes. `update` writes the model; then, when a settled
    /// screen shows (content, empty or error) and no load is in flight, the wrapper draws the
    /// model as a new outcome, without a loading screen or a refresh between: the content
    /// renderer is asked to show the content again, or the screen moves between content and
    /// empty by ``hasContent``, and a ``ScreenModel`` drawn into hears it. An error screen gives
    /// way to the model's content or empty screen.
    ///
    /// ```swift
    /// func messagesDidArrive(_ received: [Message]) {
    ///     redrawContent { messages += received }
    /// }
    /// ```
    ///
    /// With a load in flight, or before the first load, nothing is redrawn: `update` runs and
    /// the change counts as ``contentDidChange()`` does (the load in flight settles on the
    /// model as it ends).
    ///
    /// - Parameter update: Writes the changed content into the model.
    /// - Returns: Whether the content was redrawn.
    @discardableResult
    public func redrawContent(_ update: () -> Void) -> Bool {
        let coordinator = loadingCoordinator
        guard coordinator.machine.canRedraw else {
            update()
            contentDidChange()
            return false
        }
        coordinator.redrawAtOnce(of: self, update: update)
        return true
    }
}
