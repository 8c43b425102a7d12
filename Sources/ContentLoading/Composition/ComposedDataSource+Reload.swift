/// Reloading sections: the container's ``loadContent()``, then every child's load, awaited
/// together.
extension ComposedDataSource: AwaitableContainer {
    /// Calls ``loadContent()`` (an override that loads some children only is respected), then
    /// awaits the load in flight of every child that has one, and answers by
    /// ``ContainerReloadTally``.
    ///
    /// Each child's wait is that child's own `reload` wait: cancelling the caller stops each
    /// as `owner` says. A child removed meanwhile has its load cancelled, which ends its wait,
    /// and it no longer counts. The children are held until their waits end, so none can be
    /// released with a wait on it (its coordinator would then never resolve it).
    func reloadChildren(ownedBy owner: LoadOwner) async -> LoadOutcome {
        // Every leaf records how its loads end from before `loadContent()` until its waiter is in.
        var marks: [ObjectIdentifier: (leaf: DataSource, mark: UInt64)] = [:]
        for leaf in loadingLeaves where marks[ObjectIdentifier(leaf)] == nil {
            marks[ObjectIdentifier(leaf)] = (leaf, leaf.loadingCoordinator.startAwaiting())
        }
        loadContent()
        var tally = ContainerReloadTally()
        var ended: [(leaf: DataSource, outcome: LoadOutcome)] = []
        var pending: [(leaf: DataSource, generation: UInt64)] = []
        var seen = Set<ObjectIdentifier>()
        for leaf in loadingLeaves where seen.insert(ObjectIdentifier(leaf)).inserted {
            let coordinator = leaf.loadingCoordinator
            let mark = marks.removeValue(forKey: ObjectIdentifier(leaf))?.mark ?? coordinator.startAwaiting()
            switch coordinator.awaitedLoad(since: mark) {
            case .pending(let generation):
                pending.append((leaf, generation))  // its wait stops the recording
                continue
            case .ended(let outcome): ended.append((leaf, outcome))
            case .notStarted: break
            }
            coordinator.stopAwaiting()
        }
        // Leaves that left during `loadContent()` are not awaited.
        for (leaf, _) in marks.values { leaf.loadingCoordinator.stopAwaiting() }
        if pending.isEmpty, ended.isEmpty { return .notStarted }

        // `pending` holds the children until every wait has ended.
        let waited = await withTaskGroup(of: (Int, LoadOutcome).self) { group in
            for (index, load) in pending.enumerated() {
                let coordinator = load.leaf.loadingCoordinator
                let generation = load.generation
                group.addTask {
                    (index, await coordinator.awaitLoad(generation, ownedBy: owner, stoppingAwaiting: true))
                }
            }
            var outcomes: [(leaf: DataSource, outcome: LoadOutcome)] = []
            for await (index, outcome) in group { outcomes.append((pending[index].leaf, outcome)) }
            return outcomes
        }
        let onScreen = Set(loadingLeaves.map(ObjectIdentifier.init))
        for (leaf, outcome) in ended + waited {
            tally.record(outcome, onScreen: onScreen.contains(ObjectIdentifier(leaf)))
        }
        let (state, _, failure) = presentation
        return tally.outcome(callerCancelledLoads: owner == .caller && Task.isCancelled, state: state, failure: failure)
    }

    var loadingLeaves: [DataSource] { sections.flatMap(\.awaitableLeaves) }
}
