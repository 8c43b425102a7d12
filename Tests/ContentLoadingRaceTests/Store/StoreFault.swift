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
    /// An app's signal revalidates a key a signal revalidated less than the throttle ago.
    case signalIgnoresThrottle
    /// Coming back online is not a signal.
    case onlineIsNoSignal
    /// Keys beyond the count limit are kept.
    case ignoresCountLimit
    /// Keys unbound for longer than the retention are kept.
    case ignoresRetention
    /// Cancelling the task that awaits a reload leaves its load running.
    case awaitedCancelKeepsLoad
    /// A released data source's key counts as unbound from the sweep that noticed the release,
    /// not from the release.
    case retentionFromThePrune
    /// `invalidate(where:)` also invalidates a key its predicate wrote, new to the store (as when
    /// it was asked about the slot a removed key freed).
    case invalidatesKeyWrittenMeanwhile

    var detectedBy: Set<StoreRaceLane.Field> {
        switch self {
        case .joinsPreInvalidationFetch: [.fetches]
        case .storesSupersededResult: [.storeValue]
        case .departureCancelsSharedFetch: [.answer]
        case .keyChangeDropsPlaceholder: [.value]
        case .failureHidesContent: [.state]
        case .signalIgnoresThrottle, .onlineIsNoSignal: [.fetches]
        case .ignoresCountLimit, .ignoresRetention: [.keys]
        case .awaitedCancelKeepsLoad: [.state]
        case .retentionFromThePrune: [.keys]
        case .invalidatesKeyWrittenMeanwhile: [.fetches]
        }
    }
}
