/// A refresh of one ``RefreshWriter``'s list: the newest begun is the only one whose rows may
/// be written.
public struct RefreshTicket: Sendable, Hashable {
    /// The refresh's number in its writer; a newer refresh has a greater one.
    let number: UInt64
    /// The writer's identity, so that a ticket is never used with another writer.
    let writer: ObjectIdentifier
}
