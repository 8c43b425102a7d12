import ContentLoading

/// Writes one line per state change and per event, for pipes, CI and plain terminals.
///
/// Plain (`styled == false`): no escape codes, no animation; the text is stable for scripts:
///
/// ```
/// state: loading
/// state: content (25 rows)
///   #3FA2C8  teal
/// dropped: stale response #1 (success)
/// footer: loading more…
/// state: content (50 rows)
///   #8A1F4E  plum
/// ```
///
/// Rows are printed when they change; a page's rows, which extend those printed, alone.
///
/// Styled: the same lines in colour, the rows with colour swatches, and an animated spinner
/// line under them while a load or a page runs.
@MainActor
final class LineDisplay: Display {
    private let styled: Bool
    private var spinner = Spinner()
    private let ticker = Ticker()
    /// The label of the spinner line, while one is drawn.
    private var activity: String?
    /// The activity of the body drawn last, and of the footer: the body's comes first.
    private var bodyActivity: String?
    private var footerActivity: String?
    /// The rows printed last; rows are printed again only when they change.
    private var printedRows: [ColorRow]?

    /// Creates a display; `styled` allows colours and animation.
    init(styled: Bool) {
        self.styled = styled
    }

    func show(_ body: DisplayBody) {
        eraseActivity()
        let state = styled ? AnsiStyle.colored("\(body.state)", AnsiStyle.code(for: body.state)) : "\(body.state)"
        let rest = String(body.summary.dropFirst("\(body.state)".count))
        var lines = ["state: \(state)\(rest)"]
        if case .rows(let rows, _) = body, rows != printedRows {
            // A page extends the rows printed: only its rows are new.
            let printed = printedRows ?? []
            let new = !printed.isEmpty && rows.starts(with: printed) ? rows.dropFirst(printed.count) : rows[...]
            printedRows = rows
            lines += new.map { rowLine($0, indent: "  ") }
        }
        if case .sections(let sections, _) = body {
            // Every section under the state, its colours under it: the failed one beside the others.
            for section in sections {
                let heading = "  \(section.heading)"
                lines.append(styled ? AnsiStyle.colored(heading, AnsiStyle.code(for: section.state)) : heading)
                lines += section.rows.map { rowLine($0, indent: "    ") }
            }
        }
        StandardStream.out(lines.joined(separator: "\n") + "\n")
        bodyActivity = body.activity
        // The footer is drawn below the rows only: a placeholder has none.
        if case .rows = body {} else { footerActivity = nil }
        updateActivity()
    }

    func showFooter(_ footer: Footer) {
        eraseActivity()
        let summary = styled ? AnsiStyle.colored(footer.summary, AnsiStyle.code(for: footer)) : footer.summary
        StandardStream.out("footer: \(summary)\n")
        footerActivity = footer.activity
        updateActivity()
    }

    func showRetry(_ attempt: RetryAttempt?) {
        // The retry's own line says it (`retrying (attempt 2 of 4, …)`), when the delegates hear of it.
    }

    /// A colour row: a swatch when styled, then its code and name.
    private func rowLine(_ row: ColorRow, indent: String) -> String {
        styled ? "\(indent)\(AnsiStyle.swatch(row))  \(row.hex)  \(row.name)" : "\(indent)\(row.hex)  \(row.name)"
    }

    /// Draws the spinner line for the body's activity, else the footer's, or stops it.
    private func updateActivity() {
        activity = styled ? bodyActivity ?? footerActivity : nil
        if activity == nil {
            ticker.stop()
        } else {
            drawActivity()
            ticker.start(every: Spinner.frameDuration) { [weak self] in
                self?.spinner.advance()
                self?.drawActivity()
            }
        }
    }

    func log(_ event: DemoEvent) {
        eraseActivity()
        StandardStream.out((styled ? AnsiStyle.line(for: event) : event.description) + "\n")
        drawActivity()
    }

    func redraw() {
        drawActivity()
    }

    func finish() {
        ticker.stop()
        eraseActivity()
        activity = nil
    }

    private func drawActivity() {
        guard let activity else { return }
        StandardStream.out(AnsiStyle.clearLine + AnsiStyle.colored("\(spinner.character) \(activity)", 36)) {
            $0.eraseLine = AnsiStyle.clearLine
        }
    }

    private func eraseActivity() {
        if activity != nil { StandardStream.out(AnsiStyle.clearLine) { $0.eraseLine = "" } }
    }
}
