import ContentLoading

/// Every call the renderers and delegates of one fixture received, in order.
@MainActor
final class RenderLog {
    private(set) var entries: [String] = []

    func append(_ entry: String) { entries.append(entry) }

    /// The entries added since the last call.
    func drain() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}
