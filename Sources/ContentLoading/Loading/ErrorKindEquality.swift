/// Whether two errors count as equal for the `==` of the framework's values that carry one
/// (``LoadOutcome``, ``Screen``, ``Footer``, ``AppendState``, ``RetryAttempt``).
///
/// Two errors are equal when their dynamic types are the same and, if that type is
/// `Equatable`, its `==` says they are equal. Two errors of one type that is not `Equatable`
/// (`CancellationError`, say) are equal whatever they hold: the type is all that can be
/// compared. Errors of different types are never equal, even a subclass and its superclass.
func errorsAreEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    guard let lhs = lhs as Any as? any Equatable else { return true }
    return lhs.isEqual(toValue: rhs)
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(toValue other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
