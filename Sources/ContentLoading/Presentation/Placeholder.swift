/// What an empty or error screen says: a title, a message, an image and an optional action.
///
/// ```swift
/// Placeholder(
///     title: "No colours yet",
///     message: "Pull to refresh, or add one.",
///     imageName: "paintpalette",
///     action: .init(title: "Retry") { dataSource.loadContent() }
/// )
/// ```
///
/// A ``ContentWrapperDelegate`` customises the placeholders the wrapper proposes.
///
/// Placeholders are `Equatable`: two are equal when their ``title``, ``message`` and
/// ``imageName`` are, and both have no ``action`` or both have actions with the same
/// ``Action/title``. The actions' handlers are closures and are not compared.
public struct Placeholder: Sendable, Equatable, CustomStringConvertible {
    /// The headline.
    public var title: String
    /// Text under the title, if any.
    public var message: String?
    /// The name of an image the renderer looks up, if any.
    public var imageName: String?
    /// A button, such as Retry, if any.
    public var action: Action?

    /// Creates a placeholder.
    public init(title: String, message: String? = nil, imageName: String? = nil, action: Action? = nil) {
        self.title = title
        self.message = message
        self.imageName = imageName
        self.action = action
    }

    /// The placeholder proposed before anything has been requested.
    public static let initial = Placeholder(title: "Nothing loaded yet")

    /// The placeholder proposed for a load that produced nothing.
    public static let empty = Placeholder(title: "Nothing to show")

    /// The placeholder proposed for a failed load: a generic title and the error's description.
    public static func error(_ error: any Error) -> Placeholder {
        Placeholder(title: "Couldn't load", message: String(describing: error))
    }

    /// Whether two placeholders have the same title, message, image name and action title (or
    /// both no action); the actions' handlers are not compared.
    public static func == (lhs: Placeholder, rhs: Placeholder) -> Bool {
        lhs.title == rhs.title && lhs.message == rhs.message && lhs.imageName == rhs.imageName
            && lhs.action?.title == rhs.action?.title
    }

    /// The title, message and action title on one line, for logs.
    public var description: String {
        var parts = [title]
        if let message { parts.append(message) }
        if let action { parts.append("[\(action.title)]") }
        return parts.joined(separator: " — ")
    }
}

extension Placeholder {
    /// This placeholder as a wrapper draws it: its action (if any) tied to a new drawing, which
    /// ends when the wrapper draws something else in its place.
    func drawn() -> Placeholder {
        guard let action else { return self }
        var drawn = self
        drawn.action = action.drawn(in: PlaceholderDrawing())
        return drawn
    }
}
