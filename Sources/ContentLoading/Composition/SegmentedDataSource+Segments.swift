/// Changing the segments at runtime, and resetting the screen to never loaded.
extension SegmentedDataSource {
    /// Inserts `child` as the segment at `index`.
    ///
    /// The selected segment stays selected (its index moves up when `child` goes before it), so
    /// the screen does not move. Into a source with no segments, `child` becomes the selected
    /// one and is drawn at once, as it is; it does not load (as with
    /// ``init(children:selectedIndex:)``): call ``loadContent()``.
    ///
    /// - Returns: `false`, with nothing changed, if `child` is already a segment or is this
    ///   source, or if `index` is not in `0...children.count`.
    @discardableResult
    public func insert(_ child: DataSource, at index: Int) -> Bool {
        guard child !== self, !segments.contains(where: { $0 === child }), (0...segments.count).contains(index)
        else { return false }
        segments.insert(child, at: index)
        reportedFailures.insert(0, at: index)
        child.adopt(parent: self)
        if let selected = selection {
            if index <= selected {
                selection = selected + 1
                observedPropertyDidChange(.selection, self, \SegmentedDataSource.selectedIndex)
            }
        } else {
            moveSelection(to: index, abandonsALoad: false, loading: false)
        }
        observedPropertyDidChange(.children, self, \SegmentedDataSource.children)
        return true
    }

    /// Removes the segment at `index`, and cancels its load in flight.
    ///
    /// From then on nothing the removed segment reports reaches this source. Removing a segment
    /// before the selected one moves the selected index down; the screen does not move.
    /// Removing the selected segment selects its neighbour, as ``select(_:)`` does: the segment
    /// that takes its place, or, if it was the last, the one before it (none if it was the only
    /// one, and the screen shows ``ContentState/initial``). The neighbour is drawn at once,
    /// loading if it never loaded, and if the removed segment was loading, the delegate hears its
    /// load finished with no error.
    ///
    /// - Returns: `false`, with nothing changed, if `index` is out of range.
    @discardableResult
    public func remove(at index: Int) -> Bool {
        guard segments.indices.contains(index) else { return false }
        let child = segments.remove(at: index)
        reportedFailures.remove(at: index)
        let leaves = !segments.contains { $0 === child }
        if leaves {
            resetMarks.forget(ObjectIdentifier(child))
            // Its reports stop reaching this source now; its load stops once the neighbour shows.
            if child.parent === self { child.parent = nil }
        }
        if let selected = selection {
            if index < selected {
                selection = selected - 1
                observedPropertyDidChange(.selection, self, \SegmentedDataSource.selectedIndex)
            } else if index == selected {
                let neighbour = segments.isEmpty ? nil : min(index, segments.count - 1)
                moveSelection(to: neighbour, abandonsALoad: countedState.isLoading)
            }
        }
        if leaves { child.loadingCoordinator.cancel() }
        observedPropertyDidChange(.children, self, \SegmentedDataSource.children)
        return true
    }

    /// Puts the screen back to never loaded: every segment's load in flight is cancelled, and
    /// the screen shows ``ContentState/initial``, with no footer, until the selected segment
    /// loads again.
    ///
    /// Each segment's loads stop as ``LoadingCoordinator/cancel()`` stops them: its first load
    /// or refresh, a paged segment's page in flight, and, for a segment that is itself a
    /// container, its own children's, by its own reset. The selection stays. The segments'
    /// models are yours: they keep their rows, and the screen no longer counts them. Until a
    /// load of a segment settles after the reset, the screen counts that segment as never
    /// loaded (as loading while a load of it is in flight), with no failure and no footer. So
    /// ``loadContent()`` loads the selected segment afresh, and selecting a segment loads it
    /// again, as on its first selection.
    ///
    /// A reset during the selected segment's load ends it as a cancelled load ends: the wrapper
    /// draws the initial screen and the delegate hears no `didFinishLoading`. An awaited
    /// ``DataSource/reload(ownedBy:)`` answers ``LoadOutcome/cancelled``. A load whose result is
    /// being committed when you reset (you reset from inside its commit) is not cancelled, and
    /// counts once it settles.
    public func resetContent() {
        // A reset from a callback of this one's: the reset under way counts the segments afresh.
        guard !isResetting else { return }
        for child in segments {
            resetMarks.mark(ObjectIdentifier(child), settledLoad: child.presentation.settledLoad)
        }
        let before = countedState
        isResetting = true
        var reset = Set<ObjectIdentifier>()
        for child in segments where reset.insert(ObjectIdentifier(child)).inserted { child.containerWillReset() }
        isResetting = false
        version &+= 1
        footerRevision &+= 1
        countSelected()
        if countedState.isLoading, !before.isLoading {
            report(.willBegin(stateChanged: true))
        } else {
            report(.stateChanged)
        }
        report(.footerChanged)
    }
}
