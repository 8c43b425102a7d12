extension Announcement {
    /// A change of screen a user perceives.
    ///
    /// | kind                  | when                                                  | default text           |
    /// |-----------------------|-------------------------------------------------------|------------------------|
    /// | ``loading``           | the loading screen is drawn                           | Loading                |
    /// | ``loaded(count:)``    | content is drawn with a new outcome                   | Loaded, 25 items       |
    /// | ``empty(_:)``         | the empty placeholder is drawn with a new outcome     | the placeholder's title |
    /// | ``failed(_:_:)``      | the error placeholder is drawn with a new outcome     | the placeholder's title |
    /// | ``refreshFailed(_:)`` | a refresh failed and its content stays                | Couldn't refresh       |
    /// | ``retrying(_:)``      | a failed attempt of the load on screen will be retried | Retrying, attempt 2 of 4 |
    /// | ``pageFailed(_:_:)``  | the footer shows a page that failed to load           | the placeholder's title |
    /// | ``writeFailed(_:)``   | an optimistic write failed; its change was rolled back | Couldn't star teal     |
    public enum Kind: Sendable, CustomStringConvertible {
        /// The loading screen appeared: a load outlasted the policy's loading delay.
        case loading
        /// Content appeared, or new content replaced it (a reload or a refresh that
        /// succeeded); `count` is the delegate's
        /// ``ContentWrapperDelegate/announcedItemCount(in:)``, `nil` for none.
        case loaded(count: Int?)
        /// The empty placeholder appeared; this is the placeholder drawn.
        case empty(Placeholder)
        /// The error placeholder appeared, or a second, different error replaced the first;
        /// the error and the placeholder drawn.
        case failed(any Error, Placeholder)
        /// A refresh failed with this error; the content it would have replaced stays.
        case refreshFailed(any Error)
        /// A failed attempt of the load the user sees loading (the loading screen, the refresh
        /// indicator, or the footer loading more) will be tried again; see <doc:RetryingLoads>.
        case retrying(RetryAttempt)
        /// The footer shows a page that failed to load: the error and the placeholder drawn,
        /// whose action retries the page; the rows above it stay. See <doc:Pagination>.
        case pageFailed(any Error, Placeholder)
        /// An optimistic write on the content shown failed: its change was rolled back, and the
        /// content stays. See <doc:OptimisticWrites>.
        case writeFailed(WriteFailure)

        /// The English text announced unless the app replaces it: "Loading"; "Loaded",
        /// "Loaded, 1 item" or "Loaded, 25 items"; the placeholder's title for empty and failed
        /// (the words the screen shows, in the app's language already); "Couldn't refresh";
        /// "Retrying, attempt 2 of 4"; the failed page's placeholder title; "Couldn't" and the
        /// failed write's description.
        public var defaultText: String {
            switch self {
            case .loading: "Loading"
            case .loaded(count: nil): "Loaded"
            case .loaded(count: 1?): "Loaded, 1 item"
            case .loaded(let count?): "Loaded, \(count) items"
            case .empty(let placeholder), .failed(_, let placeholder): placeholder.title
            case .refreshFailed: "Couldn't refresh"
            case .retrying(let attempt): "Retrying, attempt \(attempt.number) of \(attempt.maxAttempts)"
            case .pageFailed(_, let placeholder): placeholder.title
            case .writeFailed(let failure): failure.message
            }
        }

        /// The kind and its count or error on one line, for logs: `loading`, `loaded`,
        /// `loaded(25)`, `empty`, `failed(<error>)`, `refreshFailed(<error>)`, `retrying(2 of 4)`,
        /// `pageFailed(<error>)`, `writeFailed(<description>: <error>)`.
        public var description: String {
            switch self {
            case .loading: "loading"
            case .loaded(count: nil): "loaded"
            case .loaded(let count?): "loaded(\(count))"
            case .empty: "empty"
            case .failed(let error, _): "failed(\(error))"
            case .refreshFailed(let error): "refreshFailed(\(error))"
            case .retrying(let attempt): "retrying(\(attempt.number) of \(attempt.maxAttempts))"
            case .pageFailed(let error, _): "pageFailed(\(error))"
            case .writeFailed(let failure): "writeFailed(\(failure.writeDescription): \(failure.error))"
            }
        }
    }
}
