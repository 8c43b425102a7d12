import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A list renderer that logs each difference it is handed, and checks on every one that the
/// difference applied to the snapshot it applied before gives the new snapshot.
@MainActor
final class RecordingListRenderer: ListRenderer {
    let log: RenderLog
    /// The ids it applied last.
    private(set) var ids: [String] = []
    /// The differences it was handed, as `-a +b >c ~d`.
    private(set) var differences: [String] = []
    /// The ids of each snapshot applied, in order.
    private(set) var snapshots: [[String]] = []
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
        snapshots.append(snapshot.ids)
        differences.append(difference.description)
        log.append("content.apply(\(difference))")
        if let list { frames.append(rows(snapshot.ids.map { list.item($0) })) }
    }

    func show(_ screen: Screen) { log.append("content.show(\(screen.state))") }
    func hide() { log.append("content.hide") }
}
