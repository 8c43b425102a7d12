public import ContentLoading
public import GRDB
import Observation

/// A data source whose content is a live query of the app's own tables: the rows stored now on
/// its first frame, then the rows as they change, from any writer.
///
/// ```swift
/// let dataSource = LiveQueryDataSource(database: database, refresh: refresh) { db in
///     try Item.order(Column("position")).fetchAll(db)
/// } isEmpty: { $0.isEmpty }
/// dataSource.delegate = self      // stored rows are the first frame: no spinner
/// dataSource.loadContent()        // refreshes from the network, into the database
/// ```
///
/// The screens it goes through:
///
/// - **First frame.** Made, it reads the query at once (synchronously, on the main actor):
///   stored rows are content, with no loading screen. The observation starts on the main
///   actor's next turn, so that the first frame costs one read. An empty result is the empty screen,
///   unless the data source has a ``DatabaseRefresh``: then it waits for ``loadContent()``,
///   whose first fetch shows the loading screen. So a loading screen shows only while the first
///   fetch runs on an empty database.
/// - **Refreshing.** ``loadContent()`` fetches through the refresh and writes the response in
///   one transaction (``RefreshWriter``); with rows on screen it is a refresh, which keeps them,
///   and a failure is shown beside them. A refresh that a newer one superseded writes nothing.
/// - **Rows changing underneath.** A GRDB `ValueObservation` of the query hands over the rows
///   after every committed change of the tables it reads, whoever wrote them: each delivery of
///   new rows is drawn at once (the content renderer shows them again, a `ScreenModel` hears
///   it, see `DataSource.redrawContent(_:)`), and the screen moves between content and empty as
///   the rows do. A load in flight settles on the rows it ends with.
///
/// ``rows`` is observable: a SwiftUI view, or `withObservationTracking`, that reads it hears
/// each change (a delivery's rows once they are drawn).
///
/// How the observation's deliveries map to drawn screens: GRDB may merge several commits into
/// one delivery and may deliver the same rows twice. The data source compares rows, never
/// counts deliveries: a delivery equal to the rows shown draws nothing, and merged commits draw
/// once, with the newest rows. Deliveries arrive on the main actor in commit order, each at
/// least as new as the one before; a refresh hands over the rows it wrote, read in its own
/// transaction, and a delivery read before that refresh's commit (an older generation, see
/// ``RefreshWriter/generation(_:)``) is dropped, so the screen never goes back to rows older
/// than it shows. A refresh's load ends when its transaction has committed, with its rows on
/// screen: no delivery is awaited to decide that it landed.
///
/// If the observation fails (the file became unreadable, say), it stops: the error is shown as
/// a failed load's (beside the rows, or the error screen without rows), in
/// ``observationError``; ``loadContent()`` starts it again.
@MainActor
public final class LiveQueryDataSource<Rows: Sendable & Equatable>: DataSource {
    /// Reads the rows of the query.
    public typealias Fetch = @Sendable (Database) throws -> Rows

    /// The database the query reads.
    public let database: any DatabaseReader
    /// How ``loadContent()`` refreshes from the network, or `nil`: the rows are only observed.
    public let refresh: DatabaseRefresh?
    /// The rows shown, or `nil` before the first read (or when it failed).
    ///
    /// Observable: a view that reads it hears each change.
    public var rows: Rows? {
        registrar.access(self, keyPath: \.rows)
        return shownRows
    }
    /// The error that stopped the observation, or `nil` while it runs.
    public private(set) var observationError: (any Error)?

    /// What ``rows`` returns.
    private var shownRows: Rows?
    /// Tells Observation of ``rows``.
    private let registrar = ObservationRegistrar()
    /// Whether ``rows`` changed since its observers were last told.
    private var rowsChanged = false
    private let fetch: Fetch
    private let isEmpty: @MainActor (Rows) -> Bool
    /// The refresh generation of the rows shown; older rows are not drawn.
    private var shownGeneration: Int64 = -1
    private var observation: AnyDatabaseCancellable?
    /// Whether the init deferred starting the observation to the main actor's next turn.
    private var observationStartIsPending = false
    /// Whether the observation was restarted after a failure, and its first delivery settles.
    private var settlesOnNextDelivery = false

    /// Makes a data source of the query `fetch` reads, and reads it at once.
    ///
    /// - Parameters:
    ///   - database: The app's database queue or pool.
    ///   - refresh: How ``loadContent()`` refreshes from the network; `nil` to only observe.
    ///   - fetch: Reads the rows; it runs off the main actor except for the first read.
    ///   - isEmpty: Whether rows have nothing to show (the empty screen).
    public init(
        database: any DatabaseReader, refresh: DatabaseRefresh? = nil, fetch: @escaping Fetch,
        isEmpty: @escaping @MainActor (Rows) -> Bool
    ) {
        self.database = database
        self.refresh = refresh
        self.fetch = fetch
        self.isEmpty = isEmpty
        super.init()
        // A failed first read is the error screen; the observation would fail the same way, so
        // it starts with the next ``loadContent()``.
        guard readFirstFrame() else { return }
        // Starting a GRDB observation costs most of a read of the rows (it takes a WAL snapshot
        // and begins its own first fetch), so it starts on the main actor's next turn, after the
        // first frame. Its first delivery reads the rows again: a change committed in between
        // is shown then.
        observationStartIsPending = true
        Task { @MainActor [weak self] in self?.startPendingObservation() }
    }

    /// Whether rows are shown and are not empty.
    public override var hasContent: Bool {
        guard let shownRows else { return false }
        return !isEmpty(shownRows)
    }

