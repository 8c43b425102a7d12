extension StoreWriteLane {
    /// What an event of the write lane leaves its store to do on the write's key, in this order:
    /// hold the key, commit, start requests, redraw, report a failure, release the key and
    /// revalidate it.
    ///
    /// Decided before the store acts: the data sources it tells may make or cancel writes
    /// meanwhile, so a write to start starts only if it is still pending when its turn comes.
    @usableFromInline
    struct Effects {
        /// The key's first pending write was applied: the store holds the key, counted as bound,
        /// so it is never evicted while its change is on screen.
        @usableFromInline var holdsKey = false
        /// A write succeeded and commits: its answer, or `nil` to commit its change applied to
        /// the committed value. The store settles the write before it draws the commit.
        @usableFromInline var commit: (write: StoreWrite<Value>, answer: Value?)?
        /// The writes whose requests start now, in order.
        @usableFromInline var starts: [StoreWrite<Value>] = []
        /// Whether the key's layers changed: the bound data sources redraw (a commit redraws
        /// them anyway).
        @usableFromInline var redraws = false
        /// A write failed: the bound data sources show the failure beside their content, or, with
        /// none bound, the app's handler hears it.
        @usableFromInline var failure: WriteFailure?
        /// The write that failed, with its change and request as they were before it settled:
        /// what ``StoreWrite/retry()`` performs again.
        @usableFromInline var failed: (write: StoreWrite<Value>, change: Change?, request: Request?)?
        /// The key's last pending write settled: the store releases its hold.
        @usableFromInline var releasesKey = false
        /// The key revalidates once: its last pending write settled after a request was sent.
        @usableFromInline var revalidates = false

        @inlinable
        init() {}
    }
}

/// Not `Sendable`: decided and acted on within one turn of the main actor.
@available(*, unavailable)
extension StoreWriteLane.Effects: Sendable {}
