/// A deliberate mistake planted in the lists lane's reference model, to prove that each
/// comparison of ``ListRaceLane`` catches what it claims to.
enum ListFault: CaseIterable, RaceFault {
    /// A list's response lands over an item changed since its request began.
    case landsOverNewerItem
    /// A change that leaves a row's item equal to the one drawn is drawn.
    case redrawsEqualItem
    /// An eviction takes an item a list shows.
    case evictsShownItem

    var detectedBy: Set<ListRaceLane.Field> {
        switch self {
        case .landsOverNewerItem: [.rows]
        case .redrawsEqualItem: [.frames]
        case .evictsShownItem: [.contained]
        }
    }
}
