import ContentLoading

/// The lists lane's list renderer: records each frame it is handed and checks it.
@MainActor
final class ListRaceRenderer: ListRenderer {
    /// Every frame handed over, as `ids ~updated`.
    private(set) var frames: [String] = []
    /// What a frame broke: a difference that does not make its snapshot of the one before, or
    /// that changes nothing; a new row shown under both its temporary id and its server's.
    private(set) var violations: [String] = []
    /// The ids applied last.
    private var ids: [Int] = []
    /// Told of each frame after it is recorded: where a step runs from inside `apply`.
    var onApply: () -> Void = {}
    /// Told of each show (`false`) and hide (`true`): where a step runs from inside them.
    var onScreen: (_ hides: Bool) -> Void = { _ in }

    func apply(_ snapshot: ListSnapshot<Int>, difference: ListDifference<Int>) {
        if difference.isEmpty { violations.append("an empty difference for \(snapshot)") }
        if difference.applied(to: ids) != snapshot.ids {
            violations.append("\(difference) applied to \(ids) does not give \(snapshot)")
        }
        // A new row is drawn under its temporary id or under its server's, never both.
        for id in snapshot.ids where id < 0 && snapshot.contains(ListReferenceModel.serverID(of: id)) {
            violations.append("\(snapshot) shows \(id) and its server's id")
        }
        ids = snapshot.ids
        frames.append(ListReferenceModel.frame(snapshot.ids, updated: difference.updated))
        onApply()
    }

    func show(_ screen: Screen) { onScreen(false) }
    func hide() { onScreen(true) }
}
