import Observation

/// Records, each time Observation says what `read` reads has changed, the value `observe` reads
/// then: a test compares the values heard, never how many notifications came.
@MainActor
final class ObservedReads<Value> {
    private let read: @MainActor () -> Void
    private let observe: @MainActor () -> Value
    /// The values `observe` read at each notification, in order.
    private(set) var heard: [Value] = []

    init(_ read: @escaping @MainActor () -> Void, recording observe: @escaping @MainActor () -> Value) {
        self.read = read
        self.observe = observe
        arm()
    }

    private func arm() {
        withObservationTracking {
            read()
        } onChange: { [weak self] in
            // Every observed change in these tests is made on the main actor.
            MainActor.assumeIsolated {
                guard let self else { return }
                self.heard.append(self.observe())
                self.arm()
            }
        }
    }
}
