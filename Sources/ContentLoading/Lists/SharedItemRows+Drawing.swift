/// Binding the rows to their items' keys, drawing them, and what the bindings tell: for the
/// app's own data source and for ``ListDataSource`` and ``PagedListDataSource`` alike.
extension SharedItemRows {
    // MARK: - Binding

    /// Whether row `id` is bound to its item's key.
    func bindingExists(_ id: ID) -> Bool { bindings[id] != nil }

    func bind(_ id: ID) {
        let binding = ItemRowObserver(id: id, rows: self)
        bindings[id] = binding
        store.bind(binding, to: id, now: store.clock.now())
    }

    func unbind(_ id: ID) {
        guard let binding = bindings.removeValue(forKey: id) else { return }
        store.unbind(binding, from: id)
    }

    // MARK: - Drawing

    /// The owner's wrapper's content renderer, if it draws these rows row by row; with
    /// `delegate`, that delegate's wrapper's instead (a delegate being set).
    func listRenderer(of delegate: (any DataSourceDelegate)? = nil) -> (any ListRenderer<ID>)? {
        guard let owner, let delegate = delegate ?? owner.delegate else { return nil }
        return delegate.contentWrapper(for: owner).contentRenderer as? any ListRenderer<ID>
    }

    /// Hands the list renderer ``snapshot``, made of `previous` by the rows' moves and `updated`
    /// items; a renderer that was not handed `previous` gets it from none.
    func draw(from previous: ListSnapshot<ID>, updated: Set<ID>) {
        guard let renderer = listRenderer() else {
            renderedBy = nil
            return
        }
        let identity = ObjectIdentifier(renderer)
        let before = renderedBy == identity ? previous : ListSnapshot()
        renderedBy = identity
        let difference = ListDifference(from: before, to: snapshot, updated: updated)
        guard !difference.isEmpty else { return }
        renderer.apply(snapshot, difference: difference)
    }

    /// Hands the list renderer ``snapshot`` with the insertions of `joined`, the rows after the
    /// first `count`; a renderer that was not handed the snapshot before gets it from none.
    func drawAppended(_ joined: [ID], after count: Int) {
        guard let renderer = listRenderer() else {
            renderedBy = nil
            return
        }
        guard renderedBy == ObjectIdentifier(renderer) else { return draw(from: ListSnapshot(), updated: []) }
        renderer.apply(snapshot, difference: ListDifference(appending: joined, after: count))
    }

    /// A new delegate's list renderer, if it was not handed ``snapshot``, is handed it from none.
    func handOver(to delegate: (any DataSourceDelegate)?) {
        guard let delegate, let renderer = listRenderer(of: delegate) else {
            renderedBy = nil
            return
        }
        guard renderedBy != ObjectIdentifier(renderer) else { return }
        renderedBy = ObjectIdentifier(renderer)
        guard !snapshot.isEmpty else { return }
        renderer.apply(snapshot, difference: ListDifference(from: ListSnapshot(), to: snapshot))
    }

    // MARK: - What the rows' bindings tell

    /// The item of row `id` changed in the store: drawn now, unless it equals the one drawn; while
    /// a list lands its items, drawn with the other rows it changes once it is done.
    func itemDidChange(_ id: ID) {
        guard !isLanding, drawn[id] != nil else { return }
        onStoreChange?(id)
        if store.isLandingItems {
            if landedMeanwhile.isEmpty {
                _ = store.deferUntilLanded { [weak self] in self?.drawLandedMeanwhile() }
            }
            landedMeanwhile.insert(id)
            return
        }
        guard let value = store.value(for: id), value != drawn[id] else { return }
        drawn[id] = value
        observableRows[id]?.update(value)
        drawChanged([id])
    }

    /// Draws the rows whose items another list's landing changed, as one difference.
    private func drawLandedMeanwhile() {
        let ids = landedMeanwhile
        landedMeanwhile = []
        var changed: [ID] = []
        for id in ids where drawn[id] != nil {
            guard let value = store.value(for: id), value != drawn[id] else { continue }
            drawn[id] = value
            observableRows[id]?.update(value)
            changed.append(id)
        }
        guard !changed.isEmpty else { return }
        changed.sort { snapshot.offset(of: $0)! < snapshot.offset(of: $1)! }
        drawChanged(changed)
    }

    /// Draws the rows of `ids`, whose items changed, in the snapshot's order.
    private func drawChanged(_ ids: [ID]) {
        onChange?()
        guard let owner else { return }
        if let renderer = listRenderer() {
            if renderedBy == ObjectIdentifier(renderer) {
                renderer.apply(snapshot, difference: ListDifference(updating: ids))
            } else {
                draw(from: ListSnapshot(), updated: [])
            }
        } else if owner.loadingCoordinator.isLoading {
            // A refresh on screen draws the item under its indicator.
            owner.loadingCoordinator.redrawDuringLoad(of: owner, draws: true) { true }
        } else {
            owner.redrawContent {}
        }
    }

    /// An optimistic write on a shown item failed: kept beside the content, and announced.
    func itemWriteDidFail(_ failure: WriteFailure) {
        writeFailure = failure
        guard let owner else { return }
        owner.delegate?.contentWrapper(for: owner).announce(failure)
    }
}
