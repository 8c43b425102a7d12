/// An optimistic write that failed, as the data sources bound to its key hear of it: shown
/// beside the content (``StoreDataSource/writeFailure``), never as an error screen; a Retry
/// beside it calls ``ContentStore/retry(_:)``.
public struct WriteFailure: Sendable, CustomStringConvertible {
    /// The write's description, as the app gave it ("Star teal").
    public let writeDescription: String
    /// Why it failed.
    public let error: any Error

    /// The failed write (a ``StoreWrite``), which ``ContentStore/retry(_:)`` performs again;
    /// `nil` for a failure the app made itself.
    let write: (any AnyObject & Sendable)?

    /// Creates a failure of the write described by `writeDescription`: one the app reports
    /// itself, which no store can retry.
    public init(writeDescription: String, error: any Error) {
        self.init(writeDescription: writeDescription, error: error, write: nil)
    }

    /// Creates the failure of `write`, which failed with `error`.
    @usableFromInline
    init(writeDescription: String, error: any Error, write: (any AnyObject & Sendable)?) {
        self.writeDescription = writeDescription
        self.error = error
        self.write = write
    }

    /// What to tell the user: "Couldn't <description>", in English; word it your own way from
    /// ``writeDescription`` and ``error``.
    public var message: String { "Couldn't \(writeDescription.prefix(1).lowercased() + writeDescription.dropFirst())" }

    /// The message and the error.
    public var description: String { "\(message): \(error)" }
}
