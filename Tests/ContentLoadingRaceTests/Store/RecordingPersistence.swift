import ContentLoading

/// The store's values, kept in memory, with every write recorded (to see that no superseded
/// response was ever stored, even for a moment).
@MainActor
final class RecordingPersistence: ContentStorePersistence {
    private(set) var values: [String: String] = [:]
    private(set) var written: [String] = []

    func read(_ key: String) -> String? { values[key] }
    func write(_ value: String, for key: String) {
        values[key] = value
        written.append(value)
    }
    func remove(_ key: String) { values[key] = nil }
}
