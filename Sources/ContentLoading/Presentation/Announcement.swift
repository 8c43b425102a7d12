/// A short text for VoiceOver and other assistive technologies to speak: a change of screen
/// that a user perceives, as ``ContentWrapperDelegate/contentWrapper(_:announce:)`` hears it.
///
/// Post it as an announcement (UIKit shown; SwiftUI's `AccessibilityNotification.Announcement`
/// works the same way):
///
/// ```swift
/// func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
///     UIAccessibility.post(notification: .announcement, argument: announcement.text)
/// }
/// ```
///
/// ``text`` is English by default. To say it in your app's words, switch over ``kind``:
///
/// ```swift
/// var announcement = announcement
/// if case .loaded(let count?) = announcement.kind {
///     announcement.text = String(localized: "\(count) colours")
/// }
/// ```
///
/// See <doc:Accessibility> for what is announced when, and why a fast load says nothing.
public struct Announcement: Sendable, CustomStringConvertible {
    /// The kind, and the text set in place of the default, if any.
    // Announcing.ContentLoading.FirstLoad.Ratio ≤ 140% (Benchmarks/Thresholds): one stored tuple,
    // not two stored properties, since with two the optimizer copied each announcement once more
    // on its way to the delegate.
    private var parts: (kind: Kind, replacement: String?)

    /// What changed, with what an app needs to word it.
    public var kind: Kind {
        get { parts.kind }
        set { parts.kind = newValue }
    }

    /// Creates an announcement of `kind`; `text`, if given, replaces the default English.
    public init(_ kind: Kind, text: String? = nil) {
        parts = (kind, text)
    }

    /// What to announce: the kind's ``Kind/defaultText`` unless replaced.
    ///
    /// The default is made when read, so a wrapper whose delegate does not announce pays
    /// nothing for it.
    public var text: String {
        get { parts.replacement ?? parts.kind.defaultText }
        set { parts.replacement = newValue }
    }

    /// The text.
    public var description: String { text }
}
