import ContentLoading

/// The escape sequences the coloured and full-screen displays use; plain output uses none.
enum AnsiStyle {
    /// Resets every attribute.
    static let reset = "\u{1B}[0m"
    /// Hides the cursor.
    static let hideCursor = "\u{1B}[?25l"
    /// Shows the cursor.
    static let showCursor = "\u{1B}[?25h"
    /// Switches to the alternate screen, keeping the user's scrollback intact.
    static let enterAlternateScreen = "\u{1B}[?1049h"
    /// Returns from the alternate screen.
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// Moves the cursor home.
    static let home = "\u{1B}[H"
    /// Clears from the cursor to the end of the line.
    static let clearToEndOfLine = "\u{1B}[K"
    /// Clears from the cursor to the end of the screen.
    static let clearToEndOfScreen = "\u{1B}[J"
    /// Returns to the start of the line and clears it.
    static let clearLine = "\r\u{1B}[2K"

    /// `text` in bold.
    static func bold(_ text: String) -> String { "\u{1B}[1m\(text)\(reset)" }

    /// `text` dimmed.
    static func dim(_ text: String) -> String { "\u{1B}[2m\(text)\(reset)" }

    /// `text` in one of the 8 basic foreground colours (31 red … 36 cyan).
    static func colored(_ text: String, _ code: Int) -> String { "\u{1B}[\(code)m\(text)\(reset)" }

    /// A block of `width` spaces painted in the row's colour (24-bit).
    static func swatch(_ row: ColorRow, width: Int = 6) -> String {
        "\u{1B}[48;2;\(row.red);\(row.green);\(row.blue)m\(String(repeating: " ", count: width))\(reset)"
    }

    /// The colour code a state's name is drawn in.
    static func code(for state: ContentState) -> Int {
        switch state {
        case .initial: 37
        case .loading, .refreshing: 36
        case .content: 32
        case .empty: 33
        case .error: 31
        }
    }

    /// The colour code a footer's summary is drawn in.
    static func code(for footer: Footer) -> Int {
        switch footer.state {
        case .idle: 37
        case .loadingMore: 36
        case .failed: 31
        case .endReached: 32
        }
    }

    /// An event's line, coloured by kind.
    static func line(for event: DemoEvent) -> String {
        switch event {
        case .started, .tapped, .requested, .tappedSections, .sections, .finished: dim(event.description)
        case .accepted: colored(event.description, 32)
        case .dropped, .retryDropped, .loadMore: colored(event.description, 33)
        case .retrying: colored(event.description, 36)
        case .refreshFailed, .sectionFailed: colored(event.description, 31)
        case .store(.rows(let rows)): rows.map { "  \(swatch($0))  \($0.hex)  \($0.name)" }.joined(separator: "\n")
        case .store(.screen(_, let state)) where state.contains("placeholder"): colored(event.description, 33)
        case .store(.screen), .store(.answered): colored(event.description, 32)
        case .store(.cancelled): colored(event.description, 33)
        case .store: dim(event.description)
        }
    }

    /// How many columns `line` takes on screen: its characters, escape codes left out.
    /// Every character the demo draws is one column wide.
    static func visibleWidth(_ line: String) -> Int {
        var width = 0
        var inEscape = false
        for character in line {
            if inEscape {
                inEscape = !isFinal(character)
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }

    /// `line` cut to `width` columns, ending in "…" when cut; escape codes are kept whole,
    /// and the attributes reset after the cut.
    static func truncated(_ line: String, toWidth width: Int) -> String {
        guard visibleWidth(line) > width else { return line }
        guard width > 0 else { return "" }
        var result = ""
        var visible = 0
        var inEscape = false
        for character in line {
            if inEscape {
                result.append(character)
                inEscape = !isFinal(character)
            } else if character == "\u{1B}" {
                result.append(character)
                inEscape = true
            } else if visible < width - 1 {
                result.append(character)
                visible += 1
            }
        }
        return result + "…" + reset
    }

    /// Whether `character` ends an escape code: the final letter of `ESC [ … m`, for example.
    private static func isFinal(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }
}
