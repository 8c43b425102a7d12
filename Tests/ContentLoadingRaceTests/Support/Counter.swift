/// A count a main-actor closure can bump and a test can read.
@MainActor
final class Counter {
    var count = 0
}
