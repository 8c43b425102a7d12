/// What lists of shared items promise, restated in plain Swift from the `ListDataSource`,
/// `ListRenderer` and `ContentStore` docs, sharing no code with them.
///
/// The store holds each item once, by id: its committed value, and the pending optimistic
/// writes' changes on top (each adds a star; one older than the item's newest commit no longer
/// shows). Every change of an item (a write, a list's item
/// landing, a commit, a rollback, a removal, an invalidation, a write performed) is numbered; a
/// list's request takes the number when it begins (a key whose last pending write settles
/// revalidates, a change after the settling is drawn), and its response lands an item only if the
/// item has not changed since. The response's ids, each once (the first copy kept), make the
/// list's snapshot, less those the store has no value for; every shown row is bound to its item,
/// which is then never removed or evicted (nor is an item with a write pending), and hears each change of it, in bind order, drawn as
/// that row's update unless the value equals the one drawn. A list draws (hands its renderer a
/// frame) only when its ids or a row's value changed.
struct ListReferenceModel {
    /// Who hears an item's changes: a list showing it, or a detail on it.
    enum Observer: Equatable {
        case list(Int)
        case detail(Int)
    }

    /// What a list's wrapper shows (`.immediate`: the list's state).
    enum Displayed {
        case blank, loading, refreshing, content, empty, error
    }

    struct List {
        let id: Int
        var displayed = Displayed.blank
        /// What runs from inside the renderer's next `show`, and its next `hide`.
        var armedShow: ListStep?
        var armedHide: ListStep?
        var ids: [Int] = []
        var drawn: [Int: RaceItem] = [:]
        /// The request whose response lands, if one is in flight.
        var current: Int?
        /// Every frame handed to its renderer, as `ids ~updated`.
        var frames: [String] = []
        var duplicates: [Int] = []
        var armed: ListStep?
        /// Its edits, in the order they were made (see `ListReferenceModel+Edits`).
        var edits: [ListModelEdit] = []
        /// Counts the edits made and settled: a request takes it when it begins.
        var editMark = 0
        /// The unique ids of the last response landed, and the mark its request took.
        var response: [Int] = []
        var landMark = 0
        /// Whether it is a paged list, and the page request in flight (a refresh drops it).
        var isPaged = false
        var page: Int?
    }

    struct Request {
        let number: Int
        let list: Int
        let mark: Int
        var editsMark = 0
        var isAnswered = false
    }

    struct Write {
        let number: Int
        let id: Int
        var isPending = true
    }

    let fault: ListFault?
    var lists: [List] = []
    /// The detail screens: each one's key, the failure beside one whose create failed, and, for one
    /// opened on a temporary id, what it drew at the end of each step (see `drawDetails()`).
    private(set) var details: [(id: Int, key: Int, failure: String?, frames: [String]?)] = []
    /// How many details on a temporary id were re-keyed to the server's, and left empty by a
    /// failed or cancelled create.
    var rekeyedDetails = 0
    var emptiedDetails = 0
    var committed: [Int: RaceItem] = [:]
    var known: Set<Int> = []
    private(set) var writes: [Write] = []
    private var requests: [Request] = []
    /// The paged lists' page requests (see `ListReferenceModel+Pages`).
    var pages: [Request] = []
    /// Coverage of the pages: pages landed, dropped by a refresh, landed under edits, with
    /// duplicates left out, and loads of more begun from inside a renderer's apply or show.
    var pagesLanded = 0
    var pagesDropped = 0
    var pagesUnderEdits = 0
    var pageDuplicates = 0
    var pagesFromInsideCallbacks = 0
    private var lastCommitted: [Int: Int] = [:]
    var observers: [Int: [Observer]] = [:]
    /// Stars performed on rows' server ids for edits, pending, by id.
    var pendingStars: [Int: Int] = [:]
    /// How many edits and temporary ids were made.
    var editsMade = 0
    var temporaries = 0
    /// Coverage of the edit lane: answers landed under pending edits, stale answers that kept a
    /// committed edit, creates committed (re-keyed) and failed, edits and writes sent with a
    /// server's id after waiting for it, reloads once the edits settled, removed rows let go.
    var landedUnderEdits = 0
    var staleKeptEdits = 0
    var rekeyed = 0
    var failedCreates = 0
    /// How many edits a step cancelled.
    var cancelledEdits = 0
    /// The edit whose first draw is under way: the app cannot cancel it before it has it.
    var editBeingMade: Int?
    var queuedSent = 0
    var reloads = 0
    /// The reloads once the edits settled, by list.
    var reloadsByList: [Int: Int] = [:]
    var removedLetGo = 0
    private(set) var changes = 0
    private var changedAt: [Int: Int] = [:]
    private var made = 0
    /// The lists whose response is landing: they draw their items' changes meanwhile with it, once.
    private var landing: Set<Int> = []
    /// While a response lands: the other lists whose rows it changed, in the order they first
    /// heard, each with those rows; they draw them as one frame each once the landing's items
    /// are stored, before the landing list draws. `nil` while nothing lands.
    private var landedMeanwhile: [(list: Int, ids: [Int])]?
    /// How many lists landed over an item changed since their request (a fault's reach).
    private(set) var keptNewer = 0
    /// How many draws of a row were suppressed because the value equalled the one drawn.
    private(set) var suppressed = 0
    /// How many items went at an eviction.
    private(set) var evicted = 0
    /// How many reentries fired.
    private(set) var reentered = 0
    /// How many steps ran from inside a renderer's show or hide.
    private(set) var screenReentered = 0
    /// How many landings had a row they updated changed again from inside the renderer's apply.
    private(set) var rowsChangedInsideApply = 0

