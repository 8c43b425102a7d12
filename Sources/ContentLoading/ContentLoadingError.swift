/// Errors the framework itself reports.
public enum ContentLoadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A ``DataSource`` subclass did not override ``DataSource/loadContent()``; names the subclass.
    case loadContentNotOverridden(dataSource: String)

    /// A sentence that says what went wrong and how to fix it.
    public var description: String {
        switch self {
        case .loadContentNotOverridden(let dataSource):
            "\(dataSource) does not override loadContent(); override it to load through loadingCoordinator."
        }
    }
}
