@testable import ContentLoading

/// The edit lane of ``ListLiveSystem``: rows inserted under temporary ids, removed, moved and
/// starred through `ListDataSource`'s editing, each request gated on ``ListLiveSystem/editGates``
/// by the edit's number.
extension ListLiveSystem {
    func performEdit(_ step: ListStep) -> String {
        let gates = editGates
        switch step {
        case .insertRow(let index, let offset):
            guard let at = position(index, in: lists.count), lists[at].paged == nil,
                !lists[at].dataSource.snapshot.isEmpty
            else {
                return "none"
            }
            temporaries += 1
            let temporary = -temporaries
            editsMade += 1
            let number = editsMade
            insertNumbers[temporary] = number
            let edit = lists[at].dataSource.insert(
                "Add \(temporary)", item: RaceItem(id: temporary, title: "draft"), at: offset
            ) {
                guard let created = try await gates.call(number) else { throw RaceError(number) }
                return created
            }
            return record(edit, number, in: at, id: temporary, isInsert: true)
        case .removeRow(let index, let row):
            guard let at = position(index, in: lists.count), lists[at].dataSource.snapshot.count >= 2 else {
                return "none"
            }
            let ids = lists[at].dataSource.snapshot.ids
            editsMade += 1
            let number = editsMade
            let edit = lists[at].dataSource.remove("Delete", id: ids[row % ids.count]) { id in
                _ = try await gates.call(number, sending: id)
            }
            return record(edit, number, in: at, id: ids[row % ids.count], isRemove: true)
        case .moveRow(let index, let row, let offset):
            guard let at = position(index, in: lists.count), lists[at].paged == nil,
                !lists[at].dataSource.snapshot.isEmpty
            else {
                return "none"
            }
            let ids = lists[at].dataSource.snapshot.ids
            editsMade += 1
            let number = editsMade
            let edit = lists[at].dataSource.move("Move", id: ids[row % ids.count], to: offset) { id in
                _ = try await gates.call(number, sending: id)
            }
            return record(edit, number, in: at, id: ids[row % ids.count])
        case .starNewRow(let index):
            guard let at = position(index, in: lists.count), lists[at].paged == nil else { return "none" }
            // The newest insert whose row waits for its server's id (recorded or still drawing).
            let dataSource = lists[at].dataSource
            guard
                let insert = insertNumbers.filter({ dataSource.waitsForServerID($0.key) })
                    .max(by: { $0.value < $1.value }),
                !edits.values.contains(where: { $0.waitsOn == insert.value && $0.isStar })
            else { return "none" }
            editsMade += 1
            let number = editsMade
            let edit = lists[at].dataSource.perform(
                "Star", on: insert.key, change: { $0.stars += 1 },
                request: { id in try await gates.call(number, sending: id) })
            return record(edit, number, in: at, id: insert.key, isStar: true, waitsOn: insert.value)
        case .starDetail:
            // The newest detail, on a pending insert's temporary id with no star waiting yet.
            guard let key = details.last?.dataSource.key, let insert = insertNumbers[key],
                let made = edits[insert], made.edit.isPending,
                let at = lists.firstIndex(where: { $0.id == made.list }),
                !edits.values.contains(where: { $0.waitsOn == insert && $0.isStar })
            else { return "none" }
            editsMade += 1
            let number = editsMade
            let write = store.perform(
                "Star", on: key, ordering: .concurrent, change: { $0.stars += 1 },
                keyedRequest: { id in try await gates.call(number, sending: id) })
            return record(write, number, in: at, id: key, isStar: true, waitsOn: insert)
        case .settleEdit(let which, let settlement):
            let open = edits.values.filter { !$0.isAnswered && editGates.arrived($0.number) }.sorted {
                $0.number < $1.number
            }
            guard let made = which == .oldest ? open.first : open.last else { return "none" }
            edits[made.number]?.isAnswered = true
            let result: Result<RaceItem?, any Error> =
                switch settlement {
                case .commit, .server:
                    .success(made.isInsert ? RaceItem(id: ListReferenceModel.serverID(of: made.id), title: "new") : nil)
                case .fail, .cancel: .failure(RaceError(made.number))
                }
            editGates.answer(made.number, with: result)
            return "edit:\(made.number)"
        case .cancelEdit(let which):
            let pending = edits.values.filter { made in
                guard !made.isAnswered, made.edit.isPending else { return false }
                // A star sent with its row's server id is a store write's: left alone.
                guard made.isStar, let insert = made.waitsOn, case .committed = edits[insert]?.edit.outcome else {
                    return true
                }
                return false
            }
            .sorted { $0.number < $1.number }
            guard let made = which == .oldest ? pending.first : pending.last else { return "none" }
            edits[made.number]?.isAnswered = true
            edits[made.number]?.isCancelled = true
            let cancelled = made.edit.cancel()
            // Its request, if it arrived, gets an answer the edit ignores; one still on its way is
            // answered with the rest at the end.
            if editGates.arrived(made.number) { editGates.answer(made.number, with: .failure(CancellationError())) }
            return (cancelled ? "cancelled " : "refused ") + "\(made.number): " + Self.describe(made.edit.outcome)
        default:
            return "none"
        }
    }

