/// One step of a store sequence: what screens, the app or a response do to a shared store.
///
/// Data sources are named by their place among those still alive (modulo how many there are);
/// fetches by their key and their place among that key's fetches whose response has not come.
enum StoreStep: Hashable, CustomStringConvertible {
    /// Which of a key's unanswered fetches a response answers.
    enum Which: Hashable, CustomStringConvertible {
        /// The newest: the key's current fetch, if it has one.
        case newest
        /// The oldest: a superseded fetch answering late, if there is one.
        case oldest

        var description: String {
            switch self {
            case .newest: ".newest"
            case .oldest: ".oldest"
            }
        }
    }

    /// What the app does from inside a data source's `isEmpty`, asked as the data source shows a
    /// new value.
    enum Reentry: Hashable, CustomStringConvertible {
        /// Writes the data source's key again.
        case write
        /// Changes the data source's key (`changeKey(to:)`).
        case changeKey(String)
        /// Cancels the load in flight of the data source at `index` (`loadingCoordinator.cancel()`):
        /// one told of the write before took its value during that load.
        case cancel(Int)

        var description: String {
            switch self {
            case .write: ".write"
            case .changeKey(let key): ".changeKey(\"\(key)\")"
            case .cancel(let index): ".cancel(\(index))"
            }
        }
    }

    /// A new data source bound to the key.
    case bind(String)
    /// `loadContent()` of a data source.
    case reload(Int)
    /// `reload(ownedBy: .caller)` of a data source, awaited in a task of the app's.
    case awaitReload(Int)
    /// The app cancels every task awaiting a reload: each reload whose load is still in flight
    /// is cancelled.
    case cancelAwaited
    /// The app awaits `fetch(_:)` of the key itself (a prefetch), apart from any data source.
    case prefetch(String)
    /// A fetch of the key returns its value, or fails.
    case finish(String, Which, fails: Bool)
    /// The app writes the key.
    case write(String)
    /// The app writes the key, and data source `index`'s `isEmpty`, asked as it shows the
    /// written value (if it is bound to the key), does `reentry` from inside it.
    case writeReentering(String, Int, Reentry)
    /// The app invalidates the key.
    case invalidate(String)
    /// The app drops a data source.
    case release(Int)
    /// `changeKey(to:)` of a data source.
    case changeKey(Int, to: String)
    /// The store's clock moves on, by seconds.
    case advance(Int)
    /// The app's signal (`receive(.becameActive)`): stale keys on screen revalidate, throttled.
    case signal
    /// The app says it is online or offline, through the store's `Connectivity`; coming back
    /// online is a `.reachable` signal.
    case online(Bool)
    /// `invalidate(where:)` selecting every key, whose predicate, when first asked, removes the
    /// key `removing` (if nothing holds it) and writes the key `writing` if the store does not
    /// know it (into the slot the removal freed, if it did): it changes the store while the
    /// store asks it about the keys it knew when the call began.
    case invalidateWhere(removing: String, writing: String)

    var description: String {
        switch self {
        case .bind(let key): ".bind(\"\(key)\")"
        case .reload(let index): ".reload(\(index))"
        case .awaitReload(let index): ".awaitReload(\(index))"
        case .cancelAwaited: ".cancelAwaited"
        case .prefetch(let key): ".prefetch(\"\(key)\")"
        case .finish(let key, let which, let fails): ".finish(\"\(key)\", \(which), fails: \(fails))"
        case .write(let key): ".write(\"\(key)\")"
        case .writeReentering(let key, let index, let reentry): ".writeReentering(\"\(key)\", \(index), \(reentry))"
        case .invalidate(let key): ".invalidate(\"\(key)\")"
        case .release(let index): ".release(\(index))"
        case .changeKey(let index, let key): ".changeKey(\(index), to: \"\(key)\")"
        case .advance(let seconds): ".advance(\(seconds))"
        case .signal: ".signal"
        case .online(let isOnline): ".online(\(isOnline))"
        case .invalidateWhere(let removing, let writing):
            ".invalidateWhere(removing: \"\(removing)\", writing: \"\(writing)\")"
        }
    }
}
