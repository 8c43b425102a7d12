import ContentLoading

/// A wrapper delegate that hears every announcement, as an app that posts them to VoiceOver
/// does, without formatting their text (that cost is the app's): it counts them by kind.
@MainActor
final class AnnouncingDelegate: ContentWrapperDelegate {
    /// Announcements heard: loading, loaded, empty or failed, refresh failed.
    private(set) var loading = 0
    private(set) var loaded = 0
    private(set) var other = 0

    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        switch announcement.kind {
        case .loading: loading += 1
        case .loaded: loaded += 1
        default: other += 1
        }
    }

    func announcedItemCount(in wrapper: ContentWrapper) -> Int? { 25 }
}
