/// The value a ``StoreDataSource`` shows, kept in a box of its own.
///
/// A generic class that stores a `Value?` looks up the generic metadata of `Optional<Value>`
/// each time it assigns one, twice for every write a screen draws
/// (Writes.ContentLoading.ApplyAndDraw.Ratio ≤ 400%; docs/Benchmarks.md); an optional box is a plain reference, and replacing the box's `Value` needs only `Value`'s own
/// metadata, which the data source already has (docs/Benchmarks.md, "Optimistic writes"). The
/// data source makes the box for its first value and replaces what it holds from then on.
@MainActor
final class StoreValueBox<Value> {
    /// The value shown.
    @exclusivity(unchecked) var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
