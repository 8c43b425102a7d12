import Benchmark
import Observation

/// The floor under a `ScreenModel`'s notifications: an `@Observable` object with one integer,
/// written with or without one observer that re-arms at each notification, as
/// ``ScreenModelObserver`` does. What it costs is Observation's, and every `@Observable` model
/// pays it.
@Observable
@MainActor
final class ObservedCounter {
    var value = 0
    /// The notifications heard so far.
    @ObservationIgnored private(set) var notifications = 0

    /// Observes ``value`` from now on.
    func observe() {
        withObservationTracking {
            blackHole(value)
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.notifications += 1
                self.observe()
            }
        }
    }
}
