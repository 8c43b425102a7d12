/// An item of the lists lane: an id, a title a list's response or a store write gives it, and
/// the stars optimistic writes add.
struct RaceItem: Identifiable, Sendable, Equatable, CustomStringConvertible {
    let id: Int
    var title: String
    var stars = 0

    var description: String { "\(id):\(title)" + String(repeating: "*", count: stars) }
}
