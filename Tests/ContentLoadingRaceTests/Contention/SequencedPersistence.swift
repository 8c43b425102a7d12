import ContentLoading

/// The store's values in memory, with each key's writes and changes numbered on the
/// ``ContentionSequence`` that numbers fetch calls, so that a stored result can be checked
/// against the writes and invalidations that came after its fetch was called.
@MainActor
final class SequencedPersistence: ContentStorePersistence {
    private let sequence: ContentionSequence
    private var values: [String: String] = [:]
    /// The sequence number of each key's latest write or invalidation by the app.
    private var changedAt: [String: Int] = [:]
    /// Fetched results stored after a change of their key that came after their call.
    private(set) var supersededWrites: [String] = []
    /// How many fetched results were stored.
    private(set) var fetchedWrites = 0

    init(sequence: ContentionSequence) { self.sequence = sequence }

    /// The app is about to write or invalidate `key`.
    func noteChange(of key: String) { changedAt[key] = sequence.next() }

    func read(_ key: String) -> String? { values[key] }

    func write(_ value: String, for key: String) {
        values[key] = value
        // A fetched value is `key#N`, N its call's number; a written one has no `#`.
        guard let mark = value.firstIndex(of: "#"), let called = Int(value[value.index(after: mark)...]) else { return }
        fetchedWrites += 1
        if let changed = changedAt[key], called < changed { supersededWrites.append(value) }
    }

    func remove(_ key: String) { values[key] = nil }
}
