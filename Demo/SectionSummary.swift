import ContentLoading

/// One section of `demo sections` as the screen draws it: its name, its own state, its colours,
/// and its failure when it failed.
struct SectionSummary: Sendable {
    /// The section's palette, which names it.
    let palette: Palette
    /// The section's own state.
    let state: ContentState
    /// The section's colours.
    let rows: [ColorRow]
    /// Why the section failed, when its state is error.
    let failure: String?

    /// `warm content (5 rows)`, `cool error`, `neutral empty`: the section in a few words.
    var summary: String {
        switch state {
        case .content, .refreshing: "\(palette) \(state) (\(rows.count) \(rows.count == 1 ? "row" : "rows"))"
        default: "\(palette) \(state)"
        }
    }

    /// `warm: content (5 rows)`, `cool: error — the colour service answered 503 to request #2`:
    /// the section's heading on screen.
    var heading: String {
        switch state {
        case .content, .refreshing: "\(palette): \(state) (\(rows.count) \(rows.count == 1 ? "row" : "rows"))"
        case .error: "\(palette): error — \(failure ?? "failed")"
        default: "\(palette): \(state)"
        }
    }
}
