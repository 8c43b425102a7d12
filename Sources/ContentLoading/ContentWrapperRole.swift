extension ContentWrapper {
    /// The part a renderer plays. The initial screen is drawn by the empty renderer.
    enum Role: UInt8 {
        case content, loading, empty, error

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
