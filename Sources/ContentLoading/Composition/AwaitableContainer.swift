/// A container whose ``DataSource/reload(ownedBy:)`` awaits its children's loads, since its own
/// coordinator loads nothing.
@MainActor
protocol AwaitableContainer: DataSource {
    /// Reloads the way this container loads, and waits for its children's loads to end.
    func reloadChildren(ownedBy owner: LoadOwner) async -> LoadOutcome

    /// The data sources under this container whose loads its reload awaits, now: its children
    /// (the selected one for segments), and a container child's own, at any depth.
    var loadingLeaves: [DataSource] { get }
}

extension DataSource {
    /// The data sources that load for this one: itself, or a container's loading leaves.
    var awaitableLeaves: [DataSource] {
        (self as? any AwaitableContainer)?.loadingLeaves ?? [self]
    }
}
