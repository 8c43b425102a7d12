/// Every call a set of ``RecordingRenderer``s received, in order, as short strings.
///
/// ```swift
/// let log = RenderLog()
/// let wrapper = ContentWrapper(content: RecordingRenderer("content", log: log), ...)
/// #expect(log.drain() == ["empty.show(initial)"])
/// ```
@MainActor
public final class RenderLog {
    /// The entries so far, oldest first.
    public private(set) var entries: [String] = []

    /// Creates an empty log.
    public init() {}

    /// Adds an entry.
    public func append(_ entry: String) { entries.append(entry) }

    /// Returns the entries added since the last call, and forgets them.
    @discardableResult
    public func drain() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}
