import ContentLoading

/// Draws a screen as a line of text: the demo's stand-in for a view.
@MainActor
final class PrintingRenderer: ContentRenderer {
    private let describeContent: @MainActor () -> String

    /// A renderer whose content screens print what `describeContent` says.
    init(describeContent: @escaping @MainActor () -> String = { "" }) {
        self.describeContent = describeContent
    }

    func show(_ screen: Screen) {
        switch screen {
        case .blank, .initial: break
        case .loading: print("  screen: loading…")
        case .content(let isRefreshing):
            print("  screen: \(isRefreshing ? "content, refreshing" : "content"): \(describeContent())")
        case .empty(let placeholder): print("  screen: empty (\(placeholder.title))")
        case .error(let error, _): print("  screen: error: \(error)")
        }
    }

    func hide() {}
}
