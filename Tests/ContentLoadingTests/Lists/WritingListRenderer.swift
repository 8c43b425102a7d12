import ContentLoading

/// A list renderer that, the first time it applies a difference after being armed, runs the
/// app's code from inside `apply` (as a diffable data source's apply may call back into it).
@MainActor
final class WritingListRenderer: ListRenderer {
    /// What runs from inside the next `apply`, once.
    var armed: (() -> Void)?

    func apply(_ snapshot: ListSnapshot<String>, difference: ListDifference<String>) {
        guard let body = armed else { return }
        armed = nil
        body()
    }

    func show(_ screen: Screen) {}
    func hide() {}
}
