import ContentLoading
import ContentLoadingTestSupport
import Foundation  // NSLock
import Testing

/// An item of the lists under test: a colour, its name and whether it is starred.
struct Colour: Identifiable, Equatable, Sendable, CustomStringConvertible {
    let id: String
    var name: String
    var starred = false

    init(_ id: String, _ name: String? = nil, starred: Bool = false) {
        self.id = id
        self.name = name ?? id.uppercased()
        self.starred = starred
    }

    var description: String { name + (starred ? "★" : "") }
}

/// Async calls that each wait on a gate the test opens, in the order they began.
final class GatedCalls<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `gates` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var gates: [AsyncGate<Value>] = []

    /// Waits on a new gate.
    func call() async throws -> Value {
        let gate = AsyncGate<Value>(observesCancellation: false)
        lock.withLock { gates.append(gate) }
        return try await gate.wait()
    }

    /// How many calls began.
    var count: Int { lock.withLock { gates.count } }

    /// The gate of call `index`.
    func gate(_ index: Int) -> AsyncGate<Value> { lock.withLock { gates[index] } }

    /// Opens every gate not yet open, so no call is left waiting behind a test.
    func openAll() {
        for gate in lock.withLock({ gates }) { gate.open(throwing: CancellationError()) }
    }
}

/// A list renderer that logs each difference it is handed, and checks on every one that the
/// difference applied to the snapshot it applied before gives the new snapshot.
@MainActor
final class RecordingListRenderer: ListRenderer {
    let log: RenderLog
    /// The ids it applied last.
    private(set) var ids: [String] = []
    /// The differences it was handed, as `-a +b >c ~d`.
    private(set) var differences: [String] = []
    /// The items drawn at each apply, by the list it draws, as `[RED★, GREEN]`.
    private(set) var frames: [String] = []
    weak var list: ListDataSource<Colour>?

    init(log: RenderLog) {
        self.log = log
    }

    func apply(_ snapshot: ListSnapshot<String>, difference: ListDifference<String>) {
        #expect(
            difference.applied(to: ids) == snapshot.ids,
            "the difference \(difference) applied to \(ids) gives \(snapshot.ids)")
        ids = snapshot.ids
        differences.append(difference.description)
        log.append("content.apply(\(difference))")
        if let list { frames.append(rows(snapshot.ids.map { list.item($0) })) }
    }

    func show(_ screen: Screen) { log.append("content.show(\(screen.state))") }
    func hide() { log.append("content.hide") }
}

/// A screen for a ``ListDataSource``: a wrapper with a recording list renderer, drawing at once.
@MainActor
final class ListScreen: DataSourceDelegate {
    let log = RenderLog()
    let wrapper: ContentWrapper
    let renderer: RecordingListRenderer
    let dataSource: ListDataSource<Colour>

    init(_ dataSource: ListDataSource<Colour>) {
        self.dataSource = dataSource
        renderer = RecordingListRenderer(log: log)
        renderer.list = dataSource
        wrapper = ContentWrapper(
            content: renderer, loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
            initialScreen: .blank, policy: .immediate)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// What the wrapper draws.
    var shown: ContentState { wrapper.displayedState }

    /// The items the list shows, as `[RED★, GREEN]`.
    var rows: String { ContentLoadingTests.rows(dataSource.items) }
}

/// Colours as `[RED★, GREEN]`.
func rows(_ colours: [Colour?]) -> String {
    "[" + colours.map { $0.map(String.init(describing:)) ?? "nil" }.joined(separator: ", ") + "]"
}
