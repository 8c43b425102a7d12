extension ContentWrapper {
    /// The part a renderer plays. The initial screen is drawn by the empty renderer, or by
    /// none (``none``) when it is blank: see ``ContentWrapper/role(of:)``.
    enum Role: UInt8 {
        case content, loading, empty, error
        /// No renderer: the screen is ``Screen/blank``.
        case none

        init(_ state: ContentState) {
            switch state {
            case .initial, .empty: self = .empty
            case .loading: self = .loading
            case .refreshing, .content: self = .content
            case .error: self = .error
            }
        }
    }
}
