import ContentLoading
import ContentLoadingTestSupport
import Testing

/// `invalidate(where:)` with a predicate that uses the store: it may remove a key, write one
/// into the slot a removed key freed, or write one that evicts another, and the store asks it
/// only about keys it still knows, never about a key it did not know when the call began.
@MainActor
@Suite("Invalidating by predicate", .timeLimit(.minutes(1)), .hangLimit)
struct InvalidateWhereTests {
    /// What the predicate does to the store while it is asked about the first key.
    enum Change: CaseIterable, Sendable {
        /// Removes the second and third keys: the store forgets them and nobody writes them again.
        case removes
        /// Removes the second key and writes a new one in its place.
        case writesIntoAFreedSlot
        /// Writes a new key beyond the count limit, which evicts the second (least recently used).
        case evicts
    }

    @Test(arguments: Change.allCases)
    func aPredicateThatChangesTheStoreIsAskedOnlyAboutKeysTheStoreStillKnows(change: Change) {
        let store = ContentStore<String, String>(staleAfter: .never, countLimit: 3, clock: ManualClock()) { $0 }
        for key in ["a", "b", "c"] { store.write(key.uppercased(), for: key) }
        _ = store.value(for: "a")  // "b" is the least recently used
        var asked: [String] = []
        store.invalidate { key in
            asked.append(key)
            guard asked.count == 1 else { return true }
            switch change {
            case .removes:
                store.removeValue(for: "b")
                store.removeValue(for: "c")
            case .writesIntoAFreedSlot:
                store.removeValue(for: "b")
                store.write("X", for: "x")
            case .evicts:
                store.write("X", for: "x")
            }
            return true
        }
        let survivors = change == .removes ? ["a"] : ["a", "c"]
        #expect(asked == survivors, "asked only about the keys known at the call and still known")
        #expect(!store.contains("b"))
        #expect(survivors.allSatisfy { store.isStale($0) }, "every key selected and still known is invalidated")
        if change != .removes {
            #expect(store.value(for: "x") == "X" && !store.isStale("x"), "a key written meanwhile is left alone")
        }
    }
}
