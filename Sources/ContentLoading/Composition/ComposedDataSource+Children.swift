/// Changing the sections at runtime: inserting, moving and re-listing them, and resetting the
/// screen to never loaded.
extension ComposedDataSource {
    /// Inserts `child` as the section at `index`; it counts in the state at once, as it is.
    ///
    /// - Returns: `false`, with nothing changed, if `child` is already a section or is this
    ///   source, or if `index` is not in `0...children.count`.
    @discardableResult
    public func insert(_ child: DataSource, at index: Int) -> Bool {
        // A section a re-listing lists is already here, even before it counts (see `setChildren(_:)`).
        guard child !== self, countedStates[ObjectIdentifier(child)] == nil, (0...sections.count).contains(index),
            !listedSections.contains(ObjectIdentifier(child))
        else { return false }
        sections.insert(child, at: index)
        listedSections.insert(ObjectIdentifier(child))
        let state = attach(child)
        aggregateMayHaveMoved { $0.add(state) }
        observedPropertyDidChange(.children, self, \ComposedDataSource.children)
        return true
    }

    /// Moves the section `child` to `index`, among the sections as they are after it leaves its
    /// place: its load, its state and the screen's state are untouched.
    ///
    /// Only ``children`` changes (observers hear of it); redraw the sections in their new order.
    ///
    /// - Returns: `false`, with nothing changed, if `child` is not a section or `index` is not
    ///   in `0..<children.count`.
    @discardableResult
    public func move(_ child: DataSource, to index: Int) -> Bool {
        guard let from = sections.firstIndex(where: { $0 === child }), sections.indices.contains(index) else {
            return false
        }
        guard from != index else { return true }
        sections.remove(at: from)
        sections.insert(child, at: index)
        observedPropertyDidChange(.children, self, \ComposedDataSource.children)
        return true
    }

    /// Makes `newChildren` the sections, in that order, in one change: a child not among them
    /// leaves as by ``remove(_:)`` (its load in flight is cancelled), a new one joins as by
    /// ``add(_:)`` (counted as it is), and one that stays keeps its load and state.
    ///
    /// The screen's state is worked out once, for the new sections: the wrapper is told at
    /// most once, and never draws a state passed through on the way (the screen empty between
    /// the old sections leaving and the new ones joining, say).
    ///
    /// - Returns: `false`, with nothing changed, if `newChildren` holds a data source twice, or
    ///   holds this source.
    @discardableResult
    public func setChildren(_ newChildren: [DataSource]) -> Bool {
        var listed = Set<ObjectIdentifier>()
        for child in newChildren {
            guard child !== self, listed.insert(ObjectIdentifier(child)).inserted else { return false }
        }
        let leaving = sections.filter { !listed.contains(ObjectIdentifier($0)) }
        var removed: [ContentState] = []
        for child in leaving {
            if let state = detach(child) { removed.append(state) }
        }
        sections = newChildren
        listedSections = listed
        // As in `remove(_:)`: each leaves (its reports stop reaching this source), then stops.
        // Its cancel calls the app (`hasContent`), which may change the sections meanwhile: the
        // new ones are listed already (adding one does nothing; removing one takes it off the
        // list), and one that left and is added back stays, heard, its load cancelled all the same.
        for child in leaving {
            if countedStates[ObjectIdentifier(child)] == nil {
                child.leave(parent: self)
            } else {
                child.loadingCoordinator.cancel()
            }
        }
        // The sections listed now and not counted yet join.
        let added = sections.filter { countedStates[ObjectIdentifier($0)] == nil }.map(attach)
        aggregateMayHaveMoved { $0.exchange(removing: removed, adding: added) }
        observedPropertyDidChange(.children, self, \ComposedDataSource.children)
        return true
    }

    /// Puts the screen back to never loaded: every section's load in flight is cancelled, and
    /// the screen shows ``ContentState/initial`` until the sections load again.
    ///
    /// Each section's loads stop as ``LoadingCoordinator/cancel()`` stops them: its first load
    /// or refresh, a paged section's page in flight, and, for a section that is itself a
    /// container, its own sections', by its own reset. The sections' models are yours: they
    /// keep their rows, and the screen no longer counts them. Until a load of a section settles
    /// after the reset, the screen counts that section as never loaded (as loading while a load
    /// of it is in flight), with no failure, whatever its rows. So the next
    /// ``loadContent()`` is a first load again: the loading screen, not a refresh over the old
    /// content, and under ``RevealPolicy/allTogether`` the sections appear together again.
    ///
    /// A reset during the screen's load ends it as a cancelled load ends: the wrapper draws the
    /// initial screen and the delegate hears no `didFinishLoading`. An awaited
    /// ``DataSource/reload(ownedBy:)`` answers ``LoadOutcome/cancelled``. A load whose result is
    /// being committed when you reset (you reset from inside its commit) is not cancelled, and
    /// counts once it settles.
    ///
    /// The wrapper is told once, at the end: sections added or removed from a callback of the
    /// reset (a section's cancel asking its model, say) count in its recount, and the screen
    /// never draws a state passed through on the way.
    public func resetContent() {
        // A reset from a callback of this one's: the reset under way counts every section afresh.
        guard !isResetting else { return }
        let drawn = aggregate.state
        for child in sections {
            resetMarks.mark(ObjectIdentifier(child), settledLoad: child.presentation.settledLoad)
        }
        isResetting = true
        for child in sections { child.containerWillReset() }
        isResetting = false
        hasBegun = false
        settledWhileLoading = false
        lastFailure = nil
        unreportedFailure = nil
        unreportedFailureChild = nil
        failing = FailingSections()
        drawnErrorSection = nil
        var counted: [ContentState] = []
        for child in sections {
            let id = ObjectIdentifier(child)
            // Marked, unless a load of it settled from a callback during the reset.
            let (state, settledLoad, failure) = resetMarks.counted(id, child.presentation)
            countedStates[id] = state
            countedLoads[id] = settledLoad
            counted.append(state)
            if state == .error, let failure { failing.sectionFailed(id, with: failure) }
        }
        aggregateMayHaveMoved(from: drawn) { $0.reset(counting: counted) }
    }
}
