import ContentLoading
import ContentLoadingTestSupport
import Synchronization

/// `load { } commit:` awaited, `loads` times, for callgrind counting the whole program (the work
/// runs on other threads): instructions per load are the difference between two runs of
/// different lengths, divided by the difference in loads (docs/Benchmarks.md, "Retry").
///
/// `policy`: `never` (no retry policy), `standard` (`.standard`, the work succeeds at once), or
/// `retries`, up to three retries due at once on the wrapper's manual clock, with `failures`
/// failed attempts before each load's work succeeds.
@MainActor
func profileAsyncLoads(_ loads: Int, policy name: String, failures: Int) async {
    let policy: RetryPolicy =
        switch name {
        case "standard": .standard
        case "retries": RetryPolicy(maxAttempts: 4, baseDelay: .zero, jitter: 0)
        default: .never
        }
    let dataSource = FlagDataSource()
    let wrapper = ContentWrapper(
        content: NoOpRenderer(), loading: NoOpRenderer(), empty: NoOpRenderer(), error: NoOpRenderer(),
        policy: .immediate, clock: ManualClock())
    let host = FixedHost(wrapper)
    dataSource.delegate = host
    let attempts = AttemptCounter()
    let failure: any Error = ProfileError()
    let period = failures + 1
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<loads {
        let task = dataSource.loadingCoordinator.load(retrying: policy) { _ in
            guard attempts.next().isMultiple(of: period) else { throw failure }
            return 1
        } commit: { value in
            sink &+= value
        }
        guard await task.value else { preconditionFailure("a load was not accepted") }
    }
    let elapsed = start.duration(to: clock.now)
    withExtendedLifetime(host) {}
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    print(
        "\(loads) async loads, policy \(name), \(failures) failures each: \(Int(nanoseconds / Double(loads))) ns per load"
    )
}

/// A host that hands out one wrapper.
@MainActor
final class FixedHost: DataSourceDelegate {
    let wrapper: ContentWrapper

    init(_ wrapper: ContentWrapper) { self.wrapper = wrapper }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}

/// Numbers the attempts, from any thread.
final class AttemptCounter: Sendable {
    private let count = Atomic<Int>(0)

    func next() -> Int { count.add(1, ordering: .relaxed).newValue }
}

/// The error a failing attempt throws.
struct ProfileError: Error {}
