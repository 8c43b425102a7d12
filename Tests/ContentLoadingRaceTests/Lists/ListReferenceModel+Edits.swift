/// The edit lane of ``ListReferenceModel``, restated from the `ListDataSource` editing docs.
///
/// A list's rows are the last response's ids with its edits on top, in the order they were
/// made: every pending one, and every committed one the response's request began before. An
/// edit shows at once, in one draw. A committed edit becomes part of the server's order once
/// the edits made before it settled; a failed one is dropped. A row inserted under a temporary
/// id is held by it until the server answers: committed, the row is re-keyed to the server's id
/// at its place in one draw, and the edits and writes made on the temporary id meanwhile are
/// sent with the server's id; failed, the row leaves in one draw and they fail. A row a pending
/// edit hides stays bound to its item. Once a list's last edit settles, it reloads.
extension ListReferenceModel {
    /// The server's id of temporary id `temporary` (-n becomes 100 + n).
    static func serverID(of temporary: Int) -> Int { 100 - temporary }

    /// The sent edits not answered yet, across lists, by number.
    var unansweredEdits: [ListModelEdit] {
        lists.flatMap(\.edits).filter { $0.isSent && !$0.isAnswered }.sorted { $0.number < $1.number }
    }

    /// Whether an edit of `id`'s place in the order is pending in `list`.
    func isPending(_ id: Int, in list: List) -> Bool {
        list.edits.contains { $0.kind != .star && $0.state == .pending && $0.id == id }
    }

    /// Whether `id` is the temporary id of a pending insert of `list`.
    func isWaiting(_ id: Int, in list: List) -> Bool {
        list.edits.contains { $0.kind.isInsert && $0.state == .pending && $0.id == id }
    }

    /// Whether the order shown may differ from the last response's.
    func isEdited(_ list: List) -> Bool {
        list.edits.contains { edit in
            guard edit.kind != .star else { return false }
            return edit.state == .pending || (edit.state == .committed && (edit.foldMark ?? .max) > list.landMark)
        }
    }

    /// The ids `list` shows before its items are looked up: the response, with the edits on top.
    func order(of list: List) -> [Int] {
        var ids = list.response
        for edit in list.edits where edit.kind != .star {
            switch edit.state {
            case .pending: edit.apply(to: &ids)
            case .committed where (edit.foldMark ?? .max) > list.landMark: edit.apply(to: &ids)
            default: break
            }
        }
        return ids
    }

    mutating func bind(_ id: Int, to list: Int) {
        if observers[id]?.contains(.list(list)) != true { observers[id, default: []].append(.list(list)) }
    }

    mutating func unbind(_ id: Int, from list: Int) { observers[id]?.removeAll { $0 == .list(list) } }

    // MARK: - Steps

    mutating func applyEdit(_ step: ListStep) -> String {
        switch step {
        case .insertRow(let index, let offset):
            guard let at = position(index, in: lists.count), !lists[at].isPaged, !lists[at].ids.isEmpty else {
                return "none"
            }
            temporaries += 1
            let temporary = -temporaries
            committed[temporary] = RaceItem(id: temporary, title: "draft")
            known.insert(temporary)
            note(temporary)
            bind(temporary, to: lists[at].id)
            return make(.insert(at: offset), of: temporary, in: at)
        case .removeRow(let index, let row):
            guard let at = position(index, in: lists.count), lists[at].ids.count >= 2 else { return "none" }
            return make(.remove, of: lists[at].ids[row % lists[at].ids.count], in: at)
        case .moveRow(let index, let row, let offset):
            guard let at = position(index, in: lists.count), !lists[at].isPaged, !lists[at].ids.isEmpty else {
                return "none"
            }
            return make(.move(to: offset), of: lists[at].ids[row % lists[at].ids.count], in: at)
        case .starNewRow(let index):
            guard let at = position(index, in: lists.count), !lists[at].isPaged,
                let insert = lists[at].edits.last(where: { $0.kind.isInsert && $0.state == .pending }),
                !lists[at].edits.contains(where: { $0.waitsOn == insert.number && $0.kind == .star })
            else { return "none" }
            return star(insert, in: at)
        case .starDetail:
            // A store write on a temporary id waits for the server's id as a list's star does.
            guard let key = details.last?.key,
                let at = lists.firstIndex(where: { isWaiting(key, in: $0) }),
                let insert = lists[at].edits.first(where: { $0.kind.isInsert && $0.state == .pending && $0.id == key }),
                !lists[at].edits.contains(where: { $0.waitsOn == insert.number && $0.kind == .star })
            else { return "none" }
            return star(insert, in: at)
        case .settleEdit(let which, let settlement):
            let open = unansweredEdits
            guard let edit = which == .oldest ? open.first : open.last,
                let at = lists.firstIndex(where: { $0.edits.contains { $0.number == edit.number } })
            else { return "none" }
            let index = lists[at].edits.firstIndex { $0.number == edit.number }!
            lists[at].edits[index].isAnswered = true
            let succeeds = settlement == .commit || settlement == .server
            let listID = lists[at].id
            let reloadsBefore = reloadsByList[listID]
            let outcome: String
            switch edit.kind {
            case .insert: outcome = settleInsert(edit, in: at, succeeds: succeeds)
            case .star: outcome = settleStar(edit, in: at, index: index, succeeds: succeeds)
            case .remove, .move: outcome = settleOrderEdit(edit, in: at, succeeds: succeeds)
            }
            // An edit settled from inside its draw that was the last reloaded the list: once.
            if edit.kind != .star, reloadsByList[listID] == reloadsBefore { reloadIfEditsSettled(listID) }
            return outcome
        case .cancelEdit(let which):
            return cancelEdit(which)
        default:
            return "none"
        }
    }

