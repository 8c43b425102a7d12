import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every change the demo makes to its terminal (each write to standard output or standard
/// error, each change of its settings) made one at a time, with a record of what undoes
/// them; so that a signal can end the demo from any thread, even while the main actor is
/// blocked in a write because the user paused the output with Ctrl-S.
///
/// Once ``undoForGood()`` has begun, nothing changes the terminal any more: a change waits
/// for the process to end, which follows at once.
///
/// Safe to share: `changeLock` serializes the changes, `stateLock` guards `isEnding` and
/// `undo`, and no other state is mutable.
final class TerminalGate: @unchecked Sendable {
    /// What undoes the demo's changes to the terminal.
    struct Undo {
        /// The settings to put back; `nil` while the demo's are not in effect.
        var attributes: termios?
        /// Erases the spinner line; empty while none is drawn.
        var eraseLine = ""
        /// Leaves the full screen; empty while the demo is not on it.
        var leaveScreen = ""
    }

    /// The process's terminal.
    static let shared = TerminalGate()

    /// How long the ending waits for the change under way, then for its own writing.
    static let endingStepTimeout = 0.4

    /// Held for the whole of a change, system calls included, so that the ending knows when
    /// the change under way is over.
    private let changeLock = NSLock()
    /// Held only for moments and never across a system call, so the ending always gets it.
    private let stateLock = NSLock()
    private var isEnding = false
    private var undo = Undo()

    private init() {}

    /// Makes one change to the terminal with `change`, then records what undoes the demo's
    /// changes from now on with `record`; returns what `change` returned. `change` must not
    /// make a change itself.
    func change<Result>(_ change: () -> Result, then record: (inout Undo) -> Void = { _ in }) -> Result {
        changeLock.lock()
        stateLock.lock()
        let ending = isEnding
        stateLock.unlock()
        if ending {
            changeLock.unlock()
            Self.waitForTheEnd()
        }
        let result = change()
        stateLock.lock()
        record(&undo)
        stateLock.unlock()
        changeLock.unlock()
        return result
    }

    /// Stops every later change and undoes the demo's changes, on the calling thread, within
    /// about a second whatever the terminal does; the caller then ends the process.
    ///
    /// Output paused with Ctrl-S blocks the write under way: output is restarted first, as the
    /// terminal itself does when Ctrl-C is typed, so that the write ends and the shell's
    /// prompt shows. If the change under way still does not end in time (a terminal that
    /// takes no output at all), nothing is written, but the settings are put back all the same.
    func undoForGood() {
        stateLock.lock()
        isEnding = true
        stateLock.unlock()
        // Only a foreground job may restart the output: a demo in the background would
        // restart the output the user paused for another program.
        if isatty(1) == 1 && tcgetpgrp(1) == getpgrp() { Self.restartOutput() }
        // Kept for good once taken: nothing changes the terminal any more.
        let settled = changeLock.lock(before: Date(timeIntervalSinceNow: Self.endingStepTimeout))
        stateLock.lock()
        let undo = self.undo
        stateLock.unlock()
        let text = undo.eraseLine + undo.leaveScreen
        if settled && !text.isEmpty { Self.write(text, within: Self.endingStepTimeout) }
        if var attributes = undo.attributes {
            // Right now: waiting for the output to drain could block. Keys typed for the demo
            // and never read must not reach the shell.
            _ = tcsetattr(0, TCSANOW, &attributes)
            _ = tcflush(0, TCIFLUSH)
        }
    }

    /// Restarts the terminal's output if it is stopped, without blocking.
    private static func restartOutput() {
        // Undoes tcflow(TCOOFF), and on BSD-derived systems Ctrl-S too.
        _ = tcflow(1, TCOON)
        // Linux keeps Ctrl-S apart from TCOOFF, and restarts the output it stopped when flow
        // control is turned off; turned on again at once, it stays as the user set it.
        var attributes = termios()
        guard tcgetattr(1, &attributes) == 0, attributes.c_iflag & tcflag_t(IXON) != 0 else { return }
        var withoutFlowControl = attributes
        withoutFlowControl.c_iflag &= ~tcflag_t(IXON)
        _ = tcsetattr(1, TCSANOW, &withoutFlowControl)
        _ = tcsetattr(1, TCSANOW, &attributes)
    }

    /// Writes `text` to standard output, waiting at most `timeout` seconds: the write may
    /// block (the user paused the output again), and goes on, harmless, until the process ends.
    private static func write(_ text: String, within timeout: Double) {
        let written = DispatchSemaphore(value: 0)
        let writer = Thread {
            _ = StandardStream.writeAll(text, to: 1)
            written.signal()
        }
        writer.start()
        _ = written.wait(timeout: .now() + timeout)
    }

    private static func waitForTheEnd() -> Never {
        while true { sleep(60) }
    }
}
