/// Why ``SQLitePersistence`` could not use a stored value, as ``SQLitePersistence/onFailure``
/// hears it: the value is missing, and its row stays in the file.
public enum StoredValueError: Error, Equatable, CustomStringConvertible {
    /// The row of store `store`'s key `key` (the key's JSON) holds in `column` what the
    /// integration never writes: a date or format version that is not a number, a date out of
    /// any clock's range, a value that is not data. Another tool, or a damaged disk, changed it.
    case damagedRow(store: String, key: String, column: String)
    /// The wall clock (the persistence's `now`) answered no usable time (not a number, or out
    /// of range), so a stored value's age cannot be told.
    case unusableClock

    /// What went wrong, for a log.
    public var description: String {
        switch self {
        case .damagedRow(let store, let key, let column):
            "the stored value of \(key) in store \(store) is damaged: its \(column) cannot be read"
        case .unusableClock:
            "the wall clock answered no usable time, so a stored value's age cannot be told"
        }
    }
}
