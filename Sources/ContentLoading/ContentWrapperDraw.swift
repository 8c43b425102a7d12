extension ContentWrapper {
    /// One thing to draw, queued while another is being drawn.
    enum Draw {
        /// The screen of `state`, showing the outcome of `load`; `refreshFailed` when it is
        /// the content of a failed refresh, reported (and announced) right after.
        case screen(ContentState, load: UInt64, refreshFailed: Bool)
        /// The report of a refresh that failed beside its content.
        case refreshFailure(any Error)
        /// The footer the footer machine displays (see ContentWrapper+Footer.swift).
        case footer
    }
}
