/// Announcements: what the user perceives of each screen drawn, for assistive technologies.
extension ContentWrapper {
    /// Tells `delegate` what the user perceives of `screen`, just drawn: the screen of `state`
    /// showing the outcome of load `load` (`refreshFailed`: see ``Draw``).
    ///
    /// The presentation machine decides whether it is news, and keeps track with no delegate
    /// too, so one set later hears no old news.
    func announceDrawn(
        _ state: ContentState, load: UInt64, _ screen: Screen, refreshFailed: Bool,
        to delegate: (any ContentWrapperDelegate)?
    ) {
        // Announcing.ContentLoading.FirstLoad.Ratio ≤ 140% (Benchmarks/Thresholds): the delegate
        // is used through the optional it came in, since binding it retained and released it
        // through its weak reference's side table, and the kind moves into the announcement
        // (`consume` below), since the optimizer copied it otherwise. The machine records what the
        // user was told whether or not a delegate hears it.
        guard let news = machine.announcement(drawn: state, load: load, refreshFailed: refreshFailed), delegate != nil
        else { return }
        let kind: Announcement.Kind
        switch news {
        case .loading:
            kind = .loading
        case .content:
            kind = .loaded(count: delegate?.announcedItemCount(in: self) ?? nil)
        case .empty:
            kind = .empty(screen.placeholder ?? .empty)
        default:  // .error: the machine announces no other state
            guard case .error(let error, let placeholder) = screen else { return }
            kind = .failed(error, placeholder)
        }
        delegate?.contentWrapper(self, announce: Announcement(consume kind))
    }
}
