/// An error a race test fails a load with on purpose; its number tells loads apart.
struct RaceError: Error, Hashable, CustomStringConvertible {
    let id: Int
    init(_ id: Int) { self.id = id }
    var description: String { "RaceError(\(id))" }
}
