import ContentLoading

/// One list of `demo store list-star`: a ``ListDataSource`` of the shared colours, and the
/// ``ContentScreen`` that draws it, each item-level change a line named after the list
/// (`list favourites: ~2`) followed by the rows it changed.
@MainActor
final class ListScreen {
    /// The list's name in its lines: `all`, `favourites`.
    let name: String
    /// The list's data source, holding its colours in the shared store by number.
    let dataSource: ListDataSource<ListedColor>
    private let display: any Display
    /// The data source's wrapper and its delegates.
    private var content: ContentScreen<ListDataSource<ListedColor>>?

    /// Opens list `name` of `store`, whose items `fetch` answers, drawn under `policy` on `display`.
    init(
        name: String, store: ContentStore<Int, ListedColor>, display: any Display, policy: PresentationPolicy,
        fetch: @escaping @Sendable () async throws -> [ListedColor]
    ) {
        self.name = name
        self.display = display
        dataSource = ListDataSource(store: store, fetch: fetch)
        let renderer = ListScreenRenderer()
        renderer.screen = self
        content = ContentScreen(
            dataSource: dataSource, content: renderer, loading: renderer, empty: renderer, error: renderer,
            initialScreen: .blank, policy: policy, announce: { [weak self] in self?.announce($0) })
    }

    /// Whether the list's load is done and drawn.
    var isSettled: Bool {
        dataSource.contentState != .loading && dataSource.contentState != .refreshing
            && content?.wrapper.isPresentationPending != true
    }

    /// Prints what a failed write announces beside the rows.
    private func announce(_ announcement: Announcement) {
        guard case .writeFailed = announcement.kind else { return }
        display.log(.store(.list(name, "announces \"\(announcement.text)\"")))
    }

    /// Prints a change of the rows: the difference, then each row it inserted or updated.
    fileprivate func apply(_ snapshot: ListSnapshot<Int>, difference: ListDifference<Int>) {
        display.log(.store(.list(name, "\(difference) → \(snapshot)")))
        let drawn = Set(difference.insertions.map(\.id) + difference.updated)
        for id in snapshot.ids where drawn.contains(id) {
            if let item = dataSource.item(id) { display.log(.store(.listRow(item.line))) }
        }
    }

    /// Prints a state other than the content, which ``apply(_:difference:)`` prints.
    fileprivate func draw(_ screen: Screen) {
        switch screen.state {
        case .initial, .content, .refreshing: break
        default:
            let placeholder = screen.placeholder.map { " — \($0)" } ?? ""
            display.log(.store(.list(name, "\(screen.state)\(placeholder)")))
        }
    }
}

/// Draws a ``ListScreen``'s every state, held by its wrapper: it holds the screen weakly.
@MainActor
private final class ListScreenRenderer: ListRenderer {
    weak var screen: ListScreen?

    func apply(_ snapshot: ListSnapshot<Int>, difference: ListDifference<Int>) {
        screen?.apply(snapshot, difference: difference)
    }

    func show(_ screen: Screen) {
        self.screen?.draw(screen)
    }

    func hide() {
        // The next line replaces this one; nothing to tear down.
    }
}
