/// Errors the framework itself reports.
public enum ContentLoadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A ``DataSource`` subclass did not override ``DataSource/loadContent()``; names the subclass.
    case loadContentNotOverridden(dataSource: String)
    /// A ``PagedDataSource`` subclass did not override ``PagedDataSource/loadPage(after:_:)``;
    /// names the subclass. The page fails with it, so the footer shows it.
    case loadPageNotOverridden(dataSource: String)

    /// A sentence that says what went wrong and how to fix it.
    public var description: String {
        switch self {
        case .loadContentNotOverridden(let dataSource):
            "\(dataSource) does not override loadContent(); override it to load through loadingCoordinator."
        case .loadPageNotOverridden(let dataSource):
            "\(dataSource) does not override loadPage(after:_:); override it to load the page with appendPage."
        }
    }
}
