public import ContentLoading

extension StoredFeedDataSource {
    /// The items shown as a list snapshot: their identities in order, each once. Observable as
    /// ``items`` is.
    ///
    /// A network list that shifted between two pages may repeat an item in the next page: the
    /// snapshot keeps its first place and reports the later copy in `duplicates`, so that a
    /// diffable data source is never handed an identity twice.
    public var snapshot: ListSnapshot<Item.ID> { ListSnapshot(items.lazy.map(\.id)) }
}
