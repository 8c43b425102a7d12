/// One step of a write sequence: what screens, the app, a write's response or a fetch's do to a
/// shared store with optimistic writes.
///
/// Data sources are named by their place among those still alive (modulo how many there are);
/// writes by their place among the writes whose request started and has no response yet (or, to
/// cancel, among the pending writes), oldest or newest.
enum WriteStep: Hashable, CustomStringConvertible {
    /// Which of several a step picks.
    enum Which: Hashable, CustomStringConvertible {
        case oldest
        case newest

        var description: String {
            switch self {
            case .oldest: ".oldest"
            case .newest: ".newest"
            }
        }
    }

    /// What a write's change does to the value.
    enum Change: Hashable, CustomStringConvertible {
        /// Appends `+w<n>`, n the write's number.
        case append
        /// Sets the value to `s<n>` (a toggle's state).
        case set

        var description: String {
            switch self {
            case .append: ".append"
            case .set: ".set"
            }
        }
    }

    /// What a write's change tries to do to the store each time it runs, which the store refuses
    /// from inside a change.
    enum Misuse: Hashable, CustomStringConvertible {
        /// Writes, invalidates and removes its key.
        case writesKey
        /// Cancels the oldest pending write (its own too).
        case cancelsOldest
        /// Performs another write on its key.
        case performs

        var description: String {
            switch self {
            case .writesKey: ".writesKey"
            case .cancelsOldest: ".cancelsOldest"
            case .performs: ".performs"
            }
        }
    }

    /// How a write's request answers.
    enum Response: Hashable, CustomStringConvertible {
        /// The server's value for the key: `<key>@w<n>`.
        case answer
        /// Nothing: the change itself commits.
        case nothing
        /// An error.
        case failure
        /// A `CancellationError` nobody asked for.
        case cancellation

        var description: String {
            switch self {
            case .answer: ".answer"
            case .nothing: ".nothing"
            case .failure: ".failure"
            case .cancellation: ".cancellation"
            }
        }
    }

    /// A new data source bound to the key.
    case bind(String)
    /// `loadContent()` of a data source.
    case reload(Int)
    /// An optimistic write on the key, serial or concurrent.
    case write(String, Change, concurrent: Bool)
    /// A serial write that appends, whose change also tries `Misuse` on the store each time it runs.
    case misuse(String, Misuse)
    /// The app releases the store, and with it every data source (each holds it), while writes
    /// are pending: each settles as cancelled. The steps after it find no store; a request
    /// answered late is ignored.
    case releaseStore
    /// The request of a started, unanswered write returns (a cancelled write's late response too).
    case respond(Which, Response)
    /// `cancel()` of a pending write.
    case cancel(Which)
    /// A fetch of the key returns its value, or fails.
    case finish(String, Which, fails: Bool)
    /// The app invalidates the key.
    case invalidate(String)
    /// The app writes the key's value itself (not optimistically).
    case storeWrite(String)
    /// The app drops a data source.
    case release(Int)
    /// The app removes the key's value (`removeValue(for:)`), which the store refuses for a key
    /// on screen, being fetched or with pending writes.
    case remove(String)

    var description: String {
        switch self {
        case .bind(let key): ".bind(\"\(key)\")"
        case .reload(let index): ".reload(\(index))"
        case .write(let key, let change, let concurrent): ".write(\"\(key)\", \(change), concurrent: \(concurrent))"
        case .respond(let which, let response): ".respond(\(which), \(response))"
        case .cancel(let which): ".cancel(\(which))"
        case .finish(let key, let which, let fails): ".finish(\"\(key)\", \(which), fails: \(fails))"
        case .invalidate(let key): ".invalidate(\"\(key)\")"
        case .storeWrite(let key): ".storeWrite(\"\(key)\")"
        case .release(let index): ".release(\(index))"
        case .remove(let key): ".remove(\"\(key)\")"
        case .misuse(let key, let misuse): ".misuse(\"\(key)\", \(misuse))"
        case .releaseStore: ".releaseStore"
        }
    }
}
