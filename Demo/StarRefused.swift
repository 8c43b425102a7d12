/// The simulated server's refusal of a star write in `demo store star-fails`.
struct StarRefused: Error, CustomStringConvertible {
    var description: String { "the server refused the star" }
}
