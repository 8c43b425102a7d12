import ContentLoading

/// The interactive screen: the keys, the current state drawn by the renderers with the footer
/// below the rows, and the latest events, redrawn in place on the alternate screen.
@MainActor
final class FullScreenDisplay: Display {
    /// How many recent events stay on screen.
    static let eventCount = 6
    /// The keys line, widest first: the first that fits the terminal is drawn.
    static let keys = [
        " [s] success   [e] empty   [x] error   [m] more   [r] retry   [q] quit",
        " [s]success [e]empty [x]error [m]more [r]retry [q]quit",
        " [s]/[e]/[x] load  [m] more  [r] retry  [q] quit",
        " [s]/[e]/[x] load [m]more [r]retry [q]quit",
        " [s]/[e]/[x] load [m]ore [r]etry [q]uit",
    ]

    private let size: () -> (rows: Int, columns: Int)
    /// The run's settings, for the header.
    private var settings = ""
    private var body: DisplayBody?
    /// Drawn below the rows.
    private var footer = Footer.hidden
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

    /// Creates a display that fits its drawing to `size` (terminal rows and columns), read
    /// afresh for every frame.
    init(size: @escaping () -> (rows: Int, columns: Int)) {
        self.size = size
    }

    func show(_ body: DisplayBody) {
        self.body = body
        updateTicker()
        redraw()
    }

    func showFooter(_ footer: Footer) {
        self.footer = footer
        updateTicker()
        redraw()
    }

    /// Turns the spinner while a load, or a page below the rows, is under way.
    private func updateTicker() {
        let pageLoading: Bool
        if case .rows = body { pageLoading = footer.activity != nil } else { pageLoading = false }
        if body?.activity == nil && !pageLoading {
            ticker.stop()
        } else {
            ticker.start(every: Spinner.frameDuration) { [weak self] in
                self?.spinner.advance()
                self?.redraw()
            }
        }
    }

    func log(_ event: DemoEvent) {
        switch event {
        case .started:
            // The run's settings go in the header, not the event list.
            settings = String(event.description.dropFirst("demo: ".count))
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
        case .loadMore, .finished:
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

    /// Draws the whole screen from the top, fitted to the terminal: every line cut to its
    /// width and the body cut to the rows left by the header, the keys and the latest events.
    func redraw() {
        guard !isFinished else { return }
        let (height, width) = size()
        // The last column stays empty: a character there leaves the cursor waiting to wrap,
        // and the next clear-to-end-of-line would erase it.
        let columns = max(1, width - 1)
        let rule = " " + AnsiStyle.dim(String(repeating: "─", count: max(1, min(columns, 71) - 1)))
        let title = settings.isEmpty ? "ContentLoading demo" : "ContentLoading demo · \(settings)"
        let header = [
            // Short of room, the settings (the seed first, to replay the run) keep the line.
            " " + AnsiStyle.bold(title.count < columns ? title : settings),
            Self.keys.first { $0.count <= columns } ?? Self.keys.last!,
            " " + AnsiStyle.dim(status),
            rule,
        ]
        // The oldest events give way first, so the body keeps at least its first line.
        var shownEvents = events.map { " " + $0 }
        while !shownEvents.isEmpty && height - header.count - 1 - shownEvents.count < 1 {
            shownEvents.removeFirst()
        }
        let room = max(1, height - header.count - 1 - shownEvents.count)
        let lines = (header + bodyLines(room: room) + [rule] + shownEvents).prefix(max(1, height))
        StandardStream.out(
            AnsiStyle.home
                + lines.map { AnsiStyle.truncated($0, toWidth: columns) + AnsiStyle.clearToEndOfLine }
                .joined(separator: "\n") + AnsiStyle.clearToEndOfScreen)
    }

    /// Whether answers are still on their way, and how many were dropped.
    private var status: String {
        if taps == 0 { return "Press a key to load." }
        let summary = "\(taps) \(taps == 1 ? "tap" : "taps"), \(dropped) stale dropped"
        return answersInFlight > 0
            ? "answers in flight: \(answersInFlight) (\(summary))" : "all answers in (\(summary))"
    }

    /// The footer below the rows: the page loading, the failed page with the key that
    /// retries it, or the end of the list.
    private var footerLines: [String] {
        switch footer {
        case .hidden:
            return []
        case .loadingMore:
            return ["  " + AnsiStyle.colored("\(spinner.character) Loading more…", 36)]
        case .failed(_, let placeholder):
            let message = placeholder.message.map { ": \($0)" } ?? ""
            let action = placeholder.action.map { "  [r] \($0.title)" } ?? ""
            return ["  " + AnsiStyle.colored(placeholder.title + message, 31) + action]
        case .endReached:
            return [AnsiStyle.dim("  — end of list —")]
        }
    }

    /// The body, in at most `room` lines.
    private func bodyLines(room: Int) -> [String] {
        guard let body else { return [] }
        let state = AnsiStyle.colored("\(body.state)", AnsiStyle.code(for: body.state))
        var lines: [String]
        switch body {
        case .loading:
            lines = ["", "   " + AnsiStyle.colored("\(spinner.character) Loading colours…", 36)]
        case .rows(let rows, let isRefreshing):
            lines = ["  \(state) · \(rows.count) colours"]
            if isRefreshing { lines.append("  " + AnsiStyle.colored("\(spinner.character) Refreshing…", 36)) }
            if let notice { lines.append("  " + AnsiStyle.colored(notice, 31)) }
            let footerLines = self.footerLines
            let rowRoom = room - lines.count - footerLines.count
            // Every row, or as many as fit above a line that counts the rest.
            let fitting = rows.count <= rowRoom ? rows.count : max(0, rowRoom - 1)
            lines += rows.prefix(fitting).map { "  \(AnsiStyle.swatch($0))  \($0.hex)  \($0.name)" }
            if fitting < rows.count { lines.append(AnsiStyle.dim("  … and \(rows.count - fitting) more")) }
            // Short of room, the rows give way to the footer; the state line stays first.
            if lines.count + footerLines.count > room { lines = Array(lines.prefix(max(1, room - footerLines.count))) }
            lines += footerLines
        case .placeholder(_, let placeholder):
            lines = ["  \(state)", "", "   " + AnsiStyle.bold(placeholder.title)]
            if let message = placeholder.message { lines.append("   " + message) }
            if let action = placeholder.action { lines += ["", "   [r] \(action.title)"] }
        }
        // Short of room, the blank lines go first.
        if lines.count > room { lines.removeAll { $0.isEmpty } }
        return Array(lines.prefix(room))
    }
}
