import ContentLoading

/// A screen for a data source that draws into a `ScreenModel`, at once.
@MainActor
final class ModelScreen: DataSourceDelegate {
    let wrapper: ContentWrapper

    init(_ dataSource: DataSource, model: ScreenModel) {
        wrapper = ContentWrapper(drawingInto: model, policy: .immediate)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
