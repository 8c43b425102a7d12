/// The order of a ``ListDataSource``'s rows: the server's order as last landed, with the list's
/// edits on top, as a key's value is its committed value with its pending writes on top.
///
/// A pure value: the list asks it for the ids to show and tells it what happened. An edit shows
/// from the moment it is made. One that commits becomes part of the server's order once every
/// edit made before it settled (until then it stays where it is among them, so that nothing
/// shown moves as it commits); one that fails is dropped. A response lands as the new server's order, with the pending edits on top
/// and the edits that committed after its request began applied again (the server may have
/// answered before it made them): a stale answer never undoes an edit.
struct ListEdits<ID: Hashable & Sendable> {
    /// One edit of the order.
    enum Change: Equatable {
        /// A row joins at an offset (at the end when the list is shorter).
        case insert(ID, at: Int)
        /// A row leaves.
        case remove(ID)
        /// A row changes place, to an offset (the end when the list is shorter).
        case move(ID, to: Int)

        /// The id of the row the edit changes.
        var id: ID {
            switch self {
            case .insert(let id, _), .remove(let id), .move(let id, _): id
            }
        }

        /// The same edit of the row `new`, when it is of the row `old`.
        func rekeyed(_ old: ID, to new: ID) -> Change {
            guard id == old else { return self }
            return switch self {
            case .insert(_, let offset): .insert(new, at: offset)
            case .remove: .remove(new)
            case .move(_, let offset): .move(new, to: offset)
            }
        }

        /// Applies the edit to `ids`: an insert of an id they have, and a remove or a move of
        /// one they lack, change nothing.
        func apply(to ids: inout [ID]) {
            switch self {
            case .insert(let id, let offset):
                guard !ids.contains(id) else { return }
                ids.insert(id, at: min(max(offset, 0), ids.count))
            case .remove(let id):
                ids.removeAll { $0 == id }
            case .move(let id, let offset):
                guard let from = ids.firstIndex(of: id) else { return }
                ids.remove(at: from)
                ids.insert(id, at: min(max(offset, 0), ids.count))
            }
        }
    }

    /// An edit and its number: the order they were made and settled in.
    struct Numbered {
        let number: UInt64
        var change: Change
        /// Whether the edit committed, waiting for the edits made before it to settle.
        var isCommitted = false
    }

    /// The server's order as last landed, with the edits that committed since applied.
    private(set) var base: [ID] = []
    /// The edits not settled yet, in the order they were made, and the committed ones made after
    /// one of them.
    private(set) var pending: [Numbered] = []
    /// The edits that committed, numbered when they did, while a response begun before them may
    /// still land.
    private var committed: [Numbered] = []
    /// The number of the last edit made or settled: a response's mark is the number when its
    /// request began.
    private(set) var mark: UInt64 = 0

    /// Whether the order shown may differ from the last response's: an edit is pending or
    /// applied again over it.
    var isEdited: Bool { !pending.isEmpty || !committed.isEmpty }

    /// The ids to show: the server's order with the pending edits on top.
    var ids: [ID] {
        guard !pending.isEmpty else { return base }
        var ids = base
        for edit in pending { edit.change.apply(to: &ids) }
        return ids
    }

    /// Whether an edit of `id` is pending.
    func isPending(_ id: ID) -> Bool { pending.contains { $0.change.id == id && !$0.isCommitted } }

    /// Whether an edit is pending: one not settled yet.
    var hasPendingEdits: Bool { pending.contains { !$0.isCommitted } }

    /// Makes an edit; returns its number.
    mutating func add(_ change: Change) -> UInt64 {
        mark &+= 1
        pending.append(Numbered(number: mark, change: change))
        return mark
    }

    /// Edit `number` committed: it joins the server's order. An insert whose row the server gave
    /// the id `server` commits under it, and every pending edit of its row is of `server` now.
    mutating func commit(_ number: UInt64, as server: ID? = nil) {
        guard let index = pending.firstIndex(where: { $0.number == number }) else { return }
        pending[index].isCommitted = true
        if let server {
            let old = pending[index].change.id
            for index in pending.indices { pending[index].change = pending[index].change.rekeyed(old, to: server) }
        }
        mark &+= 1
        fold()
    }

    /// Edit `number` failed or was cancelled: it shows no more.
    mutating func drop(_ number: UInt64) {
        pending.removeAll { $0.number == number }
        mark &+= 1
        fold()
    }

    /// Moves the committed edits that no pending edit was made before into the server's order,
    /// in the order they were made.
    private mutating func fold() {
        while let first = pending.first, first.isCommitted {
            pending.removeFirst()
            first.change.apply(to: &base)
            committed.append(Numbered(number: mark, change: first.change))
        }
    }

    /// Lands a response whose request began at `mark`: its order is the server's, with the edits
    /// committed after the request began applied again.
    mutating func land(_ response: [ID], since mark: UInt64) {
        base = response
        committed.removeAll { $0.number <= mark }
        for edit in committed { edit.change.apply(to: &base) }
    }

    /// Makes room for `count` ids in the server's order, in a buffer of its own (a response's ids
    /// are shared with the snapshot that shows them until then).
    mutating func reserveCapacity(_ count: Int) {
        base.reserveCapacity(count)
    }

    /// Lands a page whose request began at `mark` at the end of the server's order, less the
    /// rows a remove that committed after the request began took out (the server may have
    /// answered before it made it). The caller leaves out the ids the order holds already, so
    /// an insert or a move that committed since has nothing of the page to change. As with a
    /// response, no request begun before `mark` is in flight any more: edits committed before
    /// it are forgotten.
    mutating func append(_ page: [ID], since mark: UInt64) {
        var page = page
        committed.removeAll { mark >= $0.number }
        for edit in committed {
            if case .remove = edit.change { edit.change.apply(to: &page) }
        }
        base += page
    }
}
