import Synchronization

/// One drawing of a placeholder's action by a ``ContentWrapper``: a screen (initial, empty or
/// error) or a failed page's footer, shown until the wrapper draws something else in its place
/// or goes.
///
/// The wrapper makes one only when it draws a placeholder that has an action, and the action
/// it draws carries it: ``Placeholder/Action/perform()`` acts only while it is shown, so a tap
/// on a screen that has been replaced does nothing. The wrapper keeps no other reference: the
/// screen (or footer) it keeps as drawn holds the action, and so the drawing it ends when it
/// draws another. The screens and footers without an action (loading, content, every switch of
/// the hot path) make none and end none. Only the main actor ends a drawing, except a wrapper's
/// deinit, which may run on any thread; `Atomic` keeps the read lock-free and is understood by
/// ThreadSanitizer.
final class PlaceholderDrawing: Sendable {
    private let replaced = Atomic<Bool>(false)

    /// Whether the screen or footer this drawing is of is still drawn.
    var isShown: Bool { !replaced.load(ordering: .acquiring) }

    /// The wrapper drew something else in its place, or went.
    func end() {
        replaced.store(true, ordering: .releasing)
    }
}
