/// What a ``ContentWrapper`` shows before anything has loaded: the app's choice.
///
/// | first frame             | until                                              | a cancelled first load shows |
/// |-------------------------|----------------------------------------------------|------------------------------|
/// | ``blank`` (the default) | the loading delay runs out or the result arrives   | nothing again                |
/// | ``placeholder(_:)``     | the loading delay runs out or the result arrives   | the placeholder again        |
/// | ``loading``             | the result arrives and the minimum, from creation, is over | ``Placeholder/initial`` |
///
/// Choose ``blank`` for a screen that loads as it appears — most screens: a fast answer then
/// replaces nothing, so the user sees no placeholder and no spinner flash before it. Choose
/// ``placeholder(_:)`` for a screen that may sit unloaded, waiting for the user to ask (a
/// search field, say): a blank screen that never loads looks broken. ``loading`` is for a
/// screen that must show progress from its first frame, at the cost of keeping the spinner
/// up for the policy's minimum even when the answer is instant.
/// See <doc:PresentationTiming#The-first-frame> for the timelines.
///
/// It is `Equatable`; two ``placeholder(_:)`` choices are equal when their placeholders are, as
/// ``Placeholder`` compares them (not the action's handler).
public enum InitialScreen: Sendable, Equatable {
    /// Nothing at all — no renderer is shown, and ``ContentWrapper/screen`` is ``Screen/blank``
    /// — until the first load's loading delay runs out or its result arrives. The default.
    case blank
    /// An on-boarding placeholder, drawn by the empty renderer, until the first load's
    /// loading delay runs out or its result arrives.
    case placeholder(Placeholder)
    /// The loading screen at once, from the first frame; the minimum loading duration counts
    /// from when the wrapper was created.
    case loading
}
