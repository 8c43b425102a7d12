import ContentLoading

/// The colours a ``ContentStore`` holds for one key in `demo store`: the palette asked for, the
/// response that brought them, and the rows.
struct StoredColors: Sendable, Equatable {
    /// The key the colours were fetched for.
    let key: Palette
    /// The number of the response that brought them, so each line says which fetch it shows.
    let response: Int
    /// The colours.
    let rows: [ColorRow]
    /// The rows the user starred (numbered from 1), as the server or a pending write says.
    var starred: Set<Int> = []
}

/// One screen of `demo store`: a ``StoreDataSource`` bound to a key of the shared store, and the
/// ``ContentScreen`` that draws it, each change a line named after the screen
/// (`screen A: content (5 colours of warm, from response #1)`).
@MainActor
final class StoreScreen {
    /// The screen's name in its lines: A, B, …
    let name: String
    /// The screen's data source, bound to a key of the store.
    let dataSource: StoreDataSource<Palette, StoredColors>
    private let display: any Display
    /// The data source's wrapper and its delegates; `nil` once the screen is closed.
    private var content: ContentScreen<StoreDataSource<Palette, StoredColors>>?
    /// The value whose rows were printed last: rows are printed again only when they change.
    private var printedValue: StoredColors?

    /// Opens screen `name` on `key` of `store`, drawn under `policy` on `display`. A key that
    /// holds a value is drawn at once.
    init(
        name: String, store: ContentStore<Palette, StoredColors>, key: Palette, display: any Display,
        policy: PresentationPolicy
    ) {
        self.name = name
        self.display = display
        dataSource = StoreDataSource(store: store, key: key) { $0.rows.isEmpty }
        let renderer = StoreScreenRenderer()
        renderer.screen = self
        content = ContentScreen(
            dataSource: dataSource, content: renderer, loading: renderer, empty: renderer, error: renderer,
            initialScreen: .blank, policy: policy, announce: { [weak self] in self?.announce($0) })
    }

    /// Whether the screen's load is done and drawn.
    var isSettled: Bool {
        dataSource.contentState != .loading && dataSource.contentState != .refreshing
            && content?.wrapper.isPresentationPending != true
    }

    /// `5 colours of warm, from response #1`, and the placeholder marking while another key loads.
    var valueSummary: String {
        guard let value = dataSource.value else { return "no colours" }
        var summary = "\(value.rows.count) colours of \(value.key), from response #\(value.response)"
        if !value.starred.isEmpty {
            summary += ", starred: " + value.starred.sorted().map(String.init).joined(separator: ", ")
        }
        if dataSource.isPlaceholder { summary += "; a placeholder while \(dataSource.key) loads" }
        return summary
    }

    /// Closes the screen: it draws nothing more; once released, its data source is unbound
    /// from the store.
    func close() {
        dataSource.delegate = nil
        content = nil
    }

    /// Prints what a failed write announces, beside the content; the rest of the announcements
    /// are the screens' lines already.
    private func announce(_ announcement: Announcement) {
        guard case .writeFailed = announcement.kind else { return }
        display.log(.store(.screen(name, "announces \"\(announcement.text)\"")))
    }

    /// Draws `screen` as a line: the state, the value and, when the value is new, its rows.
    fileprivate func draw(_ screen: Screen) {
        switch screen.state {
        case .initial where screen.placeholder == nil:
            break  // Blank: nothing to draw until the first load's result or its loading screen.
        case .content, .refreshing:
            display.log(.store(.screen(name, "\(screen.state) (\(valueSummary))")))
            if let value = dataSource.value, value != printedValue {
                printedValue = value
                display.log(.store(.rows(value.rows)))
            }
        case .loading:
            display.log(.store(.screen(name, "loading")))
        default:
            let placeholder = screen.placeholder.map { " — \($0)" } ?? ""
            display.log(.store(.screen(name, "\(screen.state)\(placeholder)")))
        }
    }
}

/// Draws a ``StoreScreen``'s every state, held by its wrapper: it holds the screen weakly, so
/// that the screen, which holds the wrapper (through its ``ContentScreen``), goes when its
/// controller lets it go.
@MainActor
private final class StoreScreenRenderer: ContentRenderer {
    weak var screen: StoreScreen?

    func show(_ screen: Screen) {
        self.screen?.draw(screen)
    }

    func hide() {
        // The next line replaces this one; nothing to tear down.
    }
}
