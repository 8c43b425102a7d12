/// What a ``ContentWrapper`` shows before anything has loaded: the app's choice.
public enum InitialScreen: Sendable {
    /// An on-boarding placeholder, drawn by the empty renderer, until the first load's
    /// loading delay runs out.
    case placeholder(Placeholder)
    /// The loading screen at once, from the first frame; the minimum loading duration counts
    /// from when the wrapper was created.
    case loading
}
