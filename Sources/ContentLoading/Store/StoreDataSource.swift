/// A data source that shows a ``ContentStore``'s value for a key: every data source bound to
/// the key shows the same value and redraws when it changes, whichever of them loaded it.
///
/// ```swift
/// let dataSource = StoreDataSource(store: profiles, key: userID)
/// dataSource.delegate = self      // a stored value is the first frame: no spinner
/// dataSource.loadContent()        // revalidates, as a refresh, if the value is stale
/// ```
///
/// A key that holds a value when the data source is made is drawn on the first frame (the data
/// source starts with content, as if a load had just finished). ``loadContent()`` then settles
/// at once on a fresh value, or revalidates a stale or missing one through the store's shared
/// fetch, as a refresh when there is content: a failed revalidation keeps the value with the
/// failure beside it. Its loads go through its own ``LoadingCoordinator``, so superseding,
/// cancelling and ``DataSource/reload(ownedBy:)`` work as for any data source.
///
/// A new value of the key is drawn as it comes, also while a load is in flight: a refresh stays
/// refreshing with the new value drawn under its indicator, and a load cancelled after a value
/// came settles on that value as content.
///
/// Bound to a temporary key (a row a list inserted under a temporary id, opened before the server
/// created it), it shows the list's item and does not fetch it. When the create commits it is
/// bound to the server's key in the same main-actor turn and shows the item created (with the
/// changes of writes made meanwhile), never nothing between; ``key`` is then the server's. When
/// the create fails, the item was never created: it shows nothing (the empty screen), with the
/// create's failure as ``writeFailure``. Made on a temporary key the server has named since, it
/// is bound to the server's key. See <doc:ListsOfSharedItems>.
///
/// Final, because the store does the loading: an override of ``loadContent()`` would fetch
/// around it and lose the sharing and the per-key checks. Derive what a screen draws from
/// ``value``.
///
/// What the store tells it (a new value, a landed fetch, an invalidation) is inlinable, with the
/// store's paths that tell it: specialized in the app's module for its key and value.
@MainActor
public final class StoreDataSource<Key: Hashable & Sendable, Value: Sendable>: DataSource {
    /// The store this data source shows a value of.
    public let store: ContentStore<Key, Value>
    /// The key this data source is bound to; change it with ``changeKey(to:)``. A temporary key
    /// becomes the server's once the server creates its item.
    public private(set) var key: Key
    /// The value shown: the store's value for ``key``, or, while ``isPlaceholder``, the previous key's.
    ///
    /// Observable, with ``isPlaceholder``: a view that reads it hears when it changes.
    public var value: Value? {
        observationAccess(.storeValue, self, \StoreDataSource.value)
        return shown
    }
    /// Whether ``value`` is the previous key's, kept on screen until the new key's value lands.
    public var isPlaceholder: Bool {
        observationAccess(.storeValue, self, \StoreDataSource.value)
        return shownIsPlaceholder
    }
    /// The last optimistic write on ``key`` that failed, to show beside the content (its change
    /// is already rolled back); `nil` when none, or once ``dismissWriteFailure()`` cleared it.
    ///
    /// Observable, with ``value``. The failure is announced through the wrapper too
    /// (``Announcement/Kind/writeFailed(_:)``). See <doc:OptimisticWrites>.
    public var writeFailure: WriteFailure? {
        observationAccess(.storeValue, self, \StoreDataSource.value)
        return lastWriteFailure
    }
    @usableFromInline var lastWriteFailure: WriteFailure?
    /// What ``value`` returns; `nil` when nothing is shown.
    @usableFromInline var shown: Value?
    /// Whether ``shown`` holds something to show: the app's `isEmpty`, asked once as it is set.
    @usableFromInline var shownHasContent = false
    /// Whether ``shown`` is the previous key's value, kept until the new key's value lands.
    @usableFromInline var shownIsPlaceholder = false
    /// Whether the store's change that ends the load in flight (a landing, a write) was already
    /// taken, so that the load's commit does not tell the observers a second time.
    @usableFromInline var tookValueDuringLoad = false
    /// Moves on each change of what is shown (a value, nothing, a placeholder, a key change), so
    /// that a show that asked the app's `isEmpty` can tell whether the app showed something newer
    /// from inside it (a write, a key change, a write cancelled): then the newer one stays.
    @usableFromInline var shownRevision: UInt64 = 0
    @usableFromInline let isEmpty: @MainActor (Value) -> Bool
    /// When a load's failed fetch is tried again (see <doc:RetryingLoads>); by default never.
    public let retryPolicy: RetryPolicy

