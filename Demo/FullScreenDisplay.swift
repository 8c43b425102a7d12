import ContentLoading

/// The interactive screen: the keys, the current state drawn by the renderers with the footer
/// below the rows, and the latest events, redrawn in place on the alternate screen.
@MainActor
final class FullScreenDisplay: Display {
    /// How many recent events stay on screen.
    static let eventCount = 6
    /// The list's keys line, widest first: the first that fits the terminal is drawn.
    static let listKeys = [
        " [s] success  [e] empty  [x] error  [f] flaky  [m] more  [r] retry  [q] quit",
        " [s]success [e]empty [x]error [f]flaky [m]more [r]retry [q]quit",
        " [s]/[e]/[x]/[f] load  [m] more  [r] retry  [q] quit",
        " [s]/[e]/[x]/[f] load [m]more [r]retry [q]quit",
        " [s]/[e]/[x]/[f] load [m]ore [r]etry [q]uit",
        " [s][e][x][f] [m]ore [r]etry [q]uit",
    ]
    /// The sections' keys line, likewise.
    static let sectionKeys = [
        " [s] load the sections   [r] retry the failed ones   [q] quit",
        " [s] load  [r] retry  [q] quit",
        " [s]load [r]etry [q]uit",
    ]

    private let size: () -> (rows: Int, columns: Int)
    /// The keys line, widest first.
    private let keys: [String]
    /// The run's settings, for the header.
    private var settings = ""
    private var body: DisplayBody?
    /// Drawn below the rows.
    private var footer = Footer(.idle)
    private var events: [String] = []
    /// A refresh failure shown over the rows until the next tap.
    private var notice: String?
    /// The retry the load on screen waits for, or makes.
    private var retry: RetryAttempt?
    private var spinner = Spinner()
    private let ticker = Ticker()
    /// Counted from the events, to show that stale answers are still on their way.
    private var taps = 0
    private var answersInFlight = 0
    private var dropped = 0
    /// Set by ``finish()``: the screen is being left, so nothing more is drawn.
    private var isFinished = false

    /// Creates a display that fits its drawing to `size` (terminal rows and columns), read
    /// afresh for every frame, with `keys` (widest first) under the title.
    init(size: @escaping () -> (rows: Int, columns: Int), keys: [String] = listKeys) {
        self.size = size
        self.keys = keys
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

    func showRetry(_ attempt: RetryAttempt?) {
        retry = attempt
        redraw()
    }

    /// "Retrying (1 of 3)…": which retry of how many, while the load of `lane` waits for it or makes it.
    private func retryLabel(_ lane: RetryAttempt.Lane) -> String? {
        guard let retry, retry.lane == lane else { return nil }
        return "Retrying\(lane == .page ? " the page" : "") (\(retry.number - 1) of \(retry.maxAttempts - 1))…"
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
        case .tappedSections:
            notice = nil
            taps += 1
        case .requested:
            answersInFlight += 1
        case .refreshFailed, .sectionFailed:
            notice = event.description
        case .accepted, .retrying, .retryDropped:
            answersInFlight -= 1
        case .dropped:
            answersInFlight -= 1
            dropped += 1
        case .loadMore, .sections, .finished, .store:
            break
        }
        events.append(AnsiStyle.line(for: event))
        events = Array(events.suffix(Self.eventCount))
        // The sections' requests follow their tap at once and draw it: drawn alone, with no
        // request counted yet, the status would say that every answer is in.
        if case .tappedSections = event { return }
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
            keys.first { $0.count <= columns } ?? keys.last!,
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
        switch footer.state {
        case .idle:
            return []
        case .loadingMore:
            return ["  " + AnsiStyle.colored("\(spinner.character) \(retryLabel(.page) ?? "Loading more…")", 36)]
        case .failed:
            guard let placeholder = footer.placeholder else { return [] }
            let message = placeholder.message.map { ": \($0)" } ?? ""
            let action = placeholder.action.map { "  [r] \($0.title)" } ?? ""
            return ["  " + AnsiStyle.colored(placeholder.title + message, 31) + action]
        case .endReached:
            return [AnsiStyle.dim("  — end of list —")]
        }
    }

    /// The refresh indicator over the rows: the retry, while the refresh waits for one.
    private var refreshingLine: String {
        "  " + AnsiStyle.colored("\(spinner.character) \(retryLabel(.content) ?? "Refreshing…")", 36)
    }

    /// The body, in at most `room` lines.
    private func bodyLines(room: Int) -> [String] {
        guard let body else { return [] }
        let state = AnsiStyle.colored("\(body.state)", AnsiStyle.code(for: body.state))
        var lines: [String]
        switch body {
        case .loading:
            let label = retryLabel(.content) ?? "Loading colours…"
            lines = ["", "   " + AnsiStyle.colored("\(spinner.character) \(label)", 36)]
        case .sections(let sections, let isRefreshing):
            lines = ["  \(state) · \(DisplayBody.counts(of: sections))"]
            if isRefreshing { lines.append(refreshingLine) }
            if let notice { lines.append("  " + AnsiStyle.colored(notice, 31)) }
            for section in sections {
                let retry = section.state == .error ? "  [r] Retry" : ""
                lines.append("  " + AnsiStyle.colored(section.heading, AnsiStyle.code(for: section.state)) + retry)
                lines += section.rows.map { "    \(AnsiStyle.swatch($0))  \($0.hex)  \($0.name)" }
            }
        case .rows(let rows, let isRefreshing):
            lines = ["  \(state) · \(rows.count) colours"]
            if isRefreshing { lines.append(refreshingLine) }
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
