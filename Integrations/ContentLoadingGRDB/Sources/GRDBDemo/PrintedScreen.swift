import ContentLoading

/// A screen: a wrapper whose renderers print.
@MainActor
final class PrintedScreen: DataSourceDelegate {
    let wrapper: ContentWrapper

    init(_ dataSource: DataSource, describeContent: @escaping @MainActor () -> String) {
        let others = PrintingRenderer()
        wrapper = ContentWrapper(
            content: PrintingRenderer(describeContent: describeContent), loading: others, empty: others,
            error: others, policy: .immediate)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
