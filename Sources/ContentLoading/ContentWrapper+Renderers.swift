/// The four renderers: which roles share one object, and showing or hiding the one a role names.
extension ContentWrapper {
    /// The ``sharedRenderers`` mask of four renderers, in the order of ``Role``.
    static func sharedRenderers(
        _ content: any ContentRenderer, _ loading: any ContentRenderer, _ empty: any ContentRenderer,
        _ error: any ContentRenderer
    ) -> UInt16 {
        func renderer(_ index: UInt16) -> any ContentRenderer {
            switch index {
            case 0: content
            case 1: loading
            case 2: empty
            default: error
            }
        }
        var mask: UInt16 = 0
        for first: UInt16 in 0..<4 {
            for second: UInt16 in 0..<4 where renderer(first) === renderer(second) {
                mask |= 1 << (first * 4 + second)
            }
        }
        return mask
    }

    /// The role that draws `state`: ``initialRole`` for the initial state.
    @inline(__always)
    func role(of state: ContentState) -> Role {
        state == .initial ? initialRole : Role(state)
    }

    /// Whether roles `first` and `second` are played by the same renderer object; never when
    /// either is ``Role/none``.
    @inline(__always)  // as when it was private: inlined into the hot path's draw
    func shareRenderer(_ first: Role, _ second: Role) -> Bool {
        guard first != .none, second != .none else { return false }
        return sharedRenderers & (1 << (UInt16(first.rawValue) * 4 + UInt16(second.rawValue))) != 0
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
