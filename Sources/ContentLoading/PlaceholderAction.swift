extension Placeholder {
    /// A placeholder's button: a title and what a tap does.
    ///
    /// ```swift
    /// Placeholder.Action(title: "Retry") { dataSource.loadContent() }
    /// ```
    public struct Action: Sendable {
        /// The button's title.
        public var title: String
        /// Runs on the main actor when the user taps the button.
        public var handler: @MainActor @Sendable () -> Void

        /// Creates an action.
        public init(title: String, handler: @escaping @MainActor @Sendable () -> Void) {
            self.title = title
            self.handler = handler
        }

        /// Runs the handler, as a renderer does when the button is tapped.
        @MainActor
        public func perform() {
            handler()
        }
    }
}
