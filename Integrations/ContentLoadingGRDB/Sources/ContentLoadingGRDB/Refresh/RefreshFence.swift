import Foundation  // NSLock

/// Orders a list's refreshes beginning against their commits: a refresh's rows are committed
/// only if no newer refresh began before the commit ended.
///
/// A token's validity alone leaves a gap: a transaction that finds its token valid and then
/// commits may commit just after a newer load began. Here the check and the commit happen
/// while holding one lock, and beginning a refresh takes the same lock, so a refresh begins
/// either before a commit's check (which then fails) or after the commit has ended.
///
/// The lock is held only around the check and SQLite's `COMMIT`, never while the app's code
/// runs (the app's writes run before, inside the open transaction). Beginning a refresh waits
/// at most for one `COMMIT`.
final class RefreshFence: @unchecked Sendable {
    // @unchecked: `newest` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var newest: UInt64 = 0

    /// Begins a refresh: every earlier ticket stops being current. Waits for a commit in progress.
    func begin() -> UInt64 {
        lock.withLock {
            newest &+= 1
            return newest
        }
    }

    /// Whether `ticket` is the newest refresh, without committing anything.
    func isCurrent(_ ticket: UInt64) -> Bool {
        lock.withLock { ticket == newest }
    }

    /// Runs `commit` if `ticket` is the newest refresh and `isStillWanted()` holds, checked
    /// and committed while no refresh can begin; returns whether it ran.
    ///
    /// A `nil` ticket is a page's: it checks `isStillWanted()` alone, yet still commits while
    /// no refresh can begin.
    func commit(ifCurrent ticket: UInt64?, _ isStillWanted: () -> Bool, _ commit: () throws -> Void) rethrows -> Bool {
        try lock.withLock {
            if let ticket, ticket != newest { return false }
            guard isStillWanted() else { return false }
            try commit()
            return true
        }
    }
}
