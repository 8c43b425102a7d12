import Foundation  // Date, NSLock

/// A wall clock the test moves by hand, read from any thread.
final class TestWallClock: @unchecked Sendable {
    // @unchecked: `date` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var date = Date(timeIntervalSince1970: 1_800_000_000)

    /// The time now.
    func now() -> Date { lock.withLock { date } }

    /// Moves the time on by `seconds`.
    func advance(bySeconds seconds: Double) {
        lock.withLock { date = date.addingTimeInterval(seconds) }
    }
}
