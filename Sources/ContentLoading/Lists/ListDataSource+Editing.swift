/// Editing a list: rows inserted, removed, moved and changed as optimistic writes. See
/// ``ListDataSource``.
///
/// Each edit shows at once, in one draw, and its request makes it true. A response that lands
/// while an edit is pending shows the edit on top of the server's order (a removed row does not
/// come back, an inserted row stays, a moved row keeps its place); one whose request began
/// before an edit committed shows the edit too. An edit that fails is undone in one draw and
/// reported in ``ListDataSource/writeFailure``. Once the last pending edit settles, the list
/// reloads once, and ends on the server's order.
///
/// A row inserted under a temporary id keeps its place when the server gives it its id: the
/// temporary id leaves and the server's comes in at the same offset, in one draw (a removal and
/// an insertion, which a diffable data source applies in one batch; the row's identity is the
/// item's id, so a SwiftUI `List` sees the same change). The row is re-keyed, not kept under its
/// temporary id, because an item is held once, by id: every other list, page and detail names it
/// by the server's id. Edits and writes made on the temporary id meanwhile are sent with the
/// server's id once the insert commits, and fail with it if it fails. A detail opened on the
/// temporary id (a ``StoreDataSource``) is bound to the server's id in the same turn, and shows
/// the item created; if the insert fails, it shows nothing, with the failure beside it.
extension ListDataSource {
    /// Inserts `item` at `offset` (the end when the list is shorter) at once, and sends the
    /// request that creates it.
    ///
    /// ```swift
    /// let draft = Article(id: .temporary(), title: "Draft")
    /// list.insert("Add draft", item: draft, at: 0) { try await api.create(draft) }
    /// ```
    ///
    /// - Parameters:
    ///   - description: What the insert does, in the user's words: a failure names it.
    ///   - item: The new item, under an id of its own (a temporary one until the server gives it
    ///     one); an id the list shows already is refused: the edit settles as cancelled.
    ///   - offset: Where the row goes.
    ///   - retries: How the request is retried after a failure, and the network it waits for
    ///     (``RetryPolicy/connectivity``), as a store write's; `.never` sends it once.
    ///   - request: Creates the item on the server, off the main actor, and returns it as
    ///     created: its id is the server's.
    /// - Returns: The edit, to await; it commits the item the server created.
    @discardableResult
    public func insert(
        _ description: String, item: Item, at offset: Int, retrying retries: RetryPolicy = .never,
        request: @escaping @Sendable () async throws -> Item
    ) -> ListEdit<Item> {
        insertRow(description, item: item, at: offset, retrying: retries, request: request)
    }

    /// Removes row `id` at once, and sends the request that deletes it.
    ///
    /// - Parameters:
    ///   - description: What the remove does, in the user's words: a failure names it.
    ///   - id: The row to remove.
    ///   - retries: How the request is retried after a failure, and the network it waits for
    ///     (``RetryPolicy/connectivity``), as a store write's; `.never` sends it once.
    ///   - request: Deletes the item on the server, off the main actor; handed the row's id (the
    ///     server's, for a row inserted under a temporary id).
    /// - Returns: The edit, to await.
    @discardableResult
    public func remove(
        _ description: String, id: ID, retrying retries: RetryPolicy = .never,
        request: @escaping @Sendable (ID) async throws -> Void
    ) -> ListEdit<Item> {
        edit(description, .remove(id), retrying: retries, request: request)
    }

    /// Moves row `id` to `offset` (the end when the list is shorter) at once, and sends the
    /// request that moves it.
    ///
    /// - Parameters:
    ///   - description: What the move does, in the user's words: a failure names it.
    ///   - id: The row to move.
    ///   - offset: Its place in the list after the move.
    ///   - retries: How the request is retried after a failure, and the network it waits for
    ///     (``RetryPolicy/connectivity``), as a store write's; `.never` sends it once.
    ///   - request: Moves the item on the server, off the main actor; handed the row's id (the
    ///     server's, for a row inserted under a temporary id).
    /// - Returns: The edit, to await.
    @discardableResult
    public func move(
        _ description: String, id: ID, to offset: Int, retrying retries: RetryPolicy = .never,
        request: @escaping @Sendable (ID) async throws -> Void
    ) -> ListEdit<Item> {
        edit(description, .move(id, to: offset), retrying: retries, request: request)
    }

