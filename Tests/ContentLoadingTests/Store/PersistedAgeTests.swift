import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A persistence that keeps values across launches says how old each is
/// (`ContentStorePersistence.readWithAge(_:)`), and the store judges a value it did not store
/// this run by that age.
@MainActor
@Suite("Persisted age", .timeLimit(.minutes(1)), .hangLimit)
struct PersistedAgeTests {
    let clock = ManualClock()

    func makeStore(_ persistence: AgedPersistence) -> ContentStore<String, String> {
        ContentStore(staleAfter: .after(.seconds(60)), persistence: persistence, clock: clock) { _ in "fetched" }
    }

    @Test func aYoungPersistedValueIsFreshUntilItsAgeReachesTheStaleness() {
        let persistence = AgedPersistence()
        persistence.values["a"] = ("disk", .seconds(50))
        let store = makeStore(persistence)
        #expect(store.value(for: "a") == "disk")
        #expect(!store.isStale("a"))
        clock.advance(by: .seconds(9))
        #expect(!store.isStale("a"))
        clock.advance(by: .seconds(1))
        #expect(store.isStale("a"), "50 s old when read, 10 s later it is 60 s old")
    }

    @Test func anOldPersistedValueIsStale() {
        let persistence = AgedPersistence()
        persistence.values["a"] = ("disk", .seconds(61))
        let store = makeStore(persistence)
        #expect(store.value(for: "a") == "disk")
        #expect(store.isStale("a"))
    }

    @Test func aPersistedValueOfUnknownOrNegativeAgeIsStale() {
        let persistence = AgedPersistence()
        persistence.values["unknown"] = ("disk", nil)
        persistence.values["future"] = ("disk", .seconds(-5))
        let store = makeStore(persistence)
        #expect(store.value(for: "unknown") == "disk")
        #expect(store.value(for: "future") == "disk")
        #expect(store.isStale("unknown"))
        #expect(store.isStale("future"), "stored in the future: the clock was set back")
    }

    @Test func aPersistenceWithoutAgesStillWorks() {
        let persistence = MemoryPersistence<String, String>()
        persistence.write("disk", for: "a")
        #expect(persistence.readWithAge("a")?.value == "disk")
        #expect(persistence.readWithAge("a")?.age == nil)
        #expect(persistence.readWithAge("b") == nil)
    }
}

/// Values with the ages a persistence kept from an earlier launch would report.
@MainActor
final class AgedPersistence: ContentStorePersistence {
    var values: [String: (value: String, age: Duration?)] = [:]

    func read(_ key: String) -> String? { values[key]?.value }
    func readWithAge(_ key: String) -> (value: String, age: Duration?)? { values[key] }
    func write(_ value: String, for key: String) { values[key] = (value, .zero) }
    func remove(_ key: String) { values[key] = nil }
}
