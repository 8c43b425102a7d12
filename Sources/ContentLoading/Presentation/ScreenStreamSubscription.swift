/// One consumer of a wrapper's screens: registered when its iterator is made, forgotten when
/// the iterator goes.
final class ScreenStreamSubscription: Sendable {
    let storage: ScreenStreamStorage
    let id: UInt64

    /// Registers a consumer, which starts with the screen drawn now.
    init(_ storage: ScreenStreamStorage) {
        self.storage = storage
        id = storage.subscribe()
    }

    deinit {
        storage.unsubscribe(id)
    }
}
