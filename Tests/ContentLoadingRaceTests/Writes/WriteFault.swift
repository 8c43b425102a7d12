/// A deliberate mistake planted in the write lane's reference model, to prove that each
/// comparison of ``WriteRaceLane`` catches what it claims to.
enum WriteFault: CaseIterable, RaceFault {
    /// A fetch that lands under pending writes shows its value without their changes
    /// (TanStack/query #439: a refetch reverting the change).
    case refreshRevertsChange
    /// A failure rolls back by committing what is on screen without the write: the other pending
    /// writes' optimistic changes become the committed value (vercel/swr #1965).
    case rollbackToOptimisticValue
    /// A failure restores the committed value from when the write was applied, over any commit
    /// since (TanStack DB PR #1701).
    case rollbackOverNewerCommit
    /// The key revalidates after each write settles, not after the last.
    case revalidatesAfterEachWrite
    /// An older write's success commits over a newer one's (vercel/swr #425).
    case staleToggleWins

    var detectedBy: Set<WriteRaceLane.Field> {
        switch self {
        case .refreshRevertsChange: [.value]
        case .rollbackToOptimisticValue, .rollbackOverNewerCommit: [.committed]
        case .revalidatesAfterEachWrite: [.fetches]
        case .staleToggleWins: [.answer]
        }
    }
}
