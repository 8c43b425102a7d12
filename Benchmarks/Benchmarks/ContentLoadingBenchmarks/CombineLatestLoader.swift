import OpenCombine

/// The Combine answer to latest-wins: each load is an inner publisher sent to a subject,
/// and `switchToLatest` forwards values from the newest one only.
@MainActor
final class CombineLatestLoader {
    private let loads = PassthroughSubject<AnyPublisher<Int, Never>, Never>()
    private var subscription: AnyCancellable?
    /// The number of results that reached the subscriber.
    private(set) var delivered = 0
    /// What the subscriber does with each result, after counting it.
    var onValue: (@MainActor (Int) -> Void)?

    init() {
        subscription = loads.switchToLatest().sink { [unowned self] value in
            delivered += 1
            onValue?(value)
        }
    }

    /// Begins a load whose result is `inner`'s next value.
    func begin(_ inner: AnyPublisher<Int, Never>) {
        loads.send(inner)
    }
}
