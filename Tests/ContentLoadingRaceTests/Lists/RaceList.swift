@testable import ContentLoading

/// What the lists lane drives of a list of shared items, whichever kind it is: a
/// `ListDataSource`, or a `PagedListDataSource` whose pages the lane loads too.
@MainActor
/// Its requirements are the data sources' own members, which both declare alike.
protocol RaceList: DataSource {
    var snapshot: ListSnapshot<Int> { get }
    var duplicates: [Int] { get }
    func row(_ id: Int) -> ListRow<RaceItem>?
    func item(_ id: Int) -> RaceItem?
    /// Whether an edit of its order is pending, or a new row waits for its server's id.
    var isEditing: Bool { get }
    /// Whether `id` is a new row's temporary id, waiting for the server's.
    func waitsForServerID(_ id: Int) -> Bool
    @discardableResult
    func insert(
        _ description: String, item: RaceItem, at offset: Int, retrying retries: RetryPolicy,
        request: @escaping @Sendable () async throws -> RaceItem
    ) -> ListEdit<RaceItem>
    @discardableResult
    func remove(
        _ description: String, id: Int, retrying retries: RetryPolicy,
        request: @escaping @Sendable (Int) async throws -> Void
    ) -> ListEdit<RaceItem>
    @discardableResult
    func move(
        _ description: String, id: Int, to offset: Int, retrying retries: RetryPolicy,
        request: @escaping @Sendable (Int) async throws -> Void
    ) -> ListEdit<RaceItem>
    @discardableResult
    func perform(
        _ description: String, on id: Int, retrying retries: RetryPolicy,
        change: @escaping @MainActor (inout RaceItem) -> Void,
        request: @escaping @Sendable (Int) async throws -> RaceItem?
    ) -> ListEdit<RaceItem>
}

/// The lane's edits send each request once, as the data sources' defaults do.
extension RaceList {
    @discardableResult
    func insert(
        _ description: String, item: RaceItem, at offset: Int, request: @escaping @Sendable () async throws -> RaceItem
    ) -> ListEdit<RaceItem> {
        insert(description, item: item, at: offset, retrying: .never, request: request)
    }

    @discardableResult
    func remove(_ description: String, id: Int, request: @escaping @Sendable (Int) async throws -> Void) -> ListEdit<
        RaceItem
    > {
        remove(description, id: id, retrying: .never, request: request)
    }

    @discardableResult
    func move(
        _ description: String, id: Int, to offset: Int, request: @escaping @Sendable (Int) async throws -> Void
    ) -> ListEdit<RaceItem> {
        move(description, id: id, to: offset, retrying: .never, request: request)
    }

    @discardableResult
    func perform(
        _ description: String, on id: Int, change: @escaping @MainActor (inout RaceItem) -> Void,
        request: @escaping @Sendable (Int) async throws -> RaceItem?
    ) -> ListEdit<RaceItem> {
        perform(description, on: id, retrying: .never, change: change, request: request)
    }
}

extension ListDataSource: RaceList where Item == RaceItem {
    var isEditing: Bool { edits.hasPendingEdits || !waitingForServerID.isEmpty }
    func waitsForServerID(_ id: Int) -> Bool { waitingForServerID[id] != nil }
}

extension PagedListDataSource: RaceList where Item == RaceItem, Cursor == Int {
    var isEditing: Bool { edits.hasPendingEdits || !waitingForServerID.isEmpty }
    func waitsForServerID(_ id: Int) -> Bool { waitingForServerID[id] != nil }
}