    /// Creates a data source bound to `key`; if the store holds a value for it, the data source
    /// starts with it.
    ///
    /// - Parameters:
    ///   - store: The store to show a value of.
    ///   - key: The key to show.
    ///   - policy: When a load's failed fetch is tried again: each retry asks the store again (a
    ///     new shared fetch), the state stays loading or refreshing meanwhile, and only the last
    ///     failure is shown. By default never.
    ///   - isEmpty: Whether a value has nothing to show (the empty screen); by default never.
    ///     Asked as each value is shown. If it changes what this data source shows (writes the
    ///     key, changes this data source's key, cancels a write), that newer change is what shows.
    public init(
        store: ContentStore<Key, Value>, key: Key, retrying policy: RetryPolicy = .never,
        isEmpty: @escaping @MainActor (Value) -> Bool = { _ in false }
    ) {
        self.store = store
        // A temporary key the server has named since: the item is under the server's key.
        self.key = store.resolvedKey(key)
        self.isEmpty = isEmpty
        retryPolicy = policy
        super.init()
        observeLoads(self)
        // Bound and read at one instant.
        let now = store.clock.now()
        store.bind(self, to: self.key, now: now)
        if let stored = store.valueForDataSource(self.key, now: now) { settle(showing: stored) }
    }

    deinit {
        // On whichever thread released it: its key's retention counts from now (see
        // `ContentStore.observerReleased`). A deinit reads its own stored properties without a race.
        store.observerReleased(from: key)
    }

    /// Whether ``value`` holds something to show.
    public override var hasContent: Bool {
        shownHasContent
    }

    /// Settles at once on the key's fresh stored value, or revalidates it through the store's
    /// shared fetch (a refresh if there is content).
    ///
    /// A failed fetch is tried again as ``retryPolicy`` says. If the last attempt fails while
    /// ``value`` is the previous key's placeholder, the placeholder is dropped and the failure
    /// shows as an error screen: the previous key's value only stood in for the new key's until
    /// it landed, and the new key has none.
    public override func loadContent() {
        let key = self.key
        // A temporary key is not the server's to fetch: its item is its list's until created.
        if !store.isStale(key) || store.awaitsServerKey(key), let stored = store.value(for: key) {
            return settle(showing: stored)
        }
        tookValueDuringLoad = false
        load(keepingContent: true, retrying: retryPolicy) { [store] _ in
            try await store.fetchForDataSource(key)
        } commit: { dataSource, _ in
            dataSource.commitLoadedValue()
        }
    }

    /// Binds this data source to `key`: shows its stored value at once, or keeps the previous
    /// value as a placeholder (``isPlaceholder``) while the new key's value is fetched.
    ///
    /// The placeholder is the previous key's committed value, without the changes of its pending
    /// optimistic writes: such a write may still roll back, and this data source no longer hears
    /// of that key, so its change would stay on screen, shown nowhere else.
    ///
    /// The previous key's load is superseded: its late response never reaches this data source.
    /// A stale stored value is revalidated.
    public func changeKey(to key: Key) {
        guard key != self.key else { return }
        let previous = self.key
        // Read before the previous key is unbound (and swept).
        let committed = store.hasPendingWrites(previous) ? store.committedValue(for: previous) : nil
        store.unbind(self, from: previous)
        self.key = key
        shownRevision &+= 1
        lastWriteFailure = nil
        let now = store.clock.now()
        store.bind(self, to: key, now: now)
        if let stored = store.valueForDataSource(key, now: now) {
            settle(showing: stored)
            if store.isStale(key) { loadContent() }
        } else {
            if let committed {
                // The app's `isEmpty` may change the key again meanwhile: then that change stands.
                var stands = false
                if loadingCoordinator.isLoading {
                    // A refresh on screen keeps its state as the load below begins: draw it now.
                    loadingCoordinator.redrawDuringLoad(of: self, draws: true) {
                        stands = show(committed, asPlaceholder: true)
                        return stands
                    }
                } else {
                    stands = show(committed, asPlaceholder: true)
                }
                guard stands else { return }
            } else {
                shownIsPlaceholder = shown != nil
            }
            valueDidChange()
            loadContent()
        }
    }

    /// Shows `stored` at once, superseding any load in flight: the wrapper redraws the content
    /// without a refresh between (see ``LoadingCoordinator``'s `redrawAtOnce` and `settleAtOnce`).
    @inlinable
    func settle(showing stored: Value) {
        loadingCoordinator.redrawAtOnce(of: self, standing: { show(stored) })
        valueDidChange()
    }

    /// The load's commit: the landing or write that ended it was already shown (see
    /// ``storeFetchDidLand()``), so the observers hear of it once.
    ///
    /// The fetched value reaches this data source through the store's telling, not through the
    /// load's result, because every data source bound to the key shows it, not only the one
    /// whose load fetched it, and because a value that lands is the outcome a load cancelled
    /// before its commit returns to (a first load settles on content): the telling comes while
    /// the load is in flight, the commit a hop later, if at all. See <doc:SharingContent>.
    private func commitLoadedValue() {
        guard tookValueDuringLoad else { return showStoredValue() }
        tookValueDuringLoad = false
    }

    /// The load's last attempt failed (no cancellation) and settles next: a placeholder goes, so
    /// that the failure settles on the error screen. During retries it stays.
    func contentLoadWillFail(with error: any Error) {
        guard shownIsPlaceholder else { return }
        showNothing()
        valueDidChange()
    }

    /// Takes the store's value for ``key``. Without the time: this data source is bound to the key,
    /// which never expires while it is (see `ContentStore.valueForDataSource`).
    @inlinable
    func showStoredValue() {
        guard let stored = store.valueForDataSource(key, now: nil) else { return }
        show(stored)
        valueDidChange()
    }

