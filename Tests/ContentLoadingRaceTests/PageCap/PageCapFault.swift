/// A deliberate mistake planted in the page cap's reference model, to prove that each
/// comparison of ``PageCapRaceLane`` catches what it claims to.
enum PageCapFault: CaseIterable, RaceFault {
    /// Past the cap, the newest page is dropped instead of the oldest.
    case dropsTheNewestOnAppend
    /// Loading previous refetches the page dropped first (the farthest), not the nearest.
    case refetchesTheFarthestDropped
    /// Loading previous begins a page while a page after the rows is in flight.
    case bothEndsAtOnce
    /// A page before the rows in flight shows in the append lane (the footer) too.
    case previousPageMovesTheFooter
    /// A page before the rows that drops the last page leaves the next cursor where it was.
    case droppedLastKeepsTheNextCursor
    /// A first page keeps the pages dropped before the old list.
    case refreshKeepsTheDroppedPages
    /// The cap is never applied: nothing is dropped.
    case capIgnored

    /// The comparisons that must report this fault (at least these).
    var detectedBy: Set<PageCapRaceLane.Field> {
        switch self {
        case .dropsTheNewestOnAppend: [.rows]
        case .refetchesTheFarthestDropped: [.requests]
        case .bothEndsAtOnce: [.answer]
        case .previousPageMovesTheFooter: [.appendState]
        case .droppedLastKeepsTheNextCursor: [.nextCursor]
        case .refreshKeepsTheDroppedPages: [.previousPageState]
        case .capIgnored: [.rows]
        }
    }
}
