extension ContentWrapper {
    /// One thing to draw, queued while another is being drawn.
    enum Draw {
        /// The screen of `state`, showing the outcome of `load`.
        case screen(ContentState, load: UInt64)
        /// The report of a refresh that failed beside its content.
        case refreshFailure(any Error)
    }
}
