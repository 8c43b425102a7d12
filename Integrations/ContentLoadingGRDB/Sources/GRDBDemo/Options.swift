/// The demo's options for a run, from its arguments (see ``DemoCommand``).
struct Options: Equatable {
    /// The database file (created if absent).
    var path: String
    /// Whether the simulated network is off.
    var isOffline = false
    /// The simulated network's answer time.
    var latency: Duration = .milliseconds(300)
    /// A new message to write, optimistically: shown at once, kept in the database until sent.
    var write: String?
    /// The article to star (`grdb-demo feed` only), optimistically: shown at once, kept in the
    /// database until sent.
    var star: Int?
}