    /// Changes row `id`'s item at once, as an optimistic write on the store
    /// (``ContentStore/perform(_:on:ordering:kind:retrying:change:request:)``), and sends the
    /// request that makes it true.
    ///
    /// On a row inserted under a temporary id whose insert is pending, the change shows at once
    /// and the write is performed on the server's id once the insert commits: its change on the
    /// item created, its request handed the server's id. If the insert fails, so does the write.
    ///
    /// - Parameters:
    ///   - description: What the write does, in the user's words: a failure names it.
    ///   - id: The row whose item changes.
    ///   - change: The change, applied on the main actor, as a store write's.
    ///   - retries: How the request is retried after a failure, and the network it waits for
    ///     (``RetryPolicy/connectivity``), as a store write's; `.never` sends it once.
    ///   - request: Sends the write, off the main actor; handed the item's id (the server's, for
    ///     a row inserted under a temporary id); returns the server's item, or `nil` to commit
    ///     the change itself.
    /// - Returns: The edit, to await.
    @discardableResult
    public func perform(
        _ description: String, on id: ID, retrying retries: RetryPolicy = .never,
        change: @escaping @MainActor (inout Item) -> Void, request: @escaping @Sendable (ID) async throws -> Item?
    ) -> ListEdit<Item> {
        performEdit(description, on: id, retrying: retries, change: change, request: request)
    }

    /// Makes the edit or write that `failure` reports again (the Retry beside a failure's
    /// message), as ``ListEdit/retry()`` or ``StoreWrite/retry()`` does: its change shows at once.
    ///
    /// Returns `false`, doing nothing, when `failure` is not of an edit or of a write on this
    /// list's store (one the app made itself), or was retried already.
    @discardableResult
    public func retry(_ failure: WriteFailure) -> Bool {
        retryEdit(failure)
    }
}

/// Editing a list of shared items, as both lists do. See ``ListDataSource``.
extension ItemList {
    /// Inserts `item` at `offset` at once, and sends `request`: ``ListDataSource/insert(_:item:at:retrying:request:)``.
    func insertRow(
        _ description: String, item: Item, at offset: Int, retrying retries: RetryPolicy,
        request: @escaping @Sendable () async throws -> Item
    ) -> ListEdit<Item> {
        let edit = ListEdit<Item>(description: description)
        let temporary = item.id
        guard !shown.contains(temporary), !edits.isPending(temporary) else {
            edit.settle(.cancelled)
            return edit
        }
        store.holdingSweeps {
            if !itemRows.bindingExists(temporary) { itemRows.bind(temporary) }
            itemRows.isLanding = true
            store.write(item, for: temporary)
            itemRows.isLanding = false
        }
        store.beginTemporaryKey(temporary)
        let number = edits.add(.insert(temporary, at: offset))
        waitingForServerID[temporary] = []
        showEdits()
        let items = store
        let task = Task { [weak self, weak items, clock = store.clock] in
            let result = await RetryLoop.send(request, retrying: retries, clock: clock)
            // Cancelled meanwhile: the row left then, and the answer is ignored.
            guard edit.isPending else { return }
            guard let self else {
                // Nobody re-keys the row: what waits on the temporary id is cancelled.
                items?.temporaryKeyDidFail(temporary, error: CancellationError(), failure: nil)
                return edit.settle(.cancelled)
            }
            self.insertDidSettle(number, of: temporary, edit, result)
        }
        edit.canceller = { [weak self] in
            task.cancel()
            self?.insertDidSettle(number, of: temporary, edit, .failure(CancellationError()))
            return true
        }
        edit.retryAction = { [weak self] in
            self?.insertRow(description, item: item, at: offset, retrying: retries, request: request)
        }
        return edit
    }

    /// Changes row `id`'s item at once, and sends `request`: ``ListDataSource/perform(_:on:retrying:change:request:)``.
    func performEdit(
        _ description: String, on id: ID, retrying retries: RetryPolicy,
        change: @escaping @MainActor (inout Item) -> Void, request: @escaping @Sendable (ID) async throws -> Item?
    ) -> ListEdit<Item> {
        let edit = ListEdit<Item>(description: description)
        edit.retryAction = { [weak self] in
            self?.performEdit(description, on: id, retrying: retries, change: change, request: request)
        }
        // On a temporary id, the store performs it on the server's once the insert commits.
        let write = store.perform(description, on: id, retrying: retries, change: change, keyedRequest: request)
        follow(write, by: edit)
        return edit
    }

