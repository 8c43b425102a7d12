import ContentLoading

/// What the wrappers of a sequence draw before anything loads: the framework's default, a
/// blank frame (no renderer shown), or the on-boarding placeholder (the empty renderer).
///
/// The seed chooses, so a replay runs with the same first frame.
enum FirstFrame: CustomStringConvertible {
    case blank
    case placeholder

    /// Half the seeds run with each.
    init(seed: UInt64) { self = seed % 2 == 0 ? .blank : .placeholder }

    /// The renderer that draws the initial state, numbered as
    /// ``ContentStep/Site/rendererNames``; `nil` for none.
    var initialRole: Int? { self == .blank ? nil : 2 }

    var description: String {
        switch self {
        case .blank: ".blank"
        case .placeholder: ".placeholder"
        }
    }
}