    /// Shows `value`, the key's own (or, `asPlaceholder`, the previous key's), unless the app's
    /// `isEmpty`, asked first, changed what is shown meanwhile (a write, a key change, a write
    /// cancelled from inside it): that newer change was shown already and stays, and this
    /// returns `false`.
    @inlinable
    @discardableResult
    func show(_ value: Value, asPlaceholder: Bool = false) -> Bool {
        shownRevision &+= 1
        let revision = shownRevision
        let isEmpty = self.isEmpty(value)
        // Decided; the app's code may have shown something newer meanwhile, which then stands (a
        // key change from inside it keeps what was shown before this value as its placeholder).
        guard revision == shownRevision else { return false }
        shownHasContent = !isEmpty
        shown = value
        shownIsPlaceholder = asPlaceholder
        return true
    }

    /// Shows nothing: the key has no value (no placeholder either).
    private func showNothing() {
        shownRevision &+= 1
        shownHasContent = false
        shown = nil
        shownIsPlaceholder = false
    }

    /// Tells the observers of ``value`` and ``isPlaceholder``, if any read them since last told.
    @usableFromInline
    func valueDidChange() {
        guard observedKeys.contains(.storeValue) else { return }
        observedPropertyDidChange(.storeValue, self, \StoreDataSource.value)
    }

    // MARK: - What the store tells

    /// The key's value changed (written, or a write's layer applied or removed): shows the
    /// store's value.
    @inlinable
    func storeValueDidChange() {
        // With a load in flight, the value is drawn now under the load, which keeps its state (a
        // refresh stays refreshing) and settles the screen. Otherwise the value is settled at once
        // as a new outcome, which the wrapper redraws (``contentDidChange()`` would not: the state
        // stays `content`).
        guard !loadingCoordinator.isLoading else { return takeValueDuringLoad(drawing: true) }
        // Without the time, as in ``showStoredValue()``.
        if let stored = store.valueForDataSource(key, now: nil) { settle(showing: stored) }
    }

    /// The key's fetch landed its value: shows it (a load waiting for the fetch draws it as it
    /// commits).
    @inlinable
    func storeFetchDidLand() {
        // A load in flight waits for this fetch (its key's current one): its commit, a hop from
        // now, draws the value, so the wrapper does not draw it under the refresh first.
        guard !loadingCoordinator.isLoading else { return takeValueDuringLoad(drawing: false) }
        storeValueDidChange()
    }

    /// Takes the store's value while a load is in flight: shown now, and the outcome the load
    /// returns to if it is cancelled before it commits (so a value taken during a first load is
    /// content, not the initial screen). `drawing`: a refresh draws it at once.
    @inlinable
    func takeValueDuringLoad(drawing: Bool) {
        tookValueDuringLoad = true
        // Without the time, as in ``showStoredValue()``.
        if let stored = store.valueForDataSource(key, now: nil) {
            loadingCoordinator.redrawDuringLoad(of: self, draws: drawing) { show(stored) }
        }
        valueDidChange()
    }

    /// The key was invalidated: revalidates it.
    @inlinable
    func storeDidInvalidate() {
        loadContent()
    }

    /// An optimistic write on the key failed: its change is gone; shows the failure beside the
    /// content.
    @usableFromInline
    func storeWriteDidFail(_ failure: WriteFailure) {
        lastWriteFailure = failure
        valueDidChange()
        delegate?.contentWrapper(for: self).announce(failure)
    }

    /// Clears ``writeFailure``: the user has seen it.
    public func dismissWriteFailure() {
        guard lastWriteFailure != nil else { return }
        lastWriteFailure = nil
        valueDidChange()
    }

    /// The temporary key this data source is bound to was named `server` by the server (its
    /// item's create committed): bound to `server` now, and shows its value, superseding a load
    /// in flight, in this turn, with no frame of nothing between.
    func storeKeyDidResolve(to server: Key) {
        let now = store.clock.now()
        // Bound to the server's key before the temporary one is let go of: never unbound between.
        store.bind(self, to: server, now: now)
        store.unbind(self, from: key)
        key = server
        shownRevision &+= 1
        guard let stored = store.valueForDataSource(server, now: now) else { return loadContent() }
        settle(showing: stored)
    }

    /// The create of the temporary key's item failed: the item was never created, so this data
    /// source shows nothing (the empty screen), with `failure` beside it (`nil`: cancelled).
    func storeTemporaryKeyDidFail(_ failure: WriteFailure?) {
        loadingCoordinator.redrawAtOnce(of: self) { showNothing() }
        guard let failure else { return valueDidChange() }
        storeWriteDidFail(failure)
    }

    /// An app's signal found the key stale: revalidates it, unless a load is in flight.
    @inlinable
    func storeShouldRevalidate() {
        // A load in flight (a refresh the user started, say) is never superseded by a signal.
        guard !loadingCoordinator.isLoading else { return }
        loadContent()
    }
}

/// The store data source's part in its loads: its placeholder gives way to a failure.
extension StoreDataSource: LoadLifecycleObserver {}
