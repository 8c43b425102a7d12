import ContentLoadingTestSupport

@testable import ContentLoading

/// The real store of shared items, its lists (each on a screen with a recording list renderer)
/// and its detail screens, driven as an app would drive them.
///
/// After every step it waits, bounded, until nothing the step set going is still moving: every
/// list's requests reached their gates and a list is loading exactly while its newest request
/// waits, every load whose request was answered ended, every write's request reached its gate
/// and every answered write settled, and no item is being fetched (a detail revalidating an
/// invalidated item fails at once).
@MainActor
final class ListLiveSystem {
    struct OpenList {
        let id: Int
        let dataSource: any RaceList
        let screen: ListRaceScreen
        let gates: RaceGates<[RaceItem]>
        var begun = 0
        /// The list as a paged one, its pages' gates and how many pages began; `nil` for a list not paged.
        var paged: PagedListDataSource<RaceItem, Int>?
        var pageGates = RaceGates<[RaceItem]>()
        var pagesBegun = 0
        /// Whether an edit of its order was pending (or a new row waited for its server's id)
        /// when last looked: once none is, it reloaded.
        var isEditing = false
    }

    /// An edit a list made, and its request's number.
    struct MadeEdit {
        let number: Int
        let list: Int
        let edit: any RaceEdit
        /// The row's id when made (a temporary one for an insert).
        let id: Int
        let isInsert: Bool
        let isRemove: Bool
        /// Whether it is a star on a new row (a write on its item).
        let isStar: Bool
        /// The insert whose server's id it waits for, by number.
        let waitsOn: Int?
        var isAnswered = false
        /// Whether the step cancelled it: its request may never arrive, and is answered at the end.
        var isCancelled = false
    }

    struct PerformedWrite {
        let number: Int
        let id: Int
        let write: StoreWrite<RaceItem>
        var isAnswered = false
        var outcome: String?
    }

    let clock = ManualClock()
    let store: ContentStore<Int, RaceItem>
    var lists: [OpenList] = []
    /// The detail screens; one opened on a temporary id draws on a recording screen.
    private(set) var details: [(id: Int, dataSource: StoreDataSource<Int, RaceItem>, screen: DetailRaceScreen?)] = []
    /// Every write performed, by number (a write performed from inside another's drawing is
    /// numbered after it).
    private(set) var writes: [Int: PerformedWrite] = [:]
    private var performed = 0
    private(set) var released: [RaceHarness.Watched] = []
    /// What the screens showed that the snapshots did not call for, once settled; and every
    /// frame a renderer should not have been handed.
    private(set) var screenMismatches: [String] = []
    private let writeGates = RaceGates<RaceItem?>()
    /// Every list's gates, closed lists' too.
    private var listGates: [RaceGates<[RaceItem]>] = []
    private var armed: [Int: ListStep] = [:]
    /// A list's renderer's show or hide.
    private struct ScreenSite: Hashable {
        let list: Int
        let hides: Bool
    }
    private var armedScreen: [ScreenSite: ListStep] = [:]
    private var made = 0
    /// The edits' requests' gates, and every edit made, by number.
    let editGates = RaceGates<RaceItem?>()
    var edits: [Int: MadeEdit] = [:]
    var temporaries = 0
    /// How many edits were made: an edit made from inside another's drawing is numbered after it.
    var editsMade = 0
    /// Each insert's number, by its temporary id (known before the insert draws).
    var insertNumbers: [Int: Int] = [:]

    /// Whether a list's superseded load lags (see ``RaceGates``).
    private let supersededLoadsLag: Bool

    init(supersededLoadsLag: Bool = false) {
        self.supersededLoadsLag = supersededLoadsLag
        store = ContentStore(staleAfter: .after(.seconds(60)), retention: .seconds(90), clock: clock) { id in
            throw RaceError(id)
        }
    }

    func apply(_ step: ListStep) async -> String? {
        var answer = perform(step)
        await settle()
        if case .settle = step, let number = answer.flatMap(Int.init) {
            answer = writes[number]?.outcome ?? "waiting"
        }
        if case .settleEdit = step, let number = answer.flatMap({ Int($0.dropFirst("edit:".count)) }) {
            answer = editAnswer(number)
        }
        screenMismatches = lists.compactMap { list in
            list.screen.mismatch(with: list.dataSource).map { "list \(list.id): \($0)" }
        }
        return answer
    }

