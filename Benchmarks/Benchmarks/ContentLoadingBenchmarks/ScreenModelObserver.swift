import Benchmark
import ContentLoading
import Observation

/// One observer of a `ScreenModel`: it tracks every property with `withObservationTracking`
/// and re-arms inside each notification, so it hears of every change. (A SwiftUI view re-arms
/// when it re-renders instead; the tracking itself is Observation's, and costs the same.)
@MainActor
final class ScreenModelObserver {
    let model: ScreenModel
    /// The notifications heard so far.
    private(set) var notifications = 0

    init(_ model: ScreenModel) {
        self.model = model
        observe()
    }

    private func observe() {
        withObservationTracking {
            blackHole(model.screen)
            blackHole(model.isLoading)
            blackHole(model.refreshFailure)
        } onChange: { [weak self] in
            // The model is written on the main actor; this runs inside the write.
            MainActor.assumeIsolated {
                guard let self else { return }
                self.notifications += 1
                self.observe()
            }
        }
    }
}
