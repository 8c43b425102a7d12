import ContentLoading

/// Actions kept from what the wrapper drew, and tapped later, against the real types.
extension ContentLiveSystem {
    /// Keeps the action of the placeholder screen and of the failed footer the wrapper draws
    /// now, each if it draws one.
    func keepDrawnActions() {
        if let action = wrapper.screen.placeholder?.action { keptPlaceholderAction = action }
        if case .failed = wrapper.footer.state, let placeholder = wrapper.footer.placeholder,
            let action = placeholder.action
        {
            keptFooterAction = action
        }
    }

    /// Taps the kept Retry of a failed footer: a `loadMore()` call, numbered as the next one
    /// while the data source lives, if the action acts; a stale one takes no number.
    func tapKeptFooterAction() -> Bool? {
        guard let action = keptFooterAction else { return nil }
        guard weakDataSource != nil else { return action.perform() }
        pageCalls += 1
        callStack.append(pageCalls)
        let acted = action.perform()
        callStack.removeLast()
        // A stale tap ran nothing, so no other call took a number meanwhile.
        if !acted { pageCalls -= 1 }
        return acted
    }
}
