/// An optimistic write that failed, as the data sources bound to its key hear of it: shown
/// beside the content (``StoreDataSource/writeFailure``), never as an error screen.
public struct WriteFailure: Sendable, CustomStringConvertible {
    /// The write's description, as the app gave it ("Star teal").
    public let writeDescription: String
    /// Why it failed.
    public let error: any Error

    /// Creates a failure of the write described by `writeDescription`.
    public init(writeDescription: String, error: any Error) {
        self.writeDescription = writeDescription
        self.error = error
    }

    /// What to tell the user: "Couldn't <description>", in English; word it your own way from
    /// ``writeDescription`` and ``error``.
    public var message: String { "Couldn't \(writeDescription.prefix(1).lowercased() + writeDescription.dropFirst())" }

    /// The message and the error.
    public var description: String { "\(message): \(error)" }
}
