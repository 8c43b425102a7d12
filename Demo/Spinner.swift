/// An animated activity indicator: the frames and the time between them.
struct Spinner: Sendable {
    /// The frames, drawn in turn.
    static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// How long each frame stays.
    static let frameDuration: Duration = .milliseconds(80)

    /// The frame shown now.
    private(set) var frame = 0

    /// The current frame's character.
    var character: Character { Self.frames[frame] }

    /// Moves to the next frame.
    mutating func advance() { frame = (frame + 1) % Self.frames.count }
}
