/// Temporary keys: an item a list inserts under a temporary id (``ListDataSource/insert(_:item:at:request:)``)
/// is named by the server's id once its create commits, on every screen, in the same main-actor
/// turn. See <doc:ListsOfSharedItems>.
///
/// While the create is pending, a write performed on the temporary key changes the item in place
/// at once and waits: once the create commits it is performed on the server's key (its change on
/// the item created, its request sent then), and fails with the create if the create fails. Once
/// the create committed, a write or a new data source on the temporary key goes to the server's.
/// The data sources bound to the temporary key are bound to the server's key as the create
/// commits, showing the item created, with no frame of nothing between; if the create fails, the
/// item was never created: they show nothing, with the create's failure beside it.
extension ContentStore {
    /// The write performed once a deferred one's server key came: what cancelling it cancels.
    final class PerformedWrite {
        /// The write performed on the server's key; `nil` until then.
        var write: StoreWrite<Value>?
        /// Whether the deferred write was cancelled before the server's key came: never performed.
        var isCancelled = false
        /// The deferred write itself, which holds the canceller that reads this.
        weak var deferred: StoreWrite<Value>?
    }

    /// Whether `key` is a temporary key whose create is pending: the server has not named it yet.
    func awaitsServerKey(_ key: Key) -> Bool {
        !temporaryKeys.isEmpty && temporaryKeys.isPending(key)
    }

    /// The key `key` names now: the server's key a temporary key was given, or `key` itself.
    func resolvedKey(_ key: Key) -> Key {
        guard !temporaryKeys.isEmpty else { return key }
        return temporaryKeys.serverKey(for: key) ?? key
    }

    /// A list began to create an item under the temporary `key`: what is performed on it waits
    /// for the server's key.
    func beginTemporaryKey(_ key: Key) {
        temporaryKeys.begin(key)
    }

    /// The create under `temporary` committed as `server`, whose value is stored: the writes that
    /// waited are performed on it, then every data source bound to `temporary` is bound to it and
    /// draws it, its changes on top.
    func temporaryKeyDidResolve(_ temporary: Key, to server: Key) {
        for work in temporaryKeys.settle(temporary, server: server) { work(.success(server)) }
        guard server != temporary, let bound = observers[temporary] else { return }
        for entry in bound {
            entry.dataSource?.storeKeyDidResolve(to: server)
        }
    }

    /// The create under `temporary` failed with `error`: the writes that waited fail with it, the
    /// item's value goes (also while a data source is bound to it), and each data source bound
    /// to it shows nothing, with `failure` beside it (`nil`: the create was cancelled).
    func temporaryKeyDidFail(_ temporary: Key, error: any Error, failure: WriteFailure?) {
        for work in temporaryKeys.settle(temporary, server: nil) { work(.failure(error)) }
        if openItemMarks > 0 { noteItemChange(temporary) }
        end(machine.dropValue(temporary, now: clock.now()), with: .superseded)
        persistence.remove(temporary)
        notify(temporary) { $0.storeTemporaryKeyDidFail(failure) }
    }

    /// Performs a write on `key` if it is temporary, and returns it; `nil` when it is not. Its
    /// `request` is made for the key it is sent with.
    ///
    /// A key whose create committed: the write is performed on the server's key. A key whose
    /// create is pending: the change is made on the item at once, and the write returned waits
    /// for the server's key, performed on it then (settling as that write settles, cancelled
    /// with it), or failed with the create. Cancelled while it waits, it settles as cancelled and
    /// is never performed; its change stays on the temporary item until the create settles, when
    /// the server's item (or nothing) replaces it.
    @usableFromInline
    func performOnTemporaryKey(
        _ description: String, on key: Key, ordering: WriteOrdering, kind: WriteChangeKind, retries: RetryPolicy,
        change: @escaping @MainActor (inout Value) -> Void,
        request: @escaping (Key) -> @Sendable () async throws -> Value?
    ) -> StoreWrite<Value>? {
        if let server = temporaryKeys.serverKey(for: key) {
            return perform(
                description, on: server, ordering: ordering, kind: kind, retrying: retries, change: change,
                request: request(server))
        }
        guard temporaryKeys.isPending(key) else { return nil }
        // The temporary item is its list's own until the server creates it: changed in place.
        if var item = value(for: key) {
            change(&item)
            write(item, for: key)
        }
        let performed = PerformedWrite()
        // The create cancelled from inside that draw: the write is cancelled with it, never sent.
        guard temporaryKeys.isPending(key) else {
            let cancelled = StoreWrite(
                description: description, id: 0, canceller: StoreWriteCanceller(store: self) { _ in false },
                ordering: ordering, kind: kind, retries: retries, change: change, request: request(key))
            cancelled.settle(.cancelled)
            return cancelled
        }
        let canceller = StoreWriteCanceller(store: self) { _ in
            if let write = performed.write { return write.cancel() }
            guard let deferred = performed.deferred else { return false }
            performed.isCancelled = true
            deferred.settle(.cancelled)
            return true
        }
        let deferred = StoreWrite(
            description: description, id: 0, canceller: canceller, ordering: ordering, kind: kind,
            retries: retries, change: change, request: request(key))
        performed.deferred = deferred
        temporaryKeys.wait(for: key) { [weak self] result in
            switch result {
            case .success(let server):
                guard !performed.isCancelled else { return }
                guard let self else { return deferred.settle(.cancelled) }
                let write = perform(
                    description, on: server, ordering: ordering, kind: kind, retrying: retries, change: change,
                    request: request(server))
                performed.write = write
                if let outcome = write.outcome { return deferred.settle(outcome) }
                Task { deferred.settle(await write.settled() ?? .cancelled) }
            case .failure(let error):
                deferred.settle(error is CancellationError ? .cancelled : .failed(error))
            }
        }
        return deferred
    }
}
