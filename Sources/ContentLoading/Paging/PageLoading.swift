/// The paging methods every ``PagedDataSource`` has, typed by its subclass, so that a commit
/// writes the model without capturing the data source.
extension DataSourceLoading {
    /// Begins a load of the first page, whose work is async, and commits it to this data source.
    ///
    /// The refresh lane's ``DataSourceLoading/load(keepingContent:retrying:_:commit:)``, for a paged list:
    /// it cancels the page in flight, and when the first page arrives, `commit` replaces the
    /// rows and the page's ``Page/next`` becomes the cursor ``PagedDataSource/loadMore()``
    /// requests, in one step. A `nil` next cursor ends the list at once.
    ///
    /// ```swift
    /// override func loadContent() {
    ///     loadFirstPage { [api] _ in
    ///         try await api.rows(after: nil)
    ///     } commit: { dataSource, rows in
    ///         dataSource.rows = rows
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keepingContent: Whether content already shown stays visible while this load runs.
    ///   - policy: When a failed attempt is tried again; by default never (see <doc:RetryingLoads>).
    ///   - work: Fetches the first page, off the main actor.
    ///   - commit: Replaces the data source's rows with the page's; runs only if the load still counts.
    /// - Returns: The task; its value is whether the page was accepted.
    @discardableResult
    public func loadFirstPage<Rows: Sendable, Cursor: Sendable>(
        keepingContent: Bool = true,
        retrying policy: RetryPolicy = .never,
        _ work: @escaping @Sendable (LoadingState) async throws -> Page<Rows, Cursor>,
        commit: @escaping @MainActor (Self, Rows) -> Void
    ) -> Task<Bool, Never> where Self: PagedDataSource<Cursor> {
        load(keepingContent: keepingContent, retrying: policy, work) { dataSource, page in
            commit(dataSource, page.rows)
            dataSource.firstPageDidCommit(next: page.next)
        }
    }

    /// Runs the async work of the page `state` names, and commits it to this data source.
    ///
    /// Call it from ``PagedDataSource/loadPage(after:_:)`` with the token it was given. `work`
    /// runs off the main actor; `commit` runs on it, and only if the page still counts: a page
    /// that a refresh or ``PagedDataSource/cancelLoadMore()`` superseded is dropped, even when
    /// its work ignores cancellation. The page's rows and its ``Page/next`` cursor are written in
    /// one step. A thrown error fails the page (the footer offers Retry); a cancellation never does.
    /// With a `policy` that retries, a failed attempt runs the work again for this page only (the
    /// same cursor), and the footer keeps loading more meanwhile.
    ///
    /// ```swift
    /// override func loadPage(after cursor: Int, _ state: LoadingState) {
    ///     appendPage(state) { [api] _ in
    ///         try await api.rows(after: cursor)
    ///     } commit: { dataSource, rows in
    ///         dataSource.rows += rows
    ///     }
    /// }
    /// ```
    ///
    /// Nothing the task holds keeps the data source alive: releasing it cancels the work.
    ///
    /// - Parameters:
    ///   - state: The page's token, as ``PagedDataSource/loadPage(after:_:)`` received it.
    ///   - policy: When a failed attempt is tried again; by default never (see <doc:RetryingLoads>).
    ///   - work: Fetches the page, off the main actor. Check `state.isValid` to stop early.
    ///   - commit: Appends the page's rows to the data source it is given.
    /// - Returns: The task; its value is whether the page was accepted. A token that is not the
    ///   page after the rows in flight gets a task that does nothing and returns `false`.
    @discardableResult
    public func appendPage<Rows: Sendable, Cursor: Sendable>(
        _ state: LoadingState,
        retrying policy: RetryPolicy = .never,
        _ work: @escaping @Sendable (LoadingState) async throws -> Page<Rows, Cursor>,
        commit: @escaping @MainActor (Self, Rows) -> Void
    ) -> Task<Bool, Never> where Self: PagedDataSource<Cursor> {
        // (The page before the rows, a capped list's, runs through `prependPage`.)
        runPageTask(state, before: false, retrying: policy, work) { dataSource, page in
            dataSource.finishPage(state, next: page.next) { commit(dataSource, page.rows) }
        }
    }

    /// Runs the async work of the page before the rows that `state` names (a capped list's page
    /// dropped earlier, refetched), and commits it to this data source, before the others.
    ///
    /// Call it from ``PagedDataSource/loadPreviousPage(at:_:)`` with the token it was given. It
    /// works as ``appendPage(_:retrying:_:commit:)`` does, except that `commit` puts the rows
    /// before the others, and the page's ``Page/next`` is not used (the rows after it are on
    /// screen):
    ///
    /// ```swift
    /// override func loadPreviousPage(at cursor: Int?, _ state: LoadingState) {
    ///     prependPage(state) { [api] _ in
    ///         try await api.page(after: cursor)
    ///     } commit: { dataSource, rows in
    ///         dataSource.pages.insert(rows, at: 0)
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: The task; its value is whether the page was accepted. A token that is not the
    ///   page before the rows, in flight, gets a task that does nothing and returns `false`.
    @discardableResult
    public func prependPage<Rows: Sendable, Cursor: Sendable>(
        _ state: LoadingState,
        retrying policy: RetryPolicy = .never,
        _ work: @escaping @Sendable (LoadingState) async throws -> Page<Rows, Cursor>,
        commit: @escaping @MainActor (Self, Rows) -> Void
    ) -> Task<Bool, Never> where Self: PagedDataSource<Cursor> {
        runPageTask(state, before: true, retrying: policy, work) { dataSource, page in
            dataSource.finishPreviousPage(state) { commit(dataSource, page.rows) }
        }
    }

    /// Runs a page's work in a task, with its retries, and finishes it with `finish`: the task of
    /// ``appendPage(_:retrying:_:commit:)`` (`before` false) and ``prependPage(_:retrying:_:commit:)``
    /// (`before` true). A token that is not the in-flight page at that end gets a task that does
    /// nothing.
    private func runPageTask<Rows: Sendable, Cursor: Sendable>(
        _ state: LoadingState,
        before: Bool,
        retrying policy: RetryPolicy,
        _ work: @escaping @Sendable (LoadingState) async throws -> Page<Rows, Cursor>,
        finish: @escaping @MainActor (Self, Page<Rows, Cursor>) -> Bool
    ) -> Task<Bool, Never> where Self: PagedDataSource<Cursor> {
        let paged: PagedDataSource<Cursor> = self
        guard paged.isCurrent(state), paged.appendMachine.inFlightIsPrevious == before else { return Task { false } }
        let retries = RetryLoop(policy: policy, lane: .page)
        let task = Task { [weak self] in
            let outcome = await LoadLane.outcome(of: work, state, retrying: retries) {
                self?.approveRetry(of: state, $0)
            }
            // A released data source's pages are refused, and its task cancelled.
            guard let self else { return false }
            return self.finishLaneTask(state, outcome: outcome, taskWasCancelled: Task.isCancelled) { page in
                finish(self, page)
            }
        }
        paged.adoptLaneTask(task, for: state)
        return task
    }
}