    func position(_ index: Int, in count: Int) -> Int? { count == 0 ? nil : index % count }

    func perform(_ step: ListStep) -> String? {
        switch step {
        case .openList, .openPagedList:
            made += 1
            let id = made
            let gates = RaceGates<[RaceItem]>(supersededLoadsLag: supersededLoadsLag)
            listGates.append(gates)
            let pageGates = RaceGates<[RaceItem]>()
            var paged: PagedListDataSource<RaceItem, Int>?
            if step == .openPagedList {
                listGates.append(pageGates)
                paged = PagedListDataSource(store: store) { cursor in
                    // Every page has a next: the list never ends.
                    guard let cursor else { return Page(try await gates.call(), next: 1) }
                    return Page(try await pageGates.call(), next: cursor + 1)
                }
            }
            let dataSource: any RaceList = paged ?? ListDataSource(store: store) { try await gates.call() }
            let screen = ListRaceScreen(dataSource)
            screen.renderer.onApply = { [weak self] in self?.fire(id) }
            screen.renderer.onScreen = { [weak self] hides in self?.fire(id, hides: hides) }
            lists.append(
                OpenList(
                    id: id, dataSource: dataSource, screen: screen, gates: gates, paged: paged, pageGates: pageGates))
            return "list \(id)"
        case .loadMore(let index):
            guard let at = position(index, in: lists.count), let paged = lists[at].paged else { return "none" }
            switch paged.loadMore() {
            case .started:
                lists[at].pagesBegun += 1
                return "started"
            case .alreadyLoading: return "already"
            case .refused: return "refused"
            }
        case .answerPage(let index, let which, let ids, let title):
            var seen: Set<Int> = []
            let items = ids.map { id in RaceItem(id: id, title: seen.insert(id).inserted ? title : title + "'") }
            return answerPage(index, which, with: .success(items), landed: "landed")
        case .failPage(let index, let which):
            return answerPage(index, which, with: .failure(RaceError(index)), landed: "failed")
        case .load(let index):
            guard let at = position(index, in: lists.count) else { return "none" }
            lists[at].begun += 1
            lists[at].dataSource.loadContent()
            return "loading \(lists[at].id)"
        case .answer(let index, let which, let ids, let title):
            var seen: Set<Int> = []
            let items = ids.map { id in RaceItem(id: id, title: seen.insert(id).inserted ? title : title + "'") }
            return answer(index, which, with: .success(items), landed: "landed")
        case .fail(let index, let which):
            return answer(index, which, with: .failure(RaceError(index)), landed: "failed")
        case .closeList(let index):
            guard let at = position(index, in: lists.count) else { return "none" }
            if edits.values.contains(where: { $0.list == lists[at].id && $0.edit.isPending }) { return "busy" }
            let list = lists.remove(at: at)
            armed[list.id] = nil
            armedScreen = armedScreen.filter { $0.key.list != list.id }
            released.append(.init("closed list \(list.id)", list.dataSource))
            return "closed \(list.id)"
        case .openDetail(let key):
            made += 1
            let dataSource = StoreDataSource(store: store, key: key)
            details.append((made, dataSource, key < 0 ? DetailRaceScreen(dataSource) : nil))
            return "detail \(made)"
        case .openDetailOnNewRow:
            let inserts = edits.values.filter { $0.isInsert && $0.edit.isPending }
            guard let insert = inserts.max(by: { $0.number < $1.number }) else { return "none" }
            return perform(.openDetail(insert.id))
        case .closeDetail(let index):
            guard let at = position(index, in: details.count) else { return "none" }
            let detail = details.remove(at: at)
            released.append(.init("closed detail \(detail.id)", detail.dataSource))
            return "closed \(detail.id)"
        case .write(let id, let title):
            store.write(RaceItem(id: id, title: title), for: id)
            return "wrote"
        case .star(let id):
            performed += 1
            let number = performed
            let gates = writeGates
            let write = store.perform(
                "Star \(id)", on: id, ordering: .concurrent, change: { $0.stars += 1 },
                request: { try await gates.call(number) })
            writes[number] = PerformedWrite(number: number, id: id, write: write)
            Task {
                let outcome = await write.settled()
                self.writes[number]?.outcome = Self.describe(outcome)
            }
            return "write \(number)"
        case .settle(let which, let settlement):
            let pending = writes.values.filter { !$0.isAnswered }.sorted { $0.number < $1.number }
            guard let write = which == .oldest ? pending.first : pending.last else { return "none" }
            writes[write.number]?.isAnswered = true
            let result: Result<RaceItem?, any Error> =
                switch settlement {
                case .commit: .success(nil)
                case .server: .success(RaceItem(id: write.id, title: "server", stars: 7))
                case .fail: .failure(RaceError(write.number))
                case .cancel: .failure(CancellationError())
                }
            writeGates.answer(write.number, with: result)
            return "\(write.number)"
        case .invalidate(let id):
            guard store.contains(id) else { return "unknown" }
            store.invalidate(id)
            return "invalidated"
        case .remove(let id):
            return store.removeValue(for: id) ? "removed" : "refused"
        case .evict:
            store.evictExpiredKeys()
            clock.advance(by: .seconds(100))
            store.evictExpiredKeys()
            return "evicted"
        case .reenter(let index, let action):
            guard let at = position(index, in: lists.count) else { return "none" }
            armed[lists[at].id] = action
            return "armed \(lists[at].id)"
        case .reenterScreen(let index, let hides, let action):
            guard let at = position(index, in: lists.count) else { return "none" }
            armedScreen[ScreenSite(list: lists[at].id, hides: hides)] = action
            return "armed \(lists[at].id)"
        case .insertRow, .removeRow, .moveRow, .starNewRow, .starDetail, .settleEdit, .cancelEdit:
            return performEdit(step)
        }
    }

