/// A count kept on the main actor, for results a benchmark accepted.
@MainActor
final class Counter {
    var value = 0
}
