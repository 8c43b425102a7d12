/// What changed between two snapshots of a list: the ids removed, inserted, moved and updated,
/// as a table or collection view applies them in one batch of updates.
///
/// Offsets follow a batch update's rules: a removal's and a move's `from` are offsets in the
/// snapshot before, an insertion's and a move's `to` offsets in the snapshot after. Ids neither
/// removed nor moved keep their order. An update is a reconfigure: the id stays where it is (or
/// where its move takes it) and its row is drawn again with the new value, never a removal and an
/// insertion.
///
/// With `NSDiffableDataSourceSnapshot` an app applies the snapshot after and reconfigures
/// ``updated``; with `performBatchUpdates` it applies the offsets; a SwiftUI `List` needs only
/// the snapshot, whose ids are stable.
public struct ListDifference<ID: Hashable & Sendable>: Sendable, Equatable {
    /// An id that left the list, with its offset in the snapshot before.
    public struct Removal: Sendable, Hashable {
        /// The id removed.
        public let id: ID
        /// Its offset in the snapshot before.
        public let offset: Int

        /// A removal of the id at the offset.
        public init(id: ID, offset: Int) {
            self.id = id
            self.offset = offset
        }
    }

    /// An id that joined the list, with its offset in the snapshot after.
    public struct Insertion: Sendable, Hashable {
        /// The id inserted.
        public let id: ID
        /// Its offset in the snapshot after.
        public let offset: Int

        /// An insertion of the id at the offset.
        public init(id: ID, offset: Int) {
            self.id = id
            self.offset = offset
        }
    }

    /// An id that changed place, with its offsets before and after.
    public struct Move: Sendable, Hashable {
        /// The id moved.
        public let id: ID
        /// Its offset in the snapshot before.
        public let from: Int
        /// Its offset in the snapshot after.
        public let to: Int

        /// A move of the id from one offset to another.
        public init(id: ID, from: Int, to: Int) {
            self.id = id
            self.from = from
            self.to = to
        }
    }

    /// The ids removed, by increasing offset before.
    public let removals: [Removal]
    /// The ids inserted, by increasing offset after.
    public let insertions: [Insertion]
    /// The ids moved, by increasing offset after.
    public let moves: [Move]
    /// The ids in both snapshots whose values changed, in the order of the snapshot after.
    public let updated: [ID]

    /// A difference that changes nothing.
    public init() {
        self.init(removals: [], insertions: [], moves: [], updated: [])
    }

    init(removals: [Removal], insertions: [Insertion], moves: [Move], updated: [ID]) {
        self.removals = removals
        self.insertions = insertions
        self.moves = moves
        self.updated = updated
    }

    /// The difference that updates the ids, in this order, and moves nothing.
    ///
    /// Its cost is the ids', not the list's: this is how one item's change is told.
    public init(updating ids: [ID]) {
        self.init(removals: [], insertions: [], moves: [], updated: ids)
    }

    /// The difference that inserts `ids` at the end of a snapshot of `count` ids: a page's rows
    /// joining a list, told at the cost of the page, not the list's.
    init(appending ids: some Sequence<ID>, after count: Int) {
        let insertions = ids.enumerated().map { Insertion(id: $0.element, offset: count + $0.offset) }
        self.init(removals: [], insertions: insertions, moves: [], updated: [])
    }

    /// The difference from one snapshot to another, with the ids whose values changed.
    ///
    /// Ids in `updated` that are not in both snapshots are left out (a removed or inserted row
    /// has nothing to reconfigure). Moves are as few as the order allows: the ids that keep
    /// their order form the longest run of the old order the new one keeps.
    public init(from old: ListSnapshot<ID>, to new: ListSnapshot<ID>, updated: Set<ID> = []) {
        var removals: [Removal] = []
        for (offset, id) in old.ids.enumerated() where !new.contains(id) {
            removals.append(Removal(id: id, offset: offset))
        }
        var insertions: [Insertion] = []
        // The ids both snapshots show, in the new order, with their offsets before and after.
        var kept: [(id: ID, from: Int, to: Int)] = []
        kept.reserveCapacity(min(old.count, new.count))
        for (offset, id) in new.ids.enumerated() {
            if let from = old.offset(of: id) {
                kept.append((id, from, offset))
            } else {
                insertions.append(Insertion(id: id, offset: offset))
            }
        }
        let staying = Self.longestIncreasingRun(of: kept.map(\.from))
        var moves: [Move] = []
        for (index, entry) in kept.enumerated() where !staying[index] {
            moves.append(Move(id: entry.id, from: entry.from, to: entry.to))
        }
        // In the new order: walking the smaller of the set and the list.
        var updatedIDs: [ID]
        if updated.count < new.count / 8 {
            updatedIDs = updated.filter { old.contains($0) && new.contains($0) }
            updatedIDs.sort { new.offset(of: $0)! < new.offset(of: $1)! }
        } else {
            updatedIDs = new.ids.filter { updated.contains($0) && old.contains($0) }
        }
        self.init(removals: removals, insertions: insertions, moves: moves, updated: updatedIDs)
    }

    /// Whether the difference changes nothing.
    public var isEmpty: Bool {
        removals.isEmpty && insertions.isEmpty && moves.isEmpty && updated.isEmpty
    }

    /// The ids after the difference is applied to the ids before, or `nil` when its offsets do
    /// not fit them (a difference taken from other snapshots).
    public func applied(to old: [ID]) -> [ID]? {
        let count = old.count - removals.count + insertions.count
        guard count >= 0 else { return nil }
        var leaving = Set<Int>()
        for removal in removals {
            guard old.indices.contains(removal.offset), old[removal.offset] == removal.id,
                leaving.insert(removal.offset).inserted
            else { return nil }
        }
        var result = [ID?](repeating: nil, count: count)
        for move in moves {
            guard old.indices.contains(move.from), old[move.from] == move.id, leaving.insert(move.from).inserted,
                result.indices.contains(move.to), result[move.to] == nil
            else { return nil }
            result[move.to] = move.id
        }
        for insertion in insertions {
            guard result.indices.contains(insertion.offset), result[insertion.offset] == nil else { return nil }
            result[insertion.offset] = insertion.id
        }
        var next = result.startIndex
        for (offset, id) in old.enumerated() where !leaving.contains(offset) {
            while next < result.endIndex, result[next] != nil { next += 1 }
            guard next < result.endIndex else { return nil }
            result[next] = id
        }
        return result.map { $0! }
    }

    /// Marks the entries of the longest strictly increasing run of `values` (patience sorting:
    /// O(n log n), and O(n) when the values are already in order).
    static func longestIncreasingRun(of values: [Int]) -> [Bool] {
        var staying = [Bool](repeating: false, count: values.count)
        guard !values.isEmpty else { return staying }
        // tails[k]: the index of the smallest last value of a run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        tails.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            if let last = tails.last, values[last] < value {
                previous[index] = last
                tails.append(index)
                continue
            }
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            previous[index] = low > 0 ? tails[low - 1] : -1
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var index = tails[tails.count - 1]
        while index >= 0 {
            staying[index] = true
            index = previous[index]
        }
        return staying
    }
}

extension ListDifference: CustomStringConvertible {
    /// The changes, as `-a +b ~c >d` (removed, inserted, updated, moved), or `none`.
    public var description: String {
        var parts: [String] = []
        parts += removals.map { "-\($0.id)" }
        parts += insertions.map { "+\($0.id)" }
        parts += moves.map { ">\($0.id)" }
        parts += updated.map { "~\($0)" }
        return parts.isEmpty ? "none" : parts.joined(separator: " ")
    }
}