    /// Answers one of list `index`'s requests; says what became of it as the model does.
    private func answer(
        _ index: Int, _ which: ListStep.Which, with result: Result<[RaceItem], any Error>, landed: String
    ) -> String {
        guard let at = position(index, in: lists.count) else { return "none" }
        let open = lists[at].gates.unanswered
        guard let number = which == .oldest ? open.first : open.last else { return "none" }
        // A list loads with its newest request: that one's answer lands.
        let isCurrent = number == lists[at].gates.newest && lists[at].dataSource.loadingCoordinator.isLoading
        lists[at].gates.answer(number, with: result)
        return isCurrent ? landed : "dropped"
    }

    /// Answers one of paged list `index`'s page requests; says what became of it as the model does.
    private func answerPage(
        _ index: Int, _ which: ListStep.Which, with result: Result<[RaceItem], any Error>, landed: String
    ) -> String {
        guard let at = position(index, in: lists.count), let paged = lists[at].paged else { return "none" }
        let open = lists[at].pageGates.unanswered
        guard let number = which == .oldest ? open.first : open.last else { return "none" }
        // The page in flight is the newest one begun; a refresh dropped the others.
        let isCurrent = number == lists[at].pageGates.newest && paged.appendState == .loadingMore
        lists[at].pageGates.answer(number, with: result)
        return isCurrent ? landed : "dropped"
    }

    /// List `id`'s renderer was shown or hidden: an armed step runs now, once.
    private func fire(_ id: Int, hides: Bool) {
        guard let step = armedScreen.removeValue(forKey: ScreenSite(list: id, hides: hides)) else { return }
        _ = perform(step)
    }

    /// List `id`'s renderer applied a frame: an armed step runs now, once.
    private func fire(_ id: Int) {
        guard let step = armed.removeValue(forKey: id) else { return }
        _ = perform(step)
    }

    static func describe(_ outcome: WriteOutcome<RaceItem>?) -> String {
        switch outcome {
        case .committed(let value?): "committed(\(value))"
        case .committed(nil): "committed"
        case .superseded: "superseded"
        case .failed: "failed"
        case .cancelled: "cancelled"
        case nil: "nil"
        }
    }

