#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The controlling terminal: whether the streams are terminals, its size, key-at-a-time
/// input and the full screen, and putting everything back: for good on exit, or for a while
/// when the demo is suspended (Ctrl-Z).
///
/// Main-actor isolated, like the drawing. Each change goes through ``TerminalGate``, which
/// keeps what undoes it: a signal that ends the demo restores the terminal from there, on
/// another thread, even while the main actor is blocked in a write (output paused with Ctrl-S).
///
/// ```swift
/// let terminal = Terminal()
/// defer { terminal.restore() }
/// guard terminal.enterKeyMode() else { … }
/// terminal.enterScreen(AnsiStyle.enterAlternateScreen, leave: AnsiStyle.leaveAlternateScreen)
/// ```
@MainActor
final class Terminal {
    /// The settings before key mode, put back on ``restore()`` and ``suspend()``.
    private var savedAttributes: termios?
    /// The escape codes that set up the screen and undo it, once entered.
    private var screen: (enter: String, leave: String)?
    /// Whether ``suspend()`` undid everything and ``resume()`` has yet to redo it.
    private var isSuspended = false

    /// Creates a handle on the process's terminal; changes nothing yet.
    init() {}

    /// Whether `descriptor` (0 stdin, 1 stdout) is a terminal.
    nonisolated static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The terminal's size in rows and columns; 24×80 when it cannot be read.
    nonisolated static func size() -> (rows: Int, columns: Int) {
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else {
            return (24, 80)
        }
        return (Int(window.ws_row), Int(window.ws_col))
    }

    /// Reads keys one at a time without echo, keeping Ctrl-C, Ctrl-\ and Ctrl-Z as signals,
    /// and remembers how to undo it; `false` if standard input is not a terminal.
    func enterKeyMode() -> Bool {
        var attributes = termios()
        guard tcgetattr(0, &attributes) == 0 else { return false }
        savedAttributes = attributes
        var keyMode = Self.keyMode(from: attributes)
        return TerminalGate.shared.change(
            { tcsetattr(0, TCSAFLUSH, &keyMode) == 0 }, then: { $0.attributes = attributes })
    }

    /// Writes `enter` now, and `leave` on ``restore()`` and ``suspend()``.
    func enterScreen(_ enter: String, leave: String) {
        screen = (enter, leave)
        StandardStream.out(enter) { $0.leaveScreen = leave }
    }

    /// Puts the terminal back as it was for the shell, before the demo stops (Ctrl-Z);
    /// ``resume()`` redoes it.
    func suspend() {
        guard !isSuspended else { return }
        undo()
        isSuspended = true
    }

    /// After a stop: sets key mode and the screen up again. The shell may have changed the
    /// settings meanwhile, so they are read afresh; if ``suspend()`` was not called (the
    /// demo was stopped by SIGSTOP), key mode is only set again.
    func resume() {
        guard isSuspended else {
            if let savedAttributes {
                var keyMode = Self.keyMode(from: savedAttributes)
                _ = TerminalGate.shared.change { tcsetattr(0, TCSADRAIN, &keyMode) }
            }
            return
        }
        isSuspended = false
        if savedAttributes != nil { _ = enterKeyMode() }
        if let screen { StandardStream.out(screen.enter) { $0.leaveScreen = screen.leave } }
    }

    /// Undoes everything for good: leaves the screen and restores the saved settings. Safe
    /// to call more than once.
    func restore() {
        if !isSuspended { undo() }
        savedAttributes = nil
        screen = nil
        isSuspended = false
    }

    private func undo() {
        if let screen { StandardStream.out(screen.leave) { $0.leaveScreen = "" } }
        // TCSAFLUSH: keys typed for the demo and never read must not reach the shell.
        if var attributes = savedAttributes {
            _ = TerminalGate.shared.change({ tcsetattr(0, TCSAFLUSH, &attributes) }, then: { $0.attributes = nil })
        }
    }

    private static func keyMode(from attributes: termios) -> termios {
        var keyMode = attributes
        keyMode.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &keyMode.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        return keyMode
    }
}