    /// Records edit `number` of list `at`'s row `id`: one on a pending insert's row waits for it.
    private func record(
        _ edit: any RaceEdit, _ number: Int, in at: Int, id: Int, isInsert: Bool = false,
        isRemove: Bool = false, isStar: Bool = false, waitsOn insert: Int? = nil
    ) -> String {
        // A star names its insert: one cancelled from inside the star's draw no longer waits.
        let waits = !isInsert && lists[at].dataSource.waitsForServerID(id)
        edits[number] = MadeEdit(
            number: number, list: lists[at].id, edit: edit, id: id, isInsert: isInsert, isRemove: isRemove,
            isStar: isStar,
            waitsOn: insert ?? (waits ? insertNumbers[id] : nil))
        return "edit \(number)"
    }

    /// How edit `number` settled, and the id its request was handed.
    func editAnswer(_ number: Int) -> String {
        let outcome = Self.describe(edits[number]?.edit.outcome)
        guard let id = editGates.sentID(number) else { return outcome }
        return outcome + " via \(id)"
    }

    /// Whether every edit's request that should have arrived did, and every answered edit settled.
    var editsAreSettled: Bool {
        edits.values.allSatisfy { made in
            if made.isAnswered, made.edit.isPending { return false }
            if made.isCancelled { return true }
            // Settled unsent: its row's insert was cancelled from inside its draw.
            if !made.edit.isPending, !editGates.arrived(made.number) { return true }
            guard let insert = made.waitsOn else { return editGates.arrived(made.number) }
            guard case .committed = edits[insert]?.edit.outcome else { return true }
            return editGates.arrived(made.number)
        }
    }

    /// A list whose last edit settled reloaded: its request begins.
    func noteReloads() {
        for at in lists.indices {
            let isEditing = lists[at].dataSource.isEditing
            // A paged list keeps its pages: it does not reload.
            if lists[at].isEditing, !isEditing, lists[at].paged == nil { lists[at].begun += 1 }
            lists[at].isEditing = isEditing
        }
    }

    /// What the edits broke: a row shown while its remove is pending.
    var editViolations: [String] {
        edits.values.compactMap { made in
            guard made.isRemove, made.edit.isPending, let list = lists.first(where: { $0.id == made.list }) else {
                return nil
            }
            var id = made.id
            if id < 0, let insert = edits.values.first(where: { $0.isInsert && $0.id == id }),
                case .committed = insert.edit.outcome
            {
                id = ListReferenceModel.serverID(of: id)
            }
            return list.dataSource.snapshot.contains(id)
                ? "list \(list.id) shows \(id) while its remove is pending" : nil
        }
    }
}
