import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Testing

/// A screen for a stored feed whose wrapper draws with a list renderer: it records each
/// difference it is handed and checks that the difference applied to the snapshot it applied
/// before gives the new snapshot.
@MainActor
final class FeedListScreen: DataSourceDelegate, ListRenderer {
    let wrapper: ContentWrapper
    let log = RenderLog()
    /// The data source's items as drawn: each one's title by id.
    private var drawnTitles: () -> [Int: String] = { [:] }
    /// The ids it applied last.
    private(set) var ids: [Int] = []
    /// The differences it was handed, as `-a +b >c ~d`.
    private(set) var differences: [String] = []
    /// The titles drawn at each apply, by id, in order.
    private(set) var frames: [[Int: String]] = []

    private let forwarding = ForwardingListRenderer()

    /// A screen of a feed of articles: a title drawn with ★ when the article is starred.
    convenience init(_ dataSource: StoredFeedDataSource<Article, Int>) {
        self.init(dataSource) { $0.title + ($0.isStarred == true ? "★" : "") }
    }

    /// A screen of a feed of any items, each drawn as `title` makes it.
    init<Item>(_ dataSource: StoredFeedDataSource<Item, Int>, title: @escaping (Item) -> String) where Item.ID == Int {
        let log = self.log
        wrapper = ContentWrapper(
            content: forwarding, loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
            initialScreen: .blank, policy: .immediate)
        forwarding.target = self
        drawnTitles = { [weak dataSource] in
            var titles: [Int: String] = [:]
            for item in dataSource?.items ?? [] { titles[item.id] = title(item) }
            return titles
        }
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func apply(_ snapshot: ListSnapshot<Int>, difference: ListDifference<Int>) {
        #expect(
            difference.applied(to: ids) == snapshot.ids,
            "the difference \(difference) applied to \(ids) gives \(snapshot.ids)")
        ids = snapshot.ids
        differences.append(difference.description)
        frames.append(drawnTitles())
    }

    func show(_ screen: Screen) {}
    func hide() {}

    /// The title drawn last for `id`, with ★ when starred.
    func title(_ id: Int) -> String? { frames.last?[id] }
}

/// The wrapper's content renderer: it hands each apply to the screen, which the wrapper cannot
/// hold strongly (the screen holds the wrapper).
@MainActor
final class ForwardingListRenderer: ListRenderer {
    weak var target: FeedListScreen?

    func apply(_ snapshot: ListSnapshot<Int>, difference: ListDifference<Int>) {
        target?.apply(snapshot, difference: difference)
    }

    func show(_ screen: Screen) { target?.show(screen) }
    func hide() { target?.hide() }
}