    // MARK: - Edits of the order

    /// Makes `change`, shows it, and sends its request: at once, or once the server gave the
    /// row's temporary id its own.
    func edit(
        _ description: String, _ change: ListEdits<ID>.Change, retrying retries: RetryPolicy,
        request: @escaping @Sendable (ID) async throws -> Void
    ) -> ListEdit<Item> {
        let edit = ListEdit<Item>(description: description)
        let number = edits.add(change)
        let waited = waitingForServerID[change.id] != nil
        showEdits()
        edit.retryAction = { [weak self] in self?.edit(description, change, retrying: retries, request: request) }
        let send: @MainActor (ID) -> Void = { [weak self, clock = store.clock] id in
            let task = Task {
                let result = await RetryLoop.send({ try await request(id) }, retrying: retries, clock: clock)
                guard let self else { return edit.settle(.cancelled) }
                // Cancelled meanwhile: the edit was dropped then, and the answer is ignored.
                guard edit.isPending else { return }
                self.editDidSettle(number, of: id, edit, result)
            }
            edit.canceller = { [weak self] in
                task.cancel()
                self?.editDidSettle(number, of: id, edit, .failure(CancellationError()))
                return true
            }
        }
        if waitingForServerID[change.id] != nil {
            let temporary = change.id
            edit.canceller = { [weak self] in
                self?.editDidSettle(number, of: temporary, edit, .failure(CancellationError()))
                return true
            }
            waitingForServerID[change.id, default: []].append { [weak self] result in
                guard edit.isPending else { return }
                switch result {
                case .success(let server): send(server)
                case .failure(let error):
                    // The insert's failure is the one reported; the row leaves in its draw.
                    self?.edits.drop(number)
                    edit.settle(error is CancellationError ? .cancelled : .failed(error))
                }
            }
        } else if waited {
            // The row's insert was cancelled from inside the draw: no server's id comes, and the
            // edit goes with the row, never sent.
            edits.drop(number)
            edit.settle(.cancelled)
            showEdits()
            reloadWhenEditsSettle(editsHaveSettled)
        } else {
            send(change.id)
        }
        return edit
    }

    /// Edit `number` of row `id` settled with `result`: committed into the server's order, or
    /// dropped and reported. A row it leaves out is let go of.
    private func editDidSettle(
        _ number: UInt64, of id: ID, _ edit: ListEdit<Item>, _ result: Result<Void, any Error>
    ) {
        switch result {
        case .success:
            edits.commit(number)
            edit.settle(.committed(nil))
        case .failure(let error):
            edits.drop(number)
            fail(edit, error)
        }
        let settledTheLast = editsHaveSettled
        showEdits()
        if !shown.contains(id), !edits.isPending(id) { store.holdingSweeps { itemRows.unbind(id) } }
        reloadWhenEditsSettle(settledTheLast)
    }

    /// The insert `number` of the row under `temporary` settled with `result`.
    ///
    /// Committed, the server's item is stored under its id and the row re-keyed to it, at its
    /// place, in one draw; what waited for the server's id is sent with it. Failed, the row
    /// leaves in one draw, and what waited fails with it.
    private func insertDidSettle(
        _ number: UInt64, of temporary: ID, _ edit: ListEdit<Item>, _ result: Result<Item, any Error>
    ) {
        let waiting = waitingForServerID.removeValue(forKey: temporary) ?? []
        // Whether this settled the last pending edit, before the draw: one that settles from
        // inside the draw reloads the list itself.
        let settledTheLast: Bool
        switch result {
        case .success(let created):
            let server = created.id
            store.holdingSweeps {
                if !itemRows.bindingExists(server) { itemRows.bind(server) }
                itemRows.isLanding = true
                store.write(created, for: server)
                itemRows.isLanding = false
            }
            edits.commit(number, as: server)
            edit.settle(.committed(created))
            // Performed before the draw: their changes show on the row as it is re-keyed. A
            // detail on the temporary id is bound to the server's, and draws it, in this turn.
            for work in waiting { work(.success(server)) }
            store.temporaryKeyDidResolve(temporary, to: server)
            settledTheLast = editsHaveSettled
            showEdits()
            if server != temporary { forget(temporary) }
        case .failure(let error):
            edits.drop(number)
            fail(edit, error)
            for work in waiting { work(.failure(error)) }
            // A detail on the temporary id shows nothing: the item was never created.
            let failure =
                error is CancellationError ? nil : WriteFailure(writeDescription: edit.description, error: error)
            store.temporaryKeyDidFail(temporary, error: error, failure: failure)
            settledTheLast = editsHaveSettled
            showEdits()
            forget(temporary)
        }
        reloadWhenEditsSettle(settledTheLast)
    }

