/// A ``PersistentWriteQueue`` as the ``SQLitePersistence`` over the same database sees it: the
/// rows of its writes that a value the persistence stores commits, so that they are deleted in
/// the value's own transaction.
@MainActor
protocol CommittedWriteRows<Key, Value>: AnyObject {
    associatedtype Key: Hashable
    associatedtype Value

    /// The queue's name in the database: its rows are the ones of this store name.
    var name: String { get }

    /// The rows of the queue's writes on `key` whose server has answered and whose commit is
    /// the value stored now, over `previous` (the value stored before it): `isStored` says
    /// whether a value, in the file's terms, is the one stored.
    func rowsCommitted(storing key: Key, over previous: Value?, isStored: (Value) -> Bool) -> [Int64]

    /// Rows `ids` were deleted in the transaction that stored their writes' commit.
    func rowsDeleted(_ ids: [Int64])
}
