import ContentLoading

/// What a peer's host draws, written the plain way: the loading screen as soon as a load
/// begins, the content when a result is accepted, and nothing when the state does not change.
/// The peers have no presentation policy, so this is what their users see.
@MainActor
final class PeerScreen {
    private(set) var state = ContentState.initial
    /// Screens drawn: every change of state.
    private(set) var screensDrawn = 0
    /// Changes of the renderer that draws the screen (initial and empty share one, as do
    /// refreshing and content), as a ContentWrapper assigns them.
    private(set) var rendererSwitches = 0

    func show(_ next: ContentState) {
        guard next != state else { return }
        if Self.renderer(for: next) != Self.renderer(for: state) { rendererSwitches += 1 }
        state = next
        screensDrawn += 1
    }

    private static func renderer(for state: ContentState) -> Int {
        switch state {
        case .initial, .empty: 0
        case .loading: 1
        case .refreshing, .content: 2
        case .error: 3
        }
    }
}
