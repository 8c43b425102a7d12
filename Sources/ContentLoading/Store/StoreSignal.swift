/// What the app tells a ``ContentStore`` through ``ContentStore/receive(_:)``: a moment when
/// content on screen may have gone stale.
///
/// ```swift
/// .onChange(of: scenePhase) { if $1 == .active { store.receive(.becameActive) } }
/// ```
public enum StoreSignal: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The app came back to the foreground.
    case becameActive
    /// The network is reachable again.
    case reachable
    /// An interval the app keeps (a timer) went by.
    case interval

    /// The signal's name, as the docs spell it.
    public var description: String {
        switch self {
        case .becameActive: "becameActive"
        case .reachable: "reachable"
        case .interval: "interval"
        }
    }
}
