/// An edit of a list's rows in ``ListReferenceModel``: an insert, a remove, a move, or a star
/// on a new row, with its request.
struct ListModelEdit {
    enum Kind: Equatable {
        case insert(at: Int)
        case remove
        case move(to: Int)
        /// A write on the row's item (not an edit of the order).
        case star
    }

    enum State: Equatable { case pending, committed, dropped }

    /// Its request's number, among every list's edits: the gate it waits on.
    let number: Int
    let kind: Kind
    /// The row's id: a temporary one until its insert commits.
    var id: Int
    /// Whether its request was sent (one made on a temporary id waits for the server's).
    var isSent: Bool
    var isAnswered = false
    var state = State.pending
    /// The list's edit mark when it became part of the server's order (committed, every edit
    /// made before it settled); a response whose request took a smaller mark lands it again.
    var foldMark: Int?
    /// The insert it waits on, by number.
    var waitsOn: Int?

    /// Applies the edit of the order to `ids`: an insert of an id they have, and a remove or a
    /// move of one they lack, change nothing.
    func apply(to ids: inout [Int]) {
        switch kind {
        case .insert(let offset):
            guard !ids.contains(id) else { return }
            ids.insert(id, at: min(max(offset, 0), ids.count))
        case .remove:
            ids.removeAll { $0 == id }
        case .move(let offset):
            guard let from = ids.firstIndex(of: id) else { return }
            ids.remove(at: from)
            ids.insert(id, at: min(max(offset, 0), ids.count))
        case .star:
            break
        }
    }
}
