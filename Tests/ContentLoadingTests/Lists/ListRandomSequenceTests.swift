import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Random sequences of list responses (reordered, shrunk, grown, with repeated ids), writes,
/// optimistic writes and their rollbacks, removals, on two lists sharing a store: after every step each list
/// shows exactly its last response's ids, once each, with the store's value of each item, and every
/// difference its renderer was handed took the snapshot before to the snapshot after.
@MainActor
@Suite("Lists follow random sequences", .timeLimit(.minutes(1)), .hangLimit)
struct ListRandomSequenceTests {
    static let ids = ["a", "b", "c", "d", "e", "f"]

    @Test(arguments: 0..<8)
    func everyStepAgreesWithTheResponsesAndTheStore(run: Int) async {
        var random = SeededGenerator(seed: SeededGenerator.seed(base: 0x4c15, index: run))
        let clock = ManualClock()
        let store = ContentStore<String, Colour>(staleAfter: .never, clock: clock) { Colour($0) }
        let calls = [GatedCalls<[Colour]>(), GatedCalls<[Colour]>()]
        let screens = calls.map { calls in ListScreen(ListDataSource(store: store) { try await calls.call() }) }
        var answered: [[String]] = [[], []]
        for step in 0..<60 {
            let which = Int.random(in: 0..<2, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                // A response: some ids, in some order, one of them perhaps twice.
                var ids = Self.ids.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random)).map { $0 }
                if let first = ids.first, random.chance(30) { ids.append(first) }
                let response = ids.map { Colour($0, "\($0)\(step)") }
                let index = calls[which].count
                screens[which].dataSource.loadContent()
                await eventually { calls[which].count > index }
                calls[which].gate(index).open(returning: response)
                await eventually { !screens[which].dataSource.loadingCoordinator.isLoading }
                var seen = Set<String>()
                answered[which] = ids.filter { seen.insert($0).inserted }
            case 1:
                let id = Self.ids.randomElement(using: &random)!
                store.write(Colour(id, "w\(step)"), for: id)
            case 2:
                let id = Self.ids.randomElement(using: &random)!
                let write = store.perform(
                    "Star", on: id, change: { $0.starred.toggle() },
                    request: {
                        try await Task.sleep(for: .seconds(3600))
                        return nil
                    })
                write.cancel()  // applied, then rolled back: two draws of the same row
            case 3:
                let id = Self.ids.randomElement(using: &random)!
                let shown = answered.contains { $0.contains(id) }
                #expect(store.removeValue(for: id) == !shown, "step \(step): a shown item is never removed")
            default:
                let id = Self.ids.randomElement(using: &random)!
                store.write(store.value(for: id) ?? Colour(id), for: id)  // equal: draws nothing
            }
            for (index, screen) in screens.enumerated() {
                let list = screen.dataSource
                #expect(list.snapshot.ids == answered[index], "step \(step): the last response's ids, once each")
                #expect(screen.renderer.ids == list.snapshot.ids, "step \(step): the renderer has the snapshot")
                for id in list.snapshot.ids {
                    #expect(list.item(id) == store.value(for: id), "step \(step): row \(id) shows the store's item")
                }
                #expect(list.hasContent == !list.snapshot.isEmpty)
            }
        }
    }
}
