import ContentLoading

/// A delegate that supplies one wrapper.
@MainActor
final class FixedWrapper: DataSourceDelegate {
    let wrapper: ContentWrapper
    init(_ wrapper: ContentWrapper) { self.wrapper = wrapper }
    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
