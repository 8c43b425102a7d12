/// One step of a scripted terminal session: type keys, or wait until text appears.
enum TerminalStep: Sendable {
    /// Writes these characters to the terminal, as typing them would.
    case type(String)
    /// Waits (up to 10 s) until `text` appears in what the demo drew since the last `type`.
    case waitFor(String)

    /// The step as the driver script reads it.
    var encoded: [String] {
        switch self {
        case .type(let keys): ["send", keys]
        case .waitFor(let text): ["wait", text]
        }
    }
}
