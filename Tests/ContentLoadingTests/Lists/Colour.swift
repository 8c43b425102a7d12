/// An item of the lists under test: a colour, its name and whether it is starred.
struct Colour: Identifiable, Equatable, Sendable, CustomStringConvertible {
    let id: String
    var name: String
    var starred = false

    init(_ id: String, _ name: String? = nil, starred: Bool = false) {
        self.id = id
        self.name = name ?? id.uppercased()
        self.starred = starred
    }

    var description: String { name + (starred ? "★" : "") }
}