    init(fault: ListFault?) { self.fault = fault }

    /// The ids the lane uses.
    static let ids = 1...5

    /// The item the store shows: committed, with the star of each pending write newer than the
    /// item's newest commit (an older one's layer stopped: its success would be superseded).
    func value(_ id: Int) -> RaceItem? {
        guard var item = committed[id] else { return nil }
        let newest = lastCommitted[id, default: 0]
        item.stars += writes.count { $0.isPending && $0.id == id && $0.number > newest }
        item.stars += pendingStars[id, default: 0]
        return item
    }

    var pendingWrites: [Write] { writes.filter(\.isPending) }

    func position(_ index: Int, in count: Int) -> Int? { count == 0 ? nil : index % count }

    mutating func note(_ id: Int) {
        changes += 1
        changedAt[id] = changes
    }

    /// The items a list row or a detail is bound to (a landing list binds its response's ids first).
    private var shownKeys: Set<Int> { Set(observers.filter { !$0.value.isEmpty }.keys) }

    // MARK: - Steps

    @discardableResult
    mutating func apply(_ step: ListStep) -> String? {
        switch step {
        case .openList, .openPagedList:
            made += 1
            lists.append(List(id: made, isPaged: step == .openPagedList))
            return "list \(made)"
        case .loadMore, .answerPage, .failPage:
            return applyPage(step)
        case .load(let index):
            guard let at = position(index, in: lists.count) else { return "none" }
            requests.append(
                Request(number: requests.count + 1, list: lists[at].id, mark: changes, editsMark: lists[at].editMark))
            lists[at].current = requests.count
            // A refresh replaces the list: the page in flight is dropped.
            lists[at].page = nil
            let id = lists[at].id
            switch lists[at].displayed {
            case .content:
                // A refresh keeps the rows on screen: the content renderer shows it.
                lists[at].displayed = .refreshing
                screen(id, hides: false)
            case .loading, .refreshing: break
            default: lists[at].displayed = .loading
            }
            return "loading \(id)"
        case .answer(let index, let which, let ids, let title):
            guard let at = position(index, in: lists.count), let request = take(lists[at].id, which) else {
                return "none"
            }
            guard lists[at].current == request.number else { return "dropped" }
            let id = lists[at].id
            // The load is in flight until its rows are drawn: load more from inside their
            // drawing is refused.
            land(ids: ids, title: title, in: id, since: request.mark, editsSince: request.editsMark)
            // Then the wrapper shows the content, or hides it for the empty screen; unless a
            // load began from inside the drawing: it keeps the state it found, loading.
            if let at = position(ofList: id), lists[at].current == request.number {
                lists[at].current = nil
                let was = lists[at].displayed
                lists[at].displayed = lists[at].ids.isEmpty ? .empty : .content
                if !lists[at].ids.isEmpty {
                    screen(id, hides: false)
                } else if was == .refreshing || was == .content {
                    screen(id, hides: true)
                }
            }
            return "landed"
        case .fail(let index, let which):
            guard let at = position(index, in: lists.count), let request = take(lists[at].id, which) else {
                return "none"
            }
            guard lists[at].current == request.number else { return "dropped" }
            lists[at].current = nil
            if lists[at].displayed == .refreshing, !lists[at].ids.isEmpty {
                // A failed refresh keeps its rows.
                lists[at].displayed = .content
                screen(lists[at].id, hides: false)
            } else {
                // A refresh left with no rows (a load begun from inside the drawing of an
                // empty answer) hides the content for the error screen.
                let was = lists[at].displayed
                lists[at].displayed = .error
                if was == .refreshing { screen(lists[at].id, hides: true) }
            }
            return "failed"
        case .closeList(let index):
            guard let at = position(index, in: lists.count) else { return "none" }
            // A list with an edit pending stays open for it.
            if lists[at].edits.contains(where: { $0.state == .pending }) { return "busy" }
            let list = lists.remove(at: at)
            for key in observers.keys { observers[key]?.removeAll { $0 == .list(list.id) } }
            return "closed \(list.id)"
        case .openDetail(let key):
            made += 1
            details.append((made, key, nil, key < 0 ? [] : nil))
            known.insert(key)
            observers[key, default: []].append(.detail(made))
            return "detail \(made)"
        case .openDetailOnNewRow:
            let inserts = lists.flatMap(\.edits).filter { $0.kind.isInsert && $0.state == .pending }
            guard let insert = inserts.max(by: { $0.number < $1.number }) else { return "none" }
            return apply(.openDetail(insert.id))
        case .closeDetail(let index):
            guard let at = position(index, in: details.count) else { return "none" }
            let detail = details.remove(at: at)
            observers[detail.key]?.removeAll { $0 == .detail(detail.id) }
            return "closed \(detail.id)"
        case .write(let id, let title):
            store(RaceItem(id: id, title: title), for: id)
            return "wrote"
        case .star(let id):
            let number = writes.count + 1
            writes.append(Write(number: number, id: id))
            known.insert(id)
            note(id)
            notify(id)
            return "write \(number)"
        case .settle(let which, let settlement):
            let pending = pendingWrites
            guard let write = which == .oldest ? pending.first : pending.last else { return "none" }
            return settle(write, settlement)
        case .invalidate(let id):
            guard known.contains(id) else { return "unknown" }
            note(id)
            return "invalidated"
        case .remove(let id):
            guard known.contains(id) else {
                note(id)
                return "removed"
            }
            guard !shownKeys.contains(id), !writes.contains(where: { $0.isPending && $0.id == id }) else {
                return "refused"
            }
            known.remove(id)
            committed[id] = nil
            note(id)
            return "removed"
        case .evict:
            let shown = shownKeys
            // An item with a write pending is kept for it.
            var going = known.subtracting(shown).filter { id in
                !writes.contains { $0.isPending && $0.id == id } && pendingStars[id, default: 0] == 0
            }
            // The fault: a row's item goes too (the model then expects the store not to know it).
            if fault == .evictsShownItem, let row = lists.lazy.flatMap(\.ids).first { going.insert(row) }
            for key in going {
                known.remove(key)
                committed[key] = nil
                evicted += 1
            }
            return "evicted"
        case .reenter(let index, let action):
            guard let at = position(index, in: lists.count) else { return "none" }
            lists[at].armed = action
            return "armed \(lists[at].id)"
        case .reenterScreen(let index, let hides, let action):
            guard let at = position(index, in: lists.count) else { return "none" }
            if hides { lists[at].armedHide = action } else { lists[at].armedShow = action }
            return "armed \(lists[at].id)"
        case .insertRow, .removeRow, .moveRow, .starNewRow, .starDetail, .settleEdit, .cancelEdit:
            return applyEdit(step)
        }
    }