    /// Refreshes from the network into the database (a refresh when rows are shown), or, without
    /// a ``refresh``, settles on the rows stored now. Restarts a stopped observation.
    public override func loadContent() {
        startPendingObservation()
        let restarts = observation == nil
        if restarts {
            // After a failure: its first delivery (or failure) settles the screen.
            settlesOnNextDelivery = true
            startObserving()
        }
        guard let refresh else {
            if !restarts, !loadingCoordinator.isLoading { settleOnRows() }
            return
        }
        let ticket = refresh.writer.beginRefresh()
        let writer = refresh.writer
        let fetch = self.fetch
        loadingCoordinator.load(keepingContent: true) { state in
            let write = try await refresh.fetch()
            guard
                let written = try await writer.writeRefresh(
                    ticket, token: state,
                    { db in
                        try write(db)
                        return try fetch(db)
                    })
            else { throw CancellationError() }  // superseded: nothing was written
            return ObservedRows(rows: written.written, generation: written.generation)
        } commit: { [weak self] observed in
            guard let self else { return }
            take(observed, fromRefresh: true)
            tellRowsObservers()
        }
    }

    // MARK: - Reading

    /// Reads the rows stored now: content, or empty unless a refresh is to fetch them; returns
    /// whether the read succeeded (if not, the error is shown).
    private func readFirstFrame() -> Bool {
        do {
            let first = try database.read { db in try self.read(db) }
            take(first)
            if hasContent || refresh == nil { settleOnRows() }
            tellRowsObservers()
            return true
        } catch {
            observationError = error
            settle(error: error)
            return false
        }
    }

    /// The rows and the list's generation, read in one access.
    private nonisolated func read(_ db: Database) throws -> ObservedRows<Rows> {
        ObservedRows(rows: try fetch(db), generation: try refresh?.writer.generation(db) ?? 0)
    }

    /// Starts the observation the init deferred, unless it has started.
    private func startPendingObservation() {
        guard observationStartIsPending else { return }
        observationStartIsPending = false
        startObserving()
    }

    private func startObserving() {
        observationError = nil
        let fetch = self.fetch
        let writer = refresh?.writer
        let observation = ValueObservation.tracking { db in
            ObservedRows(rows: try fetch(db), generation: try writer?.generation(db) ?? 0)
        }
        self.observation = observation.start(in: database, scheduling: .mainActor) { [weak self] error in
            self?.observationDidFail(error)
        } onChange: { [weak self] observed in
            self?.observationDidDeliver(observed)
        }
    }

    private func observationDidDeliver(_ observed: ObservedRows<Rows>) {
        // Observers of the rows hear of them once they are drawn, whichever way that is.
        defer { tellRowsObservers() }
        if settlesOnNextDelivery {
            settlesOnNextDelivery = false
            take(observed)
            if !loadingCoordinator.isLoading { settleOnRows() }
            return
        }
        // A delivery that changes nothing draws nothing (it may still move the generation).
        guard changes(observed) else {
            take(observed)
            return
        }
        if loadingCoordinator.isLoading {
            take(observed)  // the load settles on the rows it ends with
            return
        }
        if loadingCoordinator.state == .initial {
            // Rows written by another writer before the first refresh was asked for.
            take(observed)
            if hasContent { settleOnRows() }
            return
        }
        // New rows on a settled screen: drawn at once, as a new outcome.
        redrawContent { _ = take(observed) }
    }

    private func observationDidFail(_ error: any Error) {
        observation = nil
        settlesOnNextDelivery = false
        observationError = error
        if !loadingCoordinator.isLoading { settle(error: error) }
    }

    /// Whether `observed` is newer than, or as new as, the rows shown.
    ///
    /// A refresh's rows of the generation shown are not: the observation read those after the
    /// refresh's commit, so they are at least as new.
    private func isNewer(_ observed: ObservedRows<Rows>, fromRefresh: Bool = false) -> Bool {
        fromRefresh ? observed.generation > shownGeneration : observed.generation >= shownGeneration
    }

    /// Whether `observed`, from the observation, would change the rows shown.
    private func changes(_ observed: ObservedRows<Rows>) -> Bool {
        isNewer(observed) && observed.rows != shownRows
    }

    /// Shows `observed` unless it is older than, or the same as, the rows shown; returns
    /// whether it changed them. Their observers hear of it at ``tellRowsObservers()``.
    @discardableResult
    private func take(_ observed: ObservedRows<Rows>, fromRefresh: Bool = false) -> Bool {
        guard isNewer(observed, fromRefresh: fromRefresh) else { return false }
        shownGeneration = observed.generation
        guard observed.rows != shownRows else { return false }
        shownRows = observed.rows
        rowsChanged = true
        return true
    }

    /// Tells the observers of ``rows`` that they changed, if they did: after the change is
    /// drawn, so that what they read (the rows, the state) is the new screen's.
    private func tellRowsObservers() {
        guard rowsChanged else { return }
        rowsChanged = false
        registrar.withMutation(of: self, keyPath: \.rows) {}
    }

    /// Settles on the rows shown, as a load begun and finished at once.
    private func settleOnRows() {
        let coordinator = loadingCoordinator
        coordinator.loadContent(keepingContent: true) { state in coordinator.finish(state) }
    }

    /// Settles on `error`, as a load begun and failed at once (beside rows shown, if any).
    private func settle(error: any Error) {
        let coordinator = loadingCoordinator
        coordinator.loadContent(keepingContent: true) { state in coordinator.finish(state, error: error) }
    }
}