    /// Lets go of the temporary item of an insert that settled: it is no row's any more.
    private func forget(_ temporary: ID) {
        store.holdingSweeps {
            itemRows.unbind(temporary)
            store.removeValue(for: temporary)
        }
    }

    /// `edit` failed with `error`: a cancellation settles it as cancelled, anything else as
    /// failed, shown beside the content and announced.
    private func fail(_ edit: ListEdit<Item>, _ error: any Error) {
        guard !(error is CancellationError) else { return edit.settle(.cancelled) }
        edit.settle(.failed(error))
        itemRows.itemWriteDidFail(WriteFailure(writeDescription: edit.description, error: error, write: edit))
    }

    /// Makes the edit or write that `failure` reports again: ``ListDataSource/retry(_:)``.
    func retryEdit(_ failure: WriteFailure) -> Bool {
        if let edit = failure.write as? ListEdit<Item> { return edit.retry() != nil }
        if let write = failure.write as? StoreWrite<Item>, write.belongs(to: store) { return write.retry() != nil }
        return false
    }

    /// Whether no edit is pending and nothing waits for a server's id.
    private var editsHaveSettled: Bool { !edits.hasPendingEdits && waitingForServerID.isEmpty }

    /// Once the last pending edit settled, the list is told (a ``ListDataSource`` reloads, to
    /// end on the server's order), once: only when the edit settling, not one that settled from
    /// inside its draw, was the last (`settledTheLast`, read before the draw).
    private func reloadWhenEditsSettle(_ settledTheLast: Bool) {
        guard settledTheLast, editsHaveSettled else { return }
        editsDidSettle()
    }

    /// Follows `write` (a write performed on the store for `edit`) until it settles.
    private func follow(_ write: StoreWrite<Item>, by edit: ListEdit<Item>) {
        if let outcome = write.outcome { return edit.settle(outcome) }
        edit.canceller = { write.cancel() }
        Task {
            guard let outcome = await write.settled() else { return edit.settle(.cancelled) }
            edit.settle(outcome)
        }
    }

    // MARK: - Drawing the order

    /// Shows the list's order as its edits make it, in one draw: the rows that join and leave,
    /// and the content or empty screen that follows.
    func showEdits() {
        let previous = shown
        var values: [ID: Item] = [:]
        var ids: [ID] = []
        var updated = Set<ID>()
        for id in edits.ids {
            guard let value = itemRows.drawn[id] ?? store.value(for: id) else { continue }
            values[id] = value
            ids.append(id)
        }
        let next = ListSnapshot(ids)
        // An item that changed while its row was not drawn (re-keyed, or landed) is drawn now.
        for id in next.ids {
            guard let value = store.value(for: id) else { continue }
            if let before = values[id], before != value, previous.contains(id) { updated.insert(id) }
            values[id] = value
        }
        guard next != previous || !updated.isEmpty else { return }
        itemRows.snapshot = next
        itemRows.drawn = values
        for id in previous.ids where !next.contains(id) { itemRows.observableRows[id] = nil }
        // A row a pending edit hides stays bound: it comes back if the edit fails.
        store.holdingSweeps {
            for id in previous.ids where !next.contains(id) && !edits.isPending(id) && waitingForServerID[id] == nil {
                itemRows.unbind(id)
            }
        }
        redrawRows { itemRows.draw(from: previous, updated: updated) }
        for id in updated { if let item = itemRows.drawn[id] { itemRows.observableRows[id]?.update(item) } }
        if next != previous { observedPropertyDidChange(.listSnapshot, self, Self.snapshotKey) }
    }
}