    /// The oldest or newest pending edit, across lists, is cancelled: it settles as cancelled and
    /// leaves the screen as a failed one would, with no failure reported; a star waiting for its
    /// row's server id is never sent, its change staying on the temporary item until the insert
    /// settles. A star already sent is a store write's, and is not a candidate.
    private mutating func cancelEdit(_ which: ListStep.Which) -> String {
        let pending = lists.flatMap(\.edits).filter { edit in
            edit.state == .pending && !edit.isAnswered && !(edit.kind == .star && edit.isSent)
                // The app holds an edit once the call that makes it returns, not from its first draw.
                && edit.number != editBeingMade
        }
        .sorted { $0.number < $1.number }
        guard let edit = which == .oldest ? pending.first : pending.last,
            let at = lists.firstIndex(where: { $0.edits.contains { $0.number == edit.number } })
        else { return "none" }
        let index = lists[at].edits.firstIndex { $0.number == edit.number }!
        lists[at].edits[index].isAnswered = true
        cancelledEdits += 1
        let listID = lists[at].id
        let reloadsBefore = reloadsByList[listID]
        switch edit.kind {
        case .insert: _ = settleInsert(edit, in: at, succeeds: false, cancelled: true)
        case .star: lists[at].edits[index].state = .dropped
        case .remove, .move: _ = settleOrderEdit(edit, in: at, succeeds: false)
        }
        if edit.kind != .star, reloadsByList[listID] == reloadsBefore { reloadIfEditsSettled(listID) }
        return "cancelled \(edit.number): cancelled"
    }

    /// A star on `insert`'s new row, made by list `at` (or by the store on its temporary id): it
    /// waits for the server's id.
    private mutating func star(_ insert: ListModelEdit, in at: Int) -> String {
        editsMade += 1
        lists[at].edits.append(
            ListModelEdit(number: editsMade, kind: .star, id: insert.id, isSent: false, waitsOn: insert.number))
        // The new row's item is the list's own until it is created: changed in place, drawn.
        let number = editsMade
        committed[insert.id]?.stars += 1
        // A detail on the temporary id draws it before the list's row does.
        drawDetails()
        editBeingMade = number
        note(insert.id)
        notify(insert.id)
        editBeingMade = nil
        return "edit \(number)"
    }

    /// List `at` makes an edit of `id` and shows it; its request waits for the row's insert.
    private mutating func make(_ kind: ListModelEdit.Kind, of id: Int, in at: Int) -> String {
        editsMade += 1
        let number = editsMade
        lists[at].editMark += 1
        let insert = lists[at].edits.first { $0.kind.isInsert && $0.state == .pending && $0.id == id }
        lists[at].edits.append(
            ListModelEdit(number: number, kind: kind, id: id, isSent: insert == nil, waitsOn: insert?.number))
        // Drawn at once: an edit made from inside this draw is numbered after it.
        editBeingMade = number
        showEdits(lists[at].id)
        editBeingMade = nil
        return "edit \(number)"
    }

    /// Edit `number` of list `at` committed (or failed): it settles, and the committed edits made
    /// before every pending one join the server's order.
    private mutating func settle(_ number: Int, in at: Int, as state: ListModelEdit.State) {
        guard let index = lists[at].edits.firstIndex(where: { $0.number == number }) else { return }
        lists[at].edits[index].state = state
        lists[at].editMark += 1
        for index in lists[at].edits.indices where lists[at].edits[index].kind != .star {
            let edit = lists[at].edits[index]
            if edit.state == .pending { break }
            if edit.state == .committed, edit.foldMark == nil { lists[at].edits[index].foldMark = lists[at].editMark }
        }
    }

    private mutating func settleOrderEdit(_ edit: ListModelEdit, in at: Int, succeeds: Bool) -> String {
        settle(edit.number, in: at, as: succeeds ? .committed : .dropped)
        showEdits(lists[at].id)
        if !lists[at].ids.contains(edit.id), !isPending(edit.id, in: lists[at]),
            observers[edit.id]?.contains(.list(lists[at].id)) == true
        {
            unbind(edit.id, from: lists[at].id)
            if edit.kind == .remove { removedLetGo += 1 }
        }
        return (succeeds ? "committed" : "failed") + " via \(edit.id)"
    }

