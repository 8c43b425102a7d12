/// Reloading segments: the selected child's load.
extension SegmentedDataSource: AwaitableContainer {
    /// Reloads the selected child, which is what ``loadContent()`` loads; nothing is begun twice.
    func reloadChildren(ownedBy owner: LoadOwner) async -> LoadOutcome {
        guard let selected = selectedChild else { return .notStarted }
        return await selected.reload(ownedBy: owner)
    }

    var loadingLeaves: [DataSource] { selectedChild?.awaitableLeaves ?? [] }
}
