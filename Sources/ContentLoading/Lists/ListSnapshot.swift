/// The ids of a list in the order one draw shows them, each id once.
///
/// A diffable data source refuses a snapshot that names an id twice, so a snapshot never does:
/// made from a sequence that repeats an id, it keeps the first and reports the later copies in
/// ``duplicates``.
///
/// ```swift
/// let snapshot = ListSnapshot(["red", "green", "red"])
/// snapshot.ids         // ["red", "green"]
/// snapshot.duplicates  // ["red"]
/// ```
public struct ListSnapshot<ID: Hashable & Sendable>: Sendable, Equatable {
    /// The ids in the order the list shows them, each once.
    public private(set) var ids: [ID]
    /// The ids the sequence repeated and the snapshot left out, one entry per left-out copy.
    public private(set) var duplicates: [ID]
    /// Where each id is in ``ids``.
    private(set) var offsets: [ID: Int]

    /// A snapshot of the ids, in order, keeping the first of any id the sequence repeats.
    public init(_ ids: some Sequence<ID>) {
        var kept: [ID] = []
        var duplicates: [ID] = []
        var offsets: [ID: Int] = [:]
        kept.reserveCapacity(ids.underestimatedCount)
        offsets.reserveCapacity(ids.underestimatedCount)
        for id in ids {
            if offsets[id] == nil {
                offsets[id] = kept.count
                kept.append(id)
            } else {
                duplicates.append(id)
            }
        }
        self.ids = kept
        self.duplicates = duplicates
        self.offsets = offsets
    }

    /// Appends `ids` after the ids shown, keeping the first of any id already shown or repeated:
    /// a page's rows joining the list, at the cost of the page's ids, not the list's.
    mutating func append(contentsOf ids: some Sequence<ID>) {
        for id in ids {
            guard offsets[id] == nil else {
                duplicates.append(id)
                continue
            }
            offsets[id] = self.ids.count
            self.ids.append(id)
        }
    }

    /// Makes room for `count` ids in all, in a buffer of the snapshot's own: the ids appended
    /// up to then are not copied again (see ``append(contentsOf:)``).
    mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        offsets.reserveCapacity(count)
    }

    /// A snapshot with no ids.
    public init() {
        self.init(EmptyCollection())
    }

    /// Whether the list shows no ids.
    public var isEmpty: Bool { ids.isEmpty }

    /// How many ids the list shows.
    public var count: Int { ids.count }

    /// Whether the list shows the id.
    public func contains(_ id: ID) -> Bool { offsets[id] != nil }

    /// The id's position in ``ids``, or `nil` when the list does not show it.
    public func offset(of id: ID) -> Int? { offsets[id] }

    /// Two snapshots are equal when they show the same ids in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.ids == rhs.ids }
}

extension ListSnapshot: CustomStringConvertible {
    /// The ids in order, as `[a, b, c]`.
    public var description: String { "[\(ids.map { "\($0)" }.joined(separator: ", "))]" }
}