    /// List `id`'s content renderer is shown (or hidden): an armed step runs from inside, once.
    private mutating func screen(_ id: Int, hides: Bool) {
        guard let at = position(ofList: id) else { return }
        let armed = hides ? lists[at].armedHide : lists[at].armedShow
        guard let action = armed else { return }
        if hides { lists[at].armedHide = nil } else { lists[at].armedShow = nil }
        screenReentered += 1
        if apply(action) == "started" { pagesFromInsideCallbacks += 1 }
    }

    /// Takes list `list`'s oldest or newest unanswered request.
    private mutating func take(_ list: Int, _ which: ListStep.Which) -> Request? {
        let open = requests.indices.filter { requests[$0].list == list && !requests[$0].isAnswered }
        guard let index = which == .oldest ? open.first : open.last else { return nil }
        requests[index].isAnswered = true
        return requests[index]
    }

    private mutating func settle(_ write: Write, _ settlement: ListStep.Settlement) -> String {
        writes[write.number - 1].isPending = false
        let outcome: String
        switch settlement {
        case .commit, .server:
            if lastCommitted[write.id, default: 0] > write.number {
                outcome = "superseded"
            } else {
                lastCommitted[write.id] = write.number
                if settlement == .server {
                    committed[write.id] = RaceItem(id: write.id, title: "server", stars: 7)
                    known.insert(write.id)
                } else {
                    committed[write.id]?.stars += 1
                }
                outcome = committed[write.id].map { "committed(\($0))" } ?? "committed"
            }
        case .fail: outcome = "failed"
        case .cancel: outcome = "cancelled"
        }
        note(write.id)
        notify(write.id)
        // The key's last pending write settled (each sent its request): the key revalidates, a
        // change after the drawing above.
        if !writes.contains(where: { $0.isPending && $0.id == write.id }) { note(write.id) }
        return outcome
    }

