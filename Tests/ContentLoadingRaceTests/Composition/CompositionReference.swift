import ContentLoading

/// What a reference model of a container predicts after every step, for ``CompositionRunner``
/// to compare with the real types.
protocol CompositionReference {
    /// Every child of the pool, in or out of the container.
    var children: [ChildModel] { get }
    /// The container's `contentState`.
    var state: ContentState { get }
    /// The container's `hasContent`.
    var hasContent: Bool { get }
    /// The state the wrapper draws.
    var drawn: ContentState { get }
    /// The container's delegate calls, in order: `willBegin`, `show(state)` (the wrapper's
    /// `willShow`), `refreshFailed(error)`, `finished(error or ok)`.
    var log: [String] { get }
    /// Segmented: the selected index.
    var selection: Int? { get }

    /// Runs `step`; the answer mirrors the live step's (a finish's, remove's or select's `Bool`).
    mutating func apply(_ step: CompositionStep) -> Bool?
}