    // MARK: - What the comparison reads

    /// Each list's rows, each row's item as its observable row holds it.
    var rows: [String] {
        lists.map { list in
            let dataSource = list.dataSource
            return "["
                + dataSource.snapshot.ids.map { dataSource.row($0)?.item.description ?? "nil" }.joined(separator: ", ")
                + "]"
        }
    }

    /// Each list's rows as `item(_:)` reads them, where they differ from the observable rows.
    var rowsApart: [String] {
        lists.compactMap { list in
            let dataSource = list.dataSource
            let apart = dataSource.snapshot.ids.filter { dataSource.row($0)?.item != dataSource.item($0) }
            return apart.isEmpty ? nil : "list \(list.id): rows \(apart) differ from their items"
        }
    }

    var detailValues: [String] { details.map { $0.dataSource.value?.description ?? "nil" } }

    /// Each detail's key: a temporary id until the server names its item.
    var detailKeys: [Int] { details.map(\.dataSource.key) }

    /// Each frame a detail opened on a temporary id drew, each drawn again in a row counted once
    /// (`-` for the others).
    var detailFrames: [String] { details.map { $0.screen?.distinctFrames.joined(separator: " | ") ?? "-" } }

    /// The failure beside each detail still on a temporary id (`-` for the others).
    var detailFailures: [String] {
        details.map { $0.dataSource.key < 0 ? $0.dataSource.writeFailure?.writeDescription ?? "nil" : "-" }
    }

    var contained: [Bool] { ListReferenceModel.ids.map(store.contains) }

    // MARK: - Settling

    /// What the last step set going that was still moving when the bounded settle gave up;
    /// `nil` once a step settled.
    private(set) var stillMoving: String?

    /// What is still moving, or `nil` when everything the steps set going has settled.
    private var moving: String? {
        for list in lists {
            guard list.gates.count == list.begun else { return "list \(list.id)'s load has not reached its gate" }
            let newestWaits = list.gates.newest.map { !list.gates.isAnswered($0) } ?? false
            guard list.dataSource.loadingCoordinator.isLoading == newestWaits else {
                return "list \(list.id) is loading \(!newestWaits) with its newest request answered"
            }
            if let paged = list.paged {
                guard list.pageGates.count == list.pagesBegun else {
                    return "list \(list.id)'s page has not reached its gate"
                }
                // A page in flight waits on the newest page's gate, until answered and landed.
                // A page a refresh dropped may still wait on its gate, its list idle.
                let pageWaits = list.pageGates.newest.map { !list.pageGates.isAnswered($0) } ?? false
                guard paged.appendState != .loadingMore || pageWaits else {
                    return "list \(list.id)'s answered page has not landed"
                }
            }
        }
        guard writeGates.count == writes.count, writes.values.allSatisfy({ !$0.isAnswered || $0.outcome != nil }) else {
            return "a write has not reached its gate or settled"
        }
        guard editsAreSettled else { return "an edit has not reached its gate or settled" }
        // Every load whose request was answered ended, its mark on the store closed: a superseded
        // load's task, which no list waits for, holds the store until then.
        let waiting = listGates.map(\.unanswered.count).reduce(0, +)
        guard store.openItemMarks == waiting else {
            return "\(store.openItemMarks) marks open on the store, \(waiting) requests waiting"
        }
        let keys = Set(ListReferenceModel.ids).union(details.map(\.dataSource.key))
        return keys.contains(where: store.isFetching) ? "an item is being fetched" : nil
    }

    /// Lets the main actor run what the step set going until it is settled; bounded. A step that
    /// does not settle is reported (``stillMoving``): else each such step would spend the whole
    /// bound, unseen.
    func settle() async {
        let settled = await RaceHarness.settle {
            noteReloads()
            return moving == nil ? lists.map(\.screen.renderer.frames.count) : nil
        }
        stillMoving = settled ? nil : moving ?? "the frames drawn kept changing"
    }

    /// Answers every request and write still waiting, and lets them end.
    func endAllWork() async {
        for gates in listGates { gates.answerAll() }
        writeGates.answerAll()
        editGates.answerAll()
        await settle()
    }
}
