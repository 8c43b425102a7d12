import Observation

/// The colours the list shows, observable as a SwiftUI list's model would be: the interactive
/// screen reads them, so a page appended to them redraws it, although the screen state
/// (content) stays the same.
@MainActor
@Observable
final class ColorList {
    /// The rows, in order.
    var rows: [ColorRow] = []
}
