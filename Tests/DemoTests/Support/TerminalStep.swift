/// One step of a scripted terminal session: type keys, wait until text appears, send a
/// signal, or resize the terminal.
enum TerminalStep: Sendable {
    /// Writes these characters to the terminal, as typing them would.
    case type(String)
    /// Waits (up to 10 s) until `text` appears in what the demo drew since the last `type`,
    /// `signal` or `resize`.
    case waitFor(String)
    /// Sends the signal named `name` (`"SIGTERM"`) to the demo.
    case signal(String)
    /// Resizes the terminal, as dragging its window would: the demo's job gets SIGWINCH.
    case resize(rows: Int, columns: Int)

    /// The step as the driver script reads it.
    var encoded: [String] {
        switch self {
        case .type(let keys): ["send", keys]
        case .waitFor(let text): ["wait", text]
        case .signal(let name): ["signal", name]
        case .resize(let rows, let columns): ["resize", "\(rows)x\(columns)"]
        }
    }
}
