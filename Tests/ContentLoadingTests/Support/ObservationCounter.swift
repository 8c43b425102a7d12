import Observation

/// Counts the notifications Observation sends for whatever `read` reads, as a SwiftUI view that
/// reads the same would re-render.
///
/// It re-arms inside each `onChange` (which runs inside the change, on the main actor here), so
/// a second notification for the same change would be counted too.
@MainActor
final class ObservationCounter {
    private let read: @MainActor () -> Void
    private var count = 0

    init(_ read: @escaping @MainActor () -> Void) {
        self.read = read
        arm()
    }

    /// The notifications since the last call.
    func drain() -> Int {
        defer { count = 0 }
        return count
    }

    private func arm() {
        withObservationTracking {
            read()
        } onChange: { [weak self] in
            // Every observed change in these tests is made on the main actor.
            MainActor.assumeIsolated {
                self?.count += 1
                self?.arm()
            }
        }
    }
}