    private mutating func settleInsert(
        _ edit: ListModelEdit, in at: Int, succeeds: Bool, cancelled: Bool = false
    ) -> String {
        let temporary = edit.id
        let listID = lists[at].id
        let waiting = lists[at].edits.filter { $0.waitsOn == edit.number }
        let outcome: String
        if succeeds {
            let server = Self.serverID(of: temporary)
            let created = RaceItem(id: server, title: "new")
            bind(server, to: listID)
            committed[server] = created
            known.insert(server)
            note(server)
            for index in lists[at].edits.indices where lists[at].edits[index].id == temporary {
                lists[at].edits[index].id = server
            }
            settle(edit.number, in: at, as: .committed)
            rekeyed += 1
            outcome = "committed(\(created))"
            // What waited is sent with the server's id before the draw: a star shows on the row.
            // A star cancelled meanwhile is not: the server's item is drawn without it.
            for waiter in waiting where waiter.state == .pending {
                let index = lists[at].edits.firstIndex { $0.number == waiter.number }!
                lists[at].edits[index].isSent = true
                queuedSent += 1
                if waiter.kind == .star {
                    pendingStars[server, default: 0] += 1
                    note(server)
                    notify(server)
                }
            }
        } else {
            settle(edit.number, in: at, as: .dropped)
            if !cancelled { failedCreates += 1 }
            outcome = "failed"
            for waiter in waiting {
                let index = lists[at].edits.firstIndex { $0.number == waiter.number }!
                lists[at].edits[index].isAnswered = true
                if waiter.kind == .star {
                    lists[at].edits[index].state = .dropped
                } else {
                    settle(waiter.number, in: at, as: .dropped)
                }
            }
        }
        settleDetails(
            on: temporary, server: succeeds ? Self.serverID(of: temporary) : nil,
            failure: cancelled ? nil : "Add \(temporary)")
        showEdits(listID)
        // The temporary item goes: it is no row's any more.
        unbind(temporary, from: listID)
        committed[temporary] = nil
        known.remove(temporary)
        return outcome
    }

    private mutating func settleStar(_ edit: ListModelEdit, in at: Int, index: Int, succeeds: Bool) -> String {
        lists[at].edits[index].state = succeeds ? .committed : .dropped
        let id = edit.id
        pendingStars[id, default: 0] -= 1
        if succeeds { committed[id]?.stars += 1 }
        note(id)
        notify(id)
        note(id)
        let outcome = succeeds ? committed[id].map { "committed(\($0))" } ?? "committed" : "failed"
        return outcome + " via \(id)"
    }

    /// Once list `listID`'s last edit of its order settled (and no new row waits for its
    /// server's id), it reloads.
    private mutating func reloadIfEditsSettled(_ listID: Int) {
        guard let at = position(ofList: listID),
            !lists[at].edits.contains(where: { $0.kind != .star && $0.state == .pending }),
            // A paged list keeps its pages.
            !lists[at].isPaged
        else { return }
        reloads += 1
        reloadsByList[listID, default: 0] += 1
        apply(.load(at))
    }

    /// List `listID` shows its order as its edits make it, in one draw.
    mutating func showEdits(_ listID: Int) {
        guard let at = position(ofList: listID) else { return }
        let list = lists[at]
        let previous = list.ids
        // Each id once, its first place kept (a paged list's order may name a row hidden for want of
        // its item twice, once as a page brought it back).
        var seen = Set<Int>()
        let next = order(of: list).filter { seen.insert($0).inserted && (list.drawn[$0] != nil || value($0) != nil) }
        var drawn: [Int: RaceItem] = [:]
        for id in next { drawn[id] = value(id) ?? list.drawn[id] }
        let updated = next.filter { id in
            guard previous.contains(id), let before = list.drawn[id], let now = value(id) else { return false }
            return before != now
        }
        guard next != previous || !updated.isEmpty else { return }
        lists[at].ids = next
        lists[at].drawn = drawn
        for id in previous where !next.contains(id) && !isPending(id, in: list) && !isWaiting(id, in: list) {
            unbind(id, from: listID)
        }
        frame(at, updated: updated)
        // An edit that brings rows to a list showing none shows its content (more may load),
        // one that takes its last row away the empty screen; one drawn on a list showing a
        // failed load's error (its rows landed before a load begun meanwhile failed) shows
        // the content or the empty screen its rows make.
        guard let at = position(ofList: listID) else { return }
        switch lists[at].displayed {
        case .empty, .content, .error: lists[at].displayed = lists[at].ids.isEmpty ? .empty : .content
        case .blank, .loading, .refreshing: break
        }
    }
}

extension ListModelEdit.Kind {
    var isInsert: Bool { if case .insert = self { true } else { false } }
}
