import ContentLoading
import ContentLoadingGRDB

/// A store's SQLite persistence that calls `probe` with each value just after storing it: what
/// the file holds at that moment is what a kill then would leave.
@MainActor
final class ProbingPersistence: ContentStorePersistence {
    let stored: SQLitePersistence<String, String>
    var probe: (String) -> Void = { _ in }

    init(_ stored: SQLitePersistence<String, String>) { self.stored = stored }

    func read(_ key: String) -> String? { stored.read(key) }
    func readWithAge(_ key: String) -> (value: String, age: Duration?)? { stored.readWithAge(key) }
    func remove(_ key: String) { stored.remove(key) }

    func write(_ value: String, for key: String) {
        stored.write(value, for: key)
        probe(value)
    }
}
