/// One step of a scripted terminal session: type keys, wait until text appears, send a
/// signal, resize the terminal, or let time pass.
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
    /// Lets `duration` pass, reading what the demo draws meanwhile: only for what cannot be
    /// seen, such as the demo blocking in a write while Ctrl-S paused the output.
    case pause(Duration)

    /// The step as the driver script reads it.
    var encoded: [String] {
        switch self {
        case .type(let keys): ["send", keys]
        case .waitFor(let text): ["wait", text]
        case .signal(let name): ["signal", name]
        case .resize(let rows, let columns): ["resize", "\(rows)x\(columns)"]
        case .pause(let duration):
            ["pause", "\(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)"]
        }
    }
}
