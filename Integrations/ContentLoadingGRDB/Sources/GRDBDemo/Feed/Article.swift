/// An article of the demo's feed, as the simulated server sends it and the feed stores it.
struct Article: Codable, Sendable, Identifiable, Equatable {
    /// The article's number, from 1.
    let id: Int
    /// Its title.
    let title: String
}
