/// The error a ``StoredFeedDataSource``'s page fails with when every stored page is shown and
/// the next page could not be fetched (offline, say): the footer says where the stored pages
/// end, and its Retry asks the network again. The content stays on screen.
public struct StoredPagesEnded: Error, CustomStringConvertible {
    /// Why the next page could not be fetched.
    public let underlying: any Error

    /// An end of the stored pages caused by `underlying`.
    public init(_ underlying: any Error) {
        self.underlying = underlying
    }

    /// What the footer says.
    public var description: String {
        "The saved pages end here; the next page could not be loaded (\(underlying))."
    }
}
