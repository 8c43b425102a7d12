/// The demo's options, from its arguments.
struct Options {
    var path: String
    var isOffline = false
    var latency: Duration = .milliseconds(300)
    /// A new message to write, optimistically: shown at once, kept in the database until sent.
    var write: String?

    /// Parses `arguments`, or `nil` on a usage error.
    init?(_ arguments: [String]) {
        var path: String?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--database" where index + 1 < arguments.count:
                path = arguments[index + 1]
                index += 1
            case "--write" where index + 1 < arguments.count:
                write = arguments[index + 1]
                index += 1
            case "--offline":
                isOffline = true
            case "--latency" where index + 1 < arguments.count:
                guard let milliseconds = Int(arguments[index + 1]), milliseconds >= 0 else { return nil }
                latency = .milliseconds(milliseconds)
                index += 1
            default:
                return nil
            }
            index += 1
        }
        guard let path else { return nil }
        self.path = path
    }
}
