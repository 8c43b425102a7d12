/// Taps on actions kept from an earlier drawing, as the reference model restates the rule: an
/// action acts only while the screen or footer it was drawn in is the one its wrapper draws
/// (no other drawn since, and the wrapper still the one in use: a replaced wrapper is gone);
/// otherwise it answers `false` and does nothing.
extension ContentReferenceModel {
    /// Keeps the action of the placeholder screen and of the failed footer the current wrapper
    /// draws, each if it draws one. Only the empty and error placeholders carry an action (the
    /// harness's Retry); the on-boarding one has none.
    mutating func keepDrawnActions() {
        let wrapper = wrappers[current]
        if wrapper.drawn == .empty || wrapper.drawn == .error {
            keptPlaceholderAction = (current, wrapper.screenDrawings)
        }
        if wrapper.footer == .failed {
            keptFooterAction = (current, wrapper.footerDrawings)
        }
    }

    /// Taps the kept placeholder's action: the harness's, which re-enters from
    /// ``ContentStep/Site/placeholderAction``.
    mutating func tapKeptPlaceholderAction() -> Bool? {
        guard let kept = keptPlaceholderAction else { return nil }
        let shown = kept.wrapper == current && wrappers[current].screenDrawings == kept.drawing
        guard shown || fault == .staleActionsAct else {
            lane.reached.insert(.stalePlaceholderActionRefused)
            return false
        }
        if shown { lane.reached.insert(.keptPlaceholderActionActed) }
        reenter(from: .placeholderAction)
        return true
    }

    /// Taps the kept Retry of a failed footer: the data source's own `loadMore()`, a call like
    /// any other (it does nothing once the data source is gone).
    mutating func tapKeptFooterAction() -> Bool? {
        guard let kept = keptFooterAction else { return nil }
        let shown = kept.wrapper == current && wrappers[current].footerDrawings == kept.drawing
        guard shown || fault == .staleActionsAct else {
            lane.reached.insert(.staleFooterActionRefused)
            return false
        }
        if shown { lane.reached.insert(.keptFooterActionActed) }
        if !isReleased { _ = loadMore(byHarness: false) }
        return true
    }
}
