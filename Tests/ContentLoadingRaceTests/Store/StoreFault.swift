/// A deliberate mistake planted in the store's reference model, to prove that each comparison
/// of ``StoreRaceLane`` catches what it claims to.
enum StoreFault: CaseIterable, RaceFault {
    /// An invalidation leaves the fetch begun before it current, to be joined (TanStack/query #2154).
    case joinsPreInvalidationFetch
    /// A superseded fetch's response is stored anyway.
    case storesSupersededResult
    /// A waiter leaving a shared fetch cancels it for the others.
    case departureCancelsSharedFetch
    /// A key change to a key without a value drops the previous value instead of keeping it.
    case keyChangeDropsPlaceholder
    /// A failed revalidation drops the content shown to the error screen.
    case failureHidesContent

    var detectedBy: Set<StoreRaceLane.Field> {
        switch self {
        case .joinsPreInvalidationFetch: [.prefetch]
        case .storesSupersededResult: [.storeValue]
        case .departureCancelsSharedFetch: [.fetches]
        case .keyChangeDropsPlaceholder: [.value]
        case .failureHidesContent: [.state]
        }
    }
}
