/// The pure logic behind resetting a container (``ComposedDataSource/resetContent()``,
/// ``SegmentedDataSource/resetContent()``): which children it counts as never loaded.
///
/// A reset marks each child with the load whose outcome it showed then. Until a later load of
/// that child settles, the container counts it as unloaded:
///
/// | the child, since the reset               | counted as            |
/// |------------------------------------------|-----------------------|
/// | no load of it settled, none in flight    | `initial`, no failure |
/// | no load of it settled, one in flight     | `loading`, no failure |
/// | a load of it settled                     | as it is; the mark goes |
///
/// A refresh of content the screen no longer shows is a first load to the screen, hence
/// `loading`. A cancelled load leaves the mark, so the child goes back to `initial`, where the
/// screen was when it began. A model changed outside a load changes nothing on screen.
struct ResetMarks: Sendable {
    /// Each marked child's settled load at the reset, by object identity.
    private var marks: [ObjectIdentifier: UInt64] = [:]

    /// Whether no child is marked: the container counts every child as it is.
    var isEmpty: Bool { marks.isEmpty }

    /// Marks `child`, which shows the outcome of load `settledLoad` now.
    mutating func mark(_ child: ObjectIdentifier, settledLoad: UInt64) {
        marks[child] = settledLoad
    }

    /// `child` left the container: if it joins again, it counts as it is then.
    mutating func forget(_ child: ObjectIdentifier) {
        marks[child] = nil
    }

    /// Whether `child` has a mark, current or not yet found stale by ``counted(_:_:)``.
    func contains(_ child: ObjectIdentifier) -> Bool { marks[child] != nil }

    /// Whether `child` is still counted as unloaded, showing the outcome of load `settledLoad` now.
    func isMarked(_ child: ObjectIdentifier, settledLoad: UInt64) -> Bool {
        guard let mark = marks[child] else { return false }
        return mark == settledLoad
    }

    /// What the container counts for `child`, which presents `presentation` now; a child whose
    /// load settled since the reset loses its mark and counts as it is.
    mutating func counted(
        _ child: ObjectIdentifier, _ presentation: (state: ContentState, settledLoad: UInt64, failure: (any Error)?)
    ) -> (state: ContentState, settledLoad: UInt64, failure: (any Error)?) {
        guard let mark = marks[child] else { return presentation }
        guard mark == presentation.settledLoad else {
            marks[child] = nil
            return presentation
        }
        return (presentation.state.isLoading ? .loading : .initial, presentation.settledLoad, nil)
    }
}
