/// One step of a page cap sequence: what the user or a response does to a capped paged list.
///
/// Tokens are named by their place among the tokens the harness holds: first pages (the
/// refresh lane's) apart from pages at either end (the append lane's).
enum PageCapStep: Hashable, CustomStringConvertible {
    /// Which token a finish names: the newest, or the `n`th (modulo how many there are).
    typealias Reference = StepReference

    /// What a page brings.
    enum Outcome: Hashable, CustomStringConvertible {
        /// Two rows, followed by the page at `next` (`nil`: the last page).
        case rows(next: Int?)
        /// A failure, numbered.
        case failure(Int)
        /// A `CancellationError`: the page is cancelled, not failed.
        case cancellation

        var description: String {
            switch self {
            case .rows(let next): ".rows(next: \(next.map(String.init) ?? "nil"))"
            case .failure(let id): ".failure(\(id))"
            case .cancellation: ".cancellation"
            }
        }
    }

    /// `loadContent()`: a first load or a refresh (keeping content).
    case refresh
    /// A first page token finished: rows (with the next cursor) or a failure.
    case finishFirst(Reference, Outcome)
    /// `loadMore()`.
    case loadMore
    /// `loadPrevious()`.
    case loadPrevious
    /// A page token finished through the API for its end (`wrongEnd`: the other end's API,
    /// which must refuse it).
    case finishPage(Reference, Outcome, wrongEnd: Bool)
    /// `cancelLoadMore()`.
    case cancelPage

    var description: String {
        switch self {
        case .refresh: ".refresh"
        case .finishFirst(let reference, let outcome): ".finishFirst(\(reference), \(outcome))"
        case .loadMore: ".loadMore"
        case .loadPrevious: ".loadPrevious"
        case .finishPage(let reference, let outcome, let wrongEnd):
            ".finishPage(\(reference), \(outcome), wrongEnd: \(wrongEnd))"
        case .cancelPage: ".cancelPage"
        }
    }
}
