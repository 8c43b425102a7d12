/// When a ``ContentWrapper`` shows and hides the loading screen, so that fast loads never
/// flash a spinner and slow ones never make it blink.
///
/// ```swift
/// let wrapper = ContentWrapper(
///     content: list, loading: spinner, empty: placeholder, error: placeholder,
///     policy: PresentationPolicy(loadingDelay: .milliseconds(300), minimumLoadingDuration: .milliseconds(400))
/// )
/// ```
///
/// - ``loadingDelay``: a first load that settles sooner goes straight from the previous screen
///   to its result, with no loading frame at all.
/// - ``minimumLoadingDuration``: once shown, the loading screen stays at least this long, so a
///   load that settles just after it appeared waits out the rest before the result replaces it.
///
/// Refreshing is not delayed: the content stays visible and the content renderer draws the
/// indicator. See <doc:PresentationTiming> for the timeline and the reasons for the defaults.
public struct PresentationPolicy: Sendable, Hashable, CustomStringConvertible {
    /// How long a load runs before the loading screen appears.
    public var loadingDelay: Duration
    /// How long the loading screen stays once it has appeared.
    public var minimumLoadingDuration: Duration

    /// Creates a policy; negative durations count as zero.
    public init(loadingDelay: Duration, minimumLoadingDuration: Duration) {
        self.loadingDelay = max(loadingDelay, .zero)
        self.minimumLoadingDuration = max(minimumLoadingDuration, .zero)
    }

    /// Waits 500 ms before showing the loading screen, then keeps it at least 500 ms.
    public static let standard = PresentationPolicy(
        loadingDelay: .milliseconds(500), minimumLoadingDuration: .milliseconds(500))

    /// Switches at once: every state is drawn the moment it is reached.
    public static let immediate = PresentationPolicy(loadingDelay: .zero, minimumLoadingDuration: .zero)

    /// Whether this policy never waits, so the wrapper need not read its clock.
    var isImmediate: Bool { loadingDelay <= .zero && minimumLoadingDuration <= .zero }

    /// The two durations, for logs.
    public var description: String {
        "PresentationPolicy(loadingDelay: \(loadingDelay), minimumLoadingDuration: \(minimumLoadingDuration))"
    }
}
