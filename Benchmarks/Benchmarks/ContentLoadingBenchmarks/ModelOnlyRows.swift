/// The model of ``BenchmarkPagedDataSource`` without the data source: an array of row numbers
/// with room reserved up front, to which a page is appended and from which it is dropped again.
@MainActor
final class ModelOnlyRows {
    private(set) var rows: [Int] = []
    private let page = Array(0..<BenchmarkPagedDataSource.pageSize)

    /// A model holding `pages` pages, with room for one more.
    init(pages: Int) {
        rows.reserveCapacity((pages + 1) * BenchmarkPagedDataSource.pageSize)
        for _ in 0..<pages { appendPage() }
    }

    func appendPage() {
        rows.append(contentsOf: page)
    }

    func dropLastPage() {
        rows.removeLast(BenchmarkPagedDataSource.pageSize)
    }
}
