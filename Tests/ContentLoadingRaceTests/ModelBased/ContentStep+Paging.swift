extension ContentStep {
    /// How a page ends: with `count` rows followed by the page at `next` (`nil`: the last
    /// page), failing with `RaceError(id)`, or with a `CancellationError` nobody asked for
    /// (which cancels the page).
    ///
    /// A page's rows are named by the page and the cursor the data source was asked to load
    /// it at (`p3@7.0`, …), so the model shows which page wrote them and from where.
    enum PageOutcome: Equatable, CustomStringConvertible {
        case rows(Int, next: Int?)
        case failure(Int)
        case cancellation

        /// The rows of page `page`, loaded at `cursor` (`nil`: the data source was never asked).
        static func rows(_ count: Int, page: Int, cursor: Int?) -> [String] {
            (0..<count).map { "p\(page)@\(cursor.map(String.init) ?? "?").\($0)" }
        }

        var description: String {
            switch self {
            case .rows(let count, let next): ".rows(\(count), next: \(next.map(String.init) ?? "nil"))"
            case .failure(let id): ".failure(\(id))"
            case .cancellation: ".cancellation"
            }
        }
    }
}