    /// A store write of `item`: every list showing it draws it.
    private mutating func store(_ item: RaceItem, for id: Int, landing list: Int? = nil) {
        committed[id] = item
        known.insert(id)
        note(id)
        notify(id, except: list)
    }

    /// The observers of `id` hear its change, in bind order; a landing list does not.
    mutating func notify(_ id: Int, except landing: Int? = nil) {
        for observer in observers[id] ?? [] {
            guard case .list(let listID) = observer, listID != landing, !self.landing.contains(listID),
                let at = lists.firstIndex(where: { $0.id == listID })
            else { continue }
            guard let drawn = lists[at].drawn[id] else { continue }
            if landedMeanwhile != nil {
                if let entry = landedMeanwhile!.firstIndex(where: { $0.list == listID }) {
                    if !landedMeanwhile![entry].ids.contains(id) { landedMeanwhile![entry].ids.append(id) }
                } else {
                    landedMeanwhile!.append((listID, [id]))
                }
                continue
            }
            guard let value = value(id) else { continue }
            if drawn == value && fault != .redrawsEqualItem {
                suppressed += 1
                continue
            }
            lists[at].drawn[id] = value
            frame(at, updated: [id])
        }
    }

    /// Lands a response in list `listID`, as `ListDataSource` does.
    private mutating func land(
        ids response: [Int], title: String, in listID: Int, since mark: Int, editsSince editsMark: Int
    ) {
        var unique: [Int] = []
        var duplicates: [Int] = []
        for id in response {
            if unique.contains(id) { duplicates.append(id) } else { unique.append(id) }
        }
        guard let at = lists.firstIndex(where: { $0.id == listID }) else { return }
        lists[at].duplicates = duplicates
        landItems(unique, title: title, in: listID, since: mark)
        guard let at = lists.firstIndex(where: { $0.id == listID }) else { return }
        // The edits land with it: the pending ones on top, those committed since it began again.
        lists[at].response = unique
        lists[at].landMark = editsMark
        if lists[at].edits.contains(where: { $0.state == .pending && $0.kind != .star }) { landedUnderEdits += 1 }
        if lists[at].edits.contains(where: { $0.kind != .star && ($0.foldMark ?? 0) > editsMark }) {
            staleKeptEdits += 1
        }
        let order = isEdited(lists[at]) ? order(of: lists[at]) : unique
        let next = order.filter { value($0) != nil }
        for id in next { bind(id, to: listID) }
        let before = lists[at]
        let updated = next.filter { id in before.drawn[id].map { $0 != value(id) } ?? false }
        lists[at].ids = next
        lists[at].drawn = Dictionary(uniqueKeysWithValues: next.map { ($0, value($0)!) })
        for id in Set(before.ids + unique) where !next.contains(id) && !isPending(id, in: lists[at]) {
            observers[id]?.removeAll { $0 == .list(listID) }
        }
        guard next != before.ids || !updated.isEmpty else { return }
        let landed = lists[at].drawn
        frame(at, updated: updated)
        if let after = lists.first(where: { $0.id == listID }),
            updated.contains(where: { after.drawn[$0] != landed[$0] })
        {
            rowsChangedInsideApply += 1
        }
    }

