public import Observation

/// One row of a ``ListDataSource``, observable on its own: a view that reads its ``item`` hears
/// when that item changes, and not when another row's does.
///
/// ```swift
/// struct ColourRow: View {
///     let row: ListRow<Colour>
///     var body: some View { Text(row.item.name) }   // redrawn when this colour changes
/// }
/// ```
///
/// Asked for with ``ListDataSource/row(_:)``; it keeps the item last drawn once its id leaves the list.
@MainActor
public final class ListRow<Item: Identifiable & Sendable & Equatable>: Observable where Item.ID: Sendable {
    /// The row's id.
    public let id: Item.ID
    private var drawn: Item
    private let registrar = ObservationRegistrar()

    init(_ item: Item) {
        id = item.id
        drawn = item
    }

    /// The row's item, as the list draws it. Observable.
    public var item: Item {
        registrar.access(self, keyPath: \ListRow.item)
        return drawn
    }

    /// Draws `item`: its observers hear of it.
    func update(_ item: Item) {
        registrar.withMutation(of: self, keyPath: \ListRow.item) { drawn = item }
    }
}
