import ContentLoading

/// A write the lists lane answers through its edit gates: a list's edit, or a store write on a
/// detail's temporary key (which waits for the server's id as a list's star on a new row does).
@MainActor
protocol RaceEdit: AnyObject {
    /// Whether it has not settled yet.
    var isPending: Bool { get }
    /// How it settled; `nil` while pending.
    var outcome: WriteOutcome<RaceItem>? { get }
    /// Cancels it; says whether it was pending.
    func cancel() -> Bool
}

extension ListEdit: RaceEdit where Item == RaceItem {}
extension StoreWrite: RaceEdit where Value == RaceItem {}
