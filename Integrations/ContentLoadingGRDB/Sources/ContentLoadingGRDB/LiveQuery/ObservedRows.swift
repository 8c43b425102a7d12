/// A live query's rows as one read saw them, with the list's refresh generation in that read.
///
/// The generation orders what a ``LiveQueryDataSource`` is handed from two places (the
/// observation, and a refresh's own transaction): rows of an older generation than those shown
/// are older than them, and are not drawn.
struct ObservedRows<Rows: Sendable & Equatable>: Sendable, Equatable {
    var rows: Rows
    var generation: Int64
}
