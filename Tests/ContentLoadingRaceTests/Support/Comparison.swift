/// The disagreements a lane's comparison finds between its live system and its reference model
/// after a step, field by field: what ``RaceLane/compare(_:with:answers:)`` returns.
struct Comparison<Field: Hashable> {
    /// Every disagreement recorded, in the order found.
    private(set) var problems: [RaceHarness.Problem<Field>] = []

    /// Records a disagreement in `field` unless the live value equals the model's.
    mutating func expect<Value: Equatable>(_ field: Field, _ live: Value, _ model: Value) {
        if live != model { report(field, "live \(live), model \(model)") }
    }

    /// Records a disagreement in `field` unless the two logs are equal, showing both from the
    /// first entry where they part.
    mutating func expectLog<Entry: Equatable>(_ field: Field, _ live: [Entry], _ model: [Entry]) {
        guard live != model else { return }
        let common = zip(live, model).prefix { $0 == $1 }.count
        report(field, "from entry \(common): live \(live.dropFirst(common)), model \(model.dropFirst(common))")
    }

    /// Records a disagreement in `field`, described by `detail`.
    mutating func report(_ field: Field, _ detail: String) {
        problems.append(RaceHarness.Problem(field: field, detail: detail))
    }

    /// Records each watched object still alive as a disagreement in `field`, named as watched.
    mutating func expectFreed(_ field: Field, _ watched: [RaceHarness.Watched]) {
        let alive = watched.filter { $0.object != nil }.map(\.name)
        if !alive.isEmpty { report(field, "\(alive) alive") }
    }
}
