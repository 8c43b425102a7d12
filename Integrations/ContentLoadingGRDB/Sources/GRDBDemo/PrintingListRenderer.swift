import ContentLoading

/// Draws a list's screens as lines of text, as ``PrintingRenderer`` does, and each change of
/// its rows as the item-level difference a diffable data source would apply (`+3 -4 ~2`).
@MainActor
final class PrintingListRenderer<ID: Hashable & Sendable>: ListRenderer {
    private let screens: PrintingRenderer

    /// A renderer whose content screens print what `describeContent` says.
    init(describeContent: @escaping @MainActor () -> String) {
        screens = PrintingRenderer(describeContent: describeContent)
    }

    func apply(_ snapshot: ListSnapshot<ID>, difference: ListDifference<ID>) {
        print("  rows: \(difference)")
    }

    func show(_ screen: Screen) { screens.show(screen) }

    func hide() { screens.hide() }
}