    /// Binds `unique`, the ids a response or a page of list `listID` names, to it, and stores each
    /// item titled `title`, unless it changed since `mark`; the other lists draw what it changed
    /// of their rows meanwhile once it is stored.
    mutating func landItems(_ unique: [Int], title: String, in listID: Int, since mark: Int) {
        for id in unique {
            bind(id, to: listID)
            known.insert(id)
        }
        landing.insert(listID)
        let outermost = landedMeanwhile == nil
        if outermost { landedMeanwhile = [] }
        for id in unique {
            if changedAt[id, default: 0] > mark && fault != .landsOverNewerItem {
                keptNewer += 1
                continue
            }
            store(RaceItem(id: id, title: title), for: id, landing: listID)
        }
        if outermost {
            // The lists draw in turn; what a list's frame changes meanwhile joins the rows of a
            // list yet to draw, or is drawn after the others by one that drew.
            while let entry = landedMeanwhile?.first {
                landedMeanwhile!.removeFirst()
                drawLandedMeanwhile(entry.ids, in: entry.list)
            }
            landedMeanwhile = nil
        }
        landing.remove(listID)
    }

    /// List `listID` draws, as one frame, its rows `ids` whose items another list's landing changed.
    private mutating func drawLandedMeanwhile(_ ids: [Int], in listID: Int) {
        guard let at = lists.firstIndex(where: { $0.id == listID }) else { return }
        var changed: [Int] = []
        for id in ids {
            guard let drawn = lists[at].drawn[id], let value = value(id) else { continue }
            if drawn == value && fault != .redrawsEqualItem {
                suppressed += 1
                continue
            }
            lists[at].drawn[id] = value
            changed.append(id)
        }
        guard !changed.isEmpty else { return }
        frame(at, updated: changed)
    }

    /// List `at` hands its renderer a frame; an armed reentry runs from inside it.
    mutating func frame(_ at: Int, updated: [Int]) {
        let list = lists[at]
        lists[at].frames.append(Self.frame(list.ids, updated: updated))
        guard let action = list.armed else { return }
        lists[at].armed = nil
        reentered += 1
        if apply(action) == "started" { pagesFromInsideCallbacks += 1 }
    }

    /// A frame as the comparison prints it: `[1, 2] ~[2]`.
    static func frame(_ ids: [Int], updated: [Int]) -> String { "\(ids) ~\(updated.sorted())" }

    // MARK: - What the comparison reads

    /// Each list's rows, as `[1:a*, 2:b]`.
    var rows: [String] {
        lists.map { list in "[" + list.ids.map { list.drawn[$0]?.description ?? "nil" }.joined(separator: ", ") + "]" }
    }

    /// Each detail's value.
    var detailValues: [String] { details.map { value($0.key)?.description ?? "nil" } }

    var detailKeys: [Int] { details.map(\.key) }

    var detailFrames: [String] { details.map { $0.frames?.joined(separator: " | ") ?? "-" } }

    /// Each detail opened on a temporary id draws what it shows, when it changed: its key and
    /// item, or the empty screen once its create failed. A step changes what one shows once at
    /// most (a re-keyed detail draws the server's item with the writes that waited on it).
    mutating func drawDetails() {
        for at in details.indices where details[at].frames != nil {
            let detail = details[at]
            let frame =
                detail.key < 0 && !known.contains(detail.key)
                ? "empty" : "\(detail.key) \(value(detail.key)?.description ?? "nil")"
            if detail.frames?.last != frame { details[at].frames?.append(frame) }
        }
    }

    var detailFailures: [String] { details.map { $0.key < 0 ? $0.failure ?? "nil" : "-" } }

    /// The temporary id `temporary`'s create settled: each detail on it is re-keyed to `server`
    /// (bound to it, its item shown), or, with no server's id, left on it showing nothing, with
    /// the create's failure beside it (`nil`: cancelled).
    mutating func settleDetails(on temporary: Int, server: Int?, failure: String?) {
        for at in details.indices where details[at].key == temporary {
            let observer = Observer.detail(details[at].id)
            if let server {
                observers[temporary]?.removeAll { $0 == observer }
                observers[server, default: []].append(observer)
                details[at].key = server
                rekeyedDetails += 1
            } else {
                details[at].failure = failure
                emptiedDetails += 1
            }
        }
    }

    /// Whether the store knows each id.
    var contained: [Bool] { Self.ids.map(known.contains) }

    /// Whether a list has a request in flight.
    func isLoading(_ list: Int) -> Bool { lists.first { $0.id == list }?.current != nil }

    /// Requests not answered yet, oldest first.
    var unansweredRequests: [Request] { requests.filter { !$0.isAnswered } }

    /// Page requests not answered yet, oldest first.
    var unansweredPages: [Request] { pages.filter { !$0.isAnswered } }

    /// The list a request belongs to, by its place among the lists open (`nil` once it closed).
    func position(ofList list: Int) -> Int? { lists.firstIndex { $0.id == list } }
}
