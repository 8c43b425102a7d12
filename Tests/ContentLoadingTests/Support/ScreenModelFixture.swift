import ContentLoading
import ContentLoadingTestSupport
import Observation

/// A data source wired to a wrapper that draws into a ``ScreenModel``, and a delegate that
/// customises the error placeholder and records refresh failures.
@MainActor
final class ScreenModelFixture: DataSourceDelegate, ContentWrapperDelegate {
    let model = ScreenModel()
    let dataSource = ItemsDataSource()
    private(set) var wrapper: ContentWrapper!
    private(set) var refreshFailures: [TestError] = []

    init(
        policy: PresentationPolicy = .immediate, initialScreen: InitialScreen = .placeholder(.initial),
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        wrapper = ContentWrapper(drawingInto: model, initialScreen: initialScreen, policy: policy, clock: clock)
        wrapper.delegate = self
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        Placeholder(title: "Failed", message: "\(error)")
    }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        if let error = error as? TestError { refreshFailures.append(error) }
    }

    /// The load begun last.
    var lastToken: LoadingState { dataSource.tokens[dataSource.tokens.count - 1] }
}

/// Counts every notification a ``ScreenModel``'s observers receive: the "Observing Screens"
/// article's, with ``drain()`` added.
///
/// It observes every property with `withObservationTracking` and re-arms inside each `onChange`
/// (which runs before the write), so a second notification for the same change would be
/// counted too: an observer armed only between changes could not tell one from two.
@MainActor
final class NotificationCounter {
    let model: ScreenModel
    private var count = 0

    init(_ model: ScreenModel) {
        self.model = model
        arm()
    }

    /// The notifications since the last call.
    func drain() -> Int {
        defer { count = 0 }
        return count
    }

    private func arm() {
        withObservationTracking {
            _ = (model.screen, model.isLoading, model.refreshFailure)
        } onChange: { [weak self] in
            // The model is written on the main actor, and `onChange` runs inside the write.
            MainActor.assumeIsolated {
                self?.count += 1
                self?.arm()
            }
        }
    }
}
