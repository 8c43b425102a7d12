/// One colour of `demo store list-star`, held once by its number in a ``ContentStore`` and shown
/// by every list that names it.
struct ListedColor: Identifiable, Sendable, Equatable {
    /// The colour's number in the palette, from 1: its identity on every list.
    let id: Int
    /// The colour.
    let row: ColorRow
    /// Whether the user starred it, as the server or a pending write says.
    var starred = false

    /// `2 #A0522D sienna ★`: one row of a list.
    var line: String { "\(id) \(row.hex) \(row.name)\(starred ? " ★" : "")" }
}
