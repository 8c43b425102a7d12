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
/// Final, because the store does the loading: an override of ``loadContent()`` would fetch
/// around it and lose the sharing and the per-key checks. Derive what a screen draws from
/// ``value``.
@MainActor
public final class StoreDataSource<Key: Hashable & Sendable, Value: Sendable>: DataSource, StoreObserver {
    // Stored state is unchecked for exclusivity at run time, as `DataSource`'s is (CONTRIBUTING,
    // "Speed"): it is used only on the main actor, and nothing is mutated in place across a call
    // to app code (`isEmpty` is asked before the value is stored).
    /// The store this data source shows a value of.
    public let store: ContentStore<Key, Value>
    /// The key this data source is bound to; change it with ``changeKey(to:)``.
    @exclusivity(unchecked) public private(set) var key: Key
    /// The key's slot in the store, which stays the key's while this data source is bound to it.
    @exclusivity(unchecked) private var slot: Int
    /// The value shown: the store's value for ``key``, or, while ``isPlaceholder``, the previous key's.
    ///
    /// Observable, with ``isPlaceholder``: a view that reads it hears when it changes.
    public var value: Value? {
        observationAccess(.storeValue, self, \StoreDataSource.value)
        return shown?.value
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
    @exclusivity(unchecked) private var lastWriteFailure: WriteFailure?
    /// What ``value`` returns, boxed: see ``StoreValueBox``. `nil` when nothing is shown.
    @exclusivity(unchecked) private var shown: StoreValueBox<Value>?
    /// Whether ``shown`` holds something to show, decided by `isEmpty` when it is set: the
    /// coordinator asks ``hasContent`` several times a load, and reading a `Value?` in this
    /// generic class costs a metadata lookup each time (docs/Benchmarks.md, "The shared store").
    @exclusivity(unchecked) private var shownHasContent = false
    @exclusivity(unchecked) private var shownIsPlaceholder = false
    /// Whether the store's change that ends the load in flight (a landing, a write) was already
    /// taken, so that the load's commit does not tell the observers a second time.
    @exclusivity(unchecked) private var tookValueDuringLoad = false
    private let isEmpty: @MainActor (Value) -> Bool

    /// Creates a data source bound to `key`; if the store holds a value for it, the data source
    /// starts with it.
    ///
    /// - Parameters:
    ///   - store: The store to show a value of.
    ///   - key: The key to show.
    ///   - isEmpty: Whether a value has nothing to show (the empty screen); by default never.
    public init(
        store: ContentStore<Key, Value>, key: Key, isEmpty: @escaping @MainActor (Value) -> Bool = { _ in false }
    ) {
        self.store = store
        self.key = key
        self.isEmpty = isEmpty
        slot = 0
        super.init()
        // Bound and read at one instant.
        let now = store.clock.now()
        slot = store.bind(self, to: key, now: now)
        store.withValue(for: key, inSlot: slot, now: now) { settle(showing: $0) }
    }

    deinit {
        // On whichever thread released it: its key's retention counts from now (see
        // `ContentStore.observerReleased`). A deinit reads its own stored properties without a race.
        store.observerReleased(fromSlot: slot)
    }

    /// Whether ``value`` holds something to show.
    public override var hasContent: Bool {
        shownHasContent
    }

    /// Settles at once on the key's fresh stored value, or revalidates it through the store's
    /// shared fetch (a refresh if there is content).
    ///
    /// If the fetch fails while ``value`` is the previous key's placeholder, the placeholder is
    /// dropped and the failure shows as an error screen: the previous key's value only stood in
    /// for the new key's until it landed, and the new key has none.
    public override func loadContent() {
        let key = self.key
        if !store.isStale(key), let stored = store.value(for: key) { return settle(showing: stored) }
        tookValueDuringLoad = false
        load(keepingContent: true) { [store, weak self] state in
            do {
                try await store.fetchForDataSource(key)
            } catch {
                await self?.dropPlaceholder(failing: state, with: error)
                throw error
            }
        } commit: { dataSource, _ in
            dataSource.commitLoadedValue()
        }
    }

    /// Binds this data source to `key`: shows its stored value at once, or keeps the previous
    /// value as a placeholder (``isPlaceholder``) while the new key's value is fetched.
    ///
    /// The previous key's load is superseded: its late response never reaches this data source.
    /// A stale stored value is revalidated.
    public func changeKey(to key: Key) {
        guard key != self.key else { return }
        store.unbind(self, from: self.key)
        self.key = key
        lastWriteFailure = nil
        let now = store.clock.now()
        slot = store.bind(self, to: key, now: now)
        if store.withValue(for: key, inSlot: slot, now: now, { settle(showing: $0) }) {
            if store.isStale(key) { loadContent() }
        } else {
            shownIsPlaceholder = shown != nil
            valueDidChange()
            loadContent()
        }
    }

    /// Shows `stored` at once, superseding any load in flight: the wrapper redraws the content
    /// without a refresh between (see ``LoadingCoordinator``'s `redrawAtOnce` and `settleAtOnce`).
    private func settle(showing stored: Value) {
        loadingCoordinator.redrawAtOnce(of: self) {
            show(stored)
        }
        valueDidChange()
    }

    /// The load's commit: the landing or write that ended it was already shown (see
    /// ``storeValueDidChange()``), so the observers hear of it once.
    private func commitLoadedValue() {
        guard tookValueDuringLoad else { return showStoredValue() }
        tookValueDuringLoad = false
    }

    /// Load `state`'s fetch failed with `error`: if it is still this data source's load, a
    /// placeholder is shown and the error is no cancellation (by ``DataSource/isCancellation(_:)``),
    /// the placeholder goes, so that the failure settles on the error screen.
    private func dropPlaceholder(failing state: LoadingState, with error: any Error) {
        guard state.isValid, shownIsPlaceholder, !isCancellation(error) else { return }
        // The classifier is the app's code: the load must still be this one after it.
        guard state.isValid else { return }
        showNothing()
        valueDidChange()
    }

    /// Takes the store's value for ``key``. Without the time: this data source is bound to the key,
    /// which never expires while it is (see `ContentStore.withValue`).
    private func showStoredValue() {
        store.withValue(for: key, inSlot: slot, now: nil) { stored in
            show(stored)
            valueDidChange()
        }
    }

    /// Shows `value`, the key's own (no placeholder).
    private func show(_ value: Value) {
        shownHasContent = !isEmpty(value)
        if let shown {
            shown.value = value
        } else {
            shown = StoreValueBox(value)
        }
        shownIsPlaceholder = false
    }

    /// Shows nothing: the key has no value (no placeholder either).
    private func showNothing() {
        shownHasContent = false
        shown = nil
        shownIsPlaceholder = false
    }

    /// Tells the observers of ``value`` and ``isPlaceholder``, if any read them since last told.
    private func valueDidChange() {
        // Checked here first: the call names the key path's `Value?`, a generic metadata lookup
        // that a value nobody observes (the common case) need not pay.
        guard observedKeys.contains(.storeValue) else { return }
        observedPropertyDidChange(.storeValue, self, \StoreDataSource.value)
    }

    // MARK: - What the store tells

    func storeValueDidChange() {
        // With a load in flight, the value is taken now (so a load cancelled before it commits
        // leaves the newest value) and the load settles the screen. Otherwise the value is settled
        // at once as a new outcome, which the wrapper redraws (``contentDidChange()`` would not:
        // the state stays `content`).
        guard !loadingCoordinator.isLoading else {
            tookValueDuringLoad = true
            return showStoredValue()
        }
        // Without the time, as in ``showStoredValue()``.
        store.withValue(for: key, inSlot: slot, now: nil) { settle(showing: $0) }
    }

    func storeDidInvalidate() {
        loadContent()
    }

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

    func storeShouldRevalidate() {
        // A load in flight (a refresh the user started, say) is never superseded by a signal.
        guard !loadingCoordinator.isLoading else { return }
        loadContent()
    }
}
