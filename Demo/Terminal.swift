import Dispatch
import Foundation  // NSLock: a lock ThreadSanitizer understands.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The controlling terminal: whether the streams are terminals, its size, key-at-a-time
/// input, and putting everything back on every way out, Ctrl-C included.
///
/// ```swift
/// let terminal = Terminal()
/// terminal.installInterruptHandler()
/// terminal.enterKeyMode(cleanup: AnsiStyle.showCursor)
/// defer { terminal.restore() }
/// ```
final class Terminal: @unchecked Sendable {
    // @unchecked: `savedAttributes`, `cleanup` and `signalSources` are only touched while
    // holding `lock` (an NSLock), because restore() runs on the signal handler's queue too.

    private let lock = NSLock()
    private var savedAttributes: termios?
    /// Escape codes that undo what the display did (cursor, alternate screen).
    private var cleanup = ""
    private var signalSources: [any DispatchSourceSignal] = []

    /// Creates a handle on the process's terminal; changes nothing yet.
    init() {}

    /// Whether `descriptor` (0 stdin, 1 stdout) is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The terminal's size in rows and columns; 24×80 when it cannot be read.
    static func size() -> (rows: Int, columns: Int) {
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else {
            return (24, 80)
        }
        return (Int(window.ws_row), Int(window.ws_col))
    }

    /// Reads keys one at a time without echo, keeping Ctrl-C as an interrupt, and remembers
    /// how to undo it; `false` if standard input is not a terminal.
    func enterKeyMode() -> Bool {
        var attributes = termios()
        guard tcgetattr(0, &attributes) == 0 else { return false }
        var keyMode = attributes
        keyMode.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &keyMode.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        lock.withLock { savedAttributes = attributes }
        return tcsetattr(0, TCSAFLUSH, &keyMode) == 0
    }

    /// Writes `escapes` now and remembers `undo` to write on ``restore()``.
    func apply(_ escapes: String, undo: String) {
        lock.withLock { cleanup = undo + cleanup }
        StandardStream.out(escapes)
    }

    /// Undoes everything: writes the cleanup escapes and restores the saved terminal
    /// attributes. Safe to call more than once and from any thread.
    func restore() {
        let (attributes, escapes): (termios?, String) = lock.withLock {
            defer {
                savedAttributes = nil
                cleanup = ""
            }
            return (savedAttributes, cleanup)
        }
        if !escapes.isEmpty { StandardStream.out(escapes) }
        if var attributes { _ = tcsetattr(0, TCSAFLUSH, &attributes) }
    }

    /// On SIGINT (Ctrl-C) or SIGTERM: restores the terminal and exits 130 (or 143).
    ///
    /// Returns once the handlers are registered: until then the signals are ignored, so a
    /// Ctrl-C typed in between would be lost.
    func installInterruptHandler() async {
        for signalNumber in [SIGINT, SIGTERM] {
            // Ignore the default action so the dispatch source, not the kernel, handles it.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [self] in
                restore()
                StandardStream.out("\n")
                exit(128 + signalNumber)
            }
            lock.withLock { signalSources.append(source) }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                source.setRegistrationHandler { continuation.resume() }
                source.resume()
            }
        }
    }
}
