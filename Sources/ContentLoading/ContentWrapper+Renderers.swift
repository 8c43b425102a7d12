/// The four renderers: which roles share one object, and showing or hiding the one a role names.
extension ContentWrapper {
    /// The ``sharedRenderers`` mask of four renderers, in the order of ``Role``; ``Role/none``
    /// shares none.
    static func sharedRenderers(
        _ content: any ContentRenderer, _ loading: any ContentRenderer, _ empty: any ContentRenderer,
        _ error: any ContentRenderer
    ) -> UInt32 {
        func renderer(_ index: UInt32) -> any ContentRenderer {
            switch index {
            case 0: content
            case 1: loading
            case 2: empty
            default: error
            }
        }
        var mask: UInt32 = 0
        for first: UInt32 in 0..<4 {
            for second: UInt32 in 0..<4 where renderer(first) === renderer(second) {
                mask |= 1 << (first * 5 + second)
            }
        }
        return mask
    }

    /// The role that draws `state`: ``initialRole`` for the initial state.
    ///
    /// Performance: one switch, not `state == .initial` (a call to the synthesized `==` as
    /// far as the inliner can tell): with the comparison, ``switchScreen(to:load:_:)`` grew too
    /// large to be inlined into ``perform(_:)``, and every draw copied its `Screen`.
    @inline(__always)
    func role(of state: ContentState) -> Role {
        switch state {
        case .initial: initialRole
        case .empty: .empty
        case .loading: .loading
        case .refreshing, .content: .content
        case .error: .error
        }
    }

    /// Whether roles `first` and `second` are played by the same renderer object; never when
    /// either is ``Role/none``, whose row and column of the mask are empty (a comparison here
    /// would keep the draw from being inlined, as in ``role(of:)``).
    @inline(__always)  // as when it was private: inlined into the hot path's draw
    func shareRenderer(_ first: Role, _ second: Role) -> Bool {
        sharedRenderers & (1 << (UInt32(first.rawValue) * 5 + UInt32(second.rawValue))) != 0
    }

    // A switch over `let` properties calls each renderer in place, without retaining it.

    @inline(__always)
    func show(_ screen: Screen, by role: Role) {
        switch role {
        case .content: contentRenderer.show(screen)
        case .loading: loadingRenderer.show(screen)
        case .empty: emptyRenderer.show(screen)
        case .error: errorRenderer.show(screen)
        case .none: break
        }
    }

    @inline(__always)
    func hide(by role: Role) {
        switch role {
        case .content: contentRenderer.hide()
        case .loading: loadingRenderer.hide()
        case .empty: emptyRenderer.hide()
        case .error: errorRenderer.hide()
        case .none: break
        }
    }
}
