/// A content renderer that draws a list row by row: it applies each snapshot of a
/// ``ListDataSource`` with the difference from the snapshot it applied before.
///
/// ```swift
/// final class ColoursRenderer: ListRenderer {
///     func apply(_ snapshot: ListSnapshot<Colour.ID>, difference: ListDifference<Colour.ID>) {
///         var next = NSDiffableDataSourceSnapshot<Int, Colour.ID>()
///         next.appendSections([0])
///         next.appendItems(snapshot.ids)
///         next.reconfigureItems(difference.updated)
///         diffableDataSource.apply(next, animatingDifferences: true)
///     }
///     func show(_ screen: Screen) { tableView.isHidden = false }
///     func hide() { tableView.isHidden = true }
/// }
/// ```
///
/// Given as a ``ContentWrapper``'s content renderer, it is handed every change of the list
/// before the wrapper shows the content or empty screen the change leads to, in the same
/// main-actor turn: the empty view follows the snapshot. The difference applied to the snapshot
/// it applied before gives `snapshot`; its ``ListDifference/updated`` ids are rows whose item
/// changed (a reconfigure, not a delete and an insert). A change that changes nothing is not
/// handed over. The first snapshot a renderer is handed comes with the difference from none.
@MainActor
public protocol ListRenderer<ID>: ContentRenderer {
    /// The ids of the list's rows.
    associatedtype ID: Hashable & Sendable

    /// Applies `snapshot`, which `difference` makes of the snapshot applied before.
    func apply(_ snapshot: ListSnapshot<ID>, difference: ListDifference<ID>)
}
