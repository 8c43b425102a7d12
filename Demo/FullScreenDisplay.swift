import ContentLoading

/// The interactive screen: the keys, the current state drawn by the renderers, and the
/// latest events, redrawn in place on the alternate screen.
@MainActor
final class FullScreenDisplay: Display {
    /// How many recent events stay on screen.
    static let eventCount = 6

    private let size: () -> (rows: Int, columns: Int)
    private var header = "ContentLoading demo"
    private var body: DisplayBody?
    private var events: [String] = []
    /// A refresh failure shown over the rows until the next tap.
    private var notice: String?
    private var spinner = Spinner()
    private let ticker = Ticker()
    /// Counted from the events, to show that stale answers are still on their way.
    private var taps = 0
    private var answersInFlight = 0
    private var dropped = 0
    /// Set by ``finish()``: the screen is being left, so nothing more is drawn.
    private var isFinished = false

    /// Creates a display that fits its drawing to `size` (terminal rows and columns).
    init(size: @escaping () -> (rows: Int, columns: Int)) {
        self.size = size
    }

    func show(_ body: DisplayBody) {
        self.body = body
        if body.activity == nil {
            ticker.stop()
        } else {
            ticker.start(every: Spinner.frameDuration) { [weak self] in
                self?.spinner.advance()
                self?.redraw()
            }
        }
        redraw()
    }

    func log(_ event: DemoEvent) {
        switch event {
        case .started:
            // The run's settings go in the header, not the event list.
            header = "ContentLoading demo · " + String(event.description.dropFirst("demo: ".count))
            redraw()
            return
        case .tapped:
            notice = nil
            taps += 1
            answersInFlight += 1
        case .refreshFailed:
            notice = event.description
        case .accepted:
            answersInFlight -= 1
        case .dropped:
            answersInFlight -= 1
            dropped += 1
        case .finished:
            break
        }
        events.append(AnsiStyle.line(for: event))
        events = Array(events.suffix(Self.eventCount))
        redraw()
    }

    func finish() {
        ticker.stop()
        isFinished = true
    }

    /// Draws the whole screen from the top.
    func redraw() {
        guard !isFinished else { return }
        let (height, width) = size()
        let rule = AnsiStyle.dim(String(repeating: "─", count: max(10, min(width, 72) - 2)))
        var lines = [
            " " + AnsiStyle.bold(header),
            " [s] success   [e] empty   [x] error   [r] retry   [q] quit",
            " " + AnsiStyle.dim(status),
            " " + rule,
        ]
        let footer = [" " + rule] + events.map { " " + $0 }
        let room = max(3, height - lines.count - footer.count - 1)
        lines += bodyLines(room: room)
        lines += footer
        StandardStream.out(
            AnsiStyle.home + lines.map { $0 + AnsiStyle.clearToEndOfLine }.joined(separator: "\n")
                + AnsiStyle.clearToEndOfScreen)
    }

    /// Whether answers are still on their way, and how many were dropped.
    private var status: String {
        if taps == 0 { return "Press a key to load." }
        let summary = "\(taps) \(taps == 1 ? "tap" : "taps"), \(dropped) stale dropped"
        return answersInFlight > 0
            ? "answers in flight: \(answersInFlight) (\(summary))" : "all answers in (\(summary))"
    }

    private func bodyLines(room: Int) -> [String] {
        guard let body else { return [] }
        let state = AnsiStyle.colored("\(body.state)", AnsiStyle.code(for: body.state))
        switch body {
        case .loading:
            return ["", "   " + AnsiStyle.colored("\(spinner.character) Loading colours…", 36)]
        case .rows(let rows, let isRefreshing):
            var lines = ["  \(state) · \(rows.count) colours"]
            if isRefreshing { lines.append("  " + AnsiStyle.colored("\(spinner.character) Refreshing…", 36)) }
            if let notice { lines.append("  " + AnsiStyle.colored(notice, 31)) }
            let fitting = rows.count <= room - lines.count ? rows.count : max(0, room - lines.count - 1)
            lines += rows.prefix(fitting).map { "  \(AnsiStyle.swatch($0))  \($0.hex)  \($0.name)" }
            if fitting < rows.count { lines.append(AnsiStyle.dim("  … and \(rows.count - fitting) more")) }
            return lines
        case .placeholder(_, let placeholder):
            var lines = ["  \(state)", "", "   " + AnsiStyle.bold(placeholder.title)]
            if let message = placeholder.message { lines.append("   " + message) }
            if let action = placeholder.action { lines += ["", "   [r] \(action.title)"] }
            return lines
        }
    }
}
