extension Placeholder {
    /// A placeholder's button: a title and what a tap does.
    ///
    /// ```swift
    /// Placeholder.Action(title: "Retry") { dataSource.loadContent() }
    /// ```
    ///
    /// An action a ``ContentWrapper`` draws belongs to that drawing: the screen (initial, empty
    /// or error) or the failed page's footer it was shown in. Once the wrapper has drawn
    /// something else in its place, or is gone, ``perform()`` answers `false` and does nothing,
    /// so a tap on a screen that is no longer shown never acts: a second tap on Retry after the
    /// first one's page landed fetches nothing more. An action no wrapper drew always acts.
    public struct Action: Sendable {
        /// The button's title.
        public var title: String
        /// Runs on the main actor when the user taps the button (through ``perform()``, which
        /// runs it only while the button's screen is still drawn).
        public var handler: @MainActor @Sendable () -> Void
        /// The drawing the wrapper showed this action in; `nil` until a wrapper draws it.
        var drawing: PlaceholderDrawing?

        /// Creates an action.
        public init(title: String, handler: @escaping @MainActor @Sendable () -> Void) {
            self.title = title
            self.handler = handler
        }

        /// Runs the handler, as a renderer does when the button is tapped, if the screen or
        /// footer this action was drawn in is still drawn.
        ///
        /// - Returns: `true` if the handler ran; `false`, with nothing run, when the wrapper that
        ///   drew this action has since drawn something else in its place (or is gone).
        @MainActor
        @discardableResult
        public func perform() -> Bool {
            if let drawing, !drawing.isShown { return false }
            handler()
            return true
        }

        /// This action, tied to `drawing`.
        func drawn(in drawing: PlaceholderDrawing) -> Action {
            var drawn = self
            drawn.drawing = drawing
            return drawn
        }
    }
}
