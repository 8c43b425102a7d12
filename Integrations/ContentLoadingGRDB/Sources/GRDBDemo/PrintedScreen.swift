import ContentLoading

/// A screen: a wrapper whose renderers print.
@MainActor
final class PrintedScreen: DataSourceDelegate {
    let wrapper: ContentWrapper

    convenience init(_ dataSource: DataSource, describeContent: @escaping @MainActor () -> String) {
        self.init(dataSource, content: PrintingRenderer(describeContent: describeContent))
    }

    /// A screen whose content is drawn by `content` (a list renderer that prints each change).
    init(_ dataSource: DataSource, content: any ContentRenderer) {
        let others = PrintingRenderer()
        wrapper = ContentWrapper(content: content, loading: others, empty: others, error: others, policy: .immediate)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
