import ContentLoading

/// A child's loads, as its coordinator runs them: it asks the child's `hasContent` and runs a
/// finish's update where the framework does (calls into app code, where a re-entrant step may
/// act), and reports to its container, which reads it as it is then, whenever the framework
/// makes it report.
extension CompositionReferenceModel {
    /// The child's `hasContent`, asked as the framework asks it: a call into app code.
    mutating func askHasContent(_ child: Int) -> Bool {
        reenter(from: .hasContent)
        return children[child].hasItems
    }

    /// A child's report: its container, if it is in one, reads it now.
    private mutating func childReports(_ child: Int) {
        if reportsToContainer(child) { childReported(child) }
    }

    /// A child begins a load: asks `hasContent` if it keeps content, supersedes the load in
    /// flight, moves to loading (or refreshing) unless one was in flight, and reports; the
    /// harness holds the token once the begin returns.
    mutating func beginLoad(of child: Int, keepingContent: Bool) {
        let hasContent = keepingContent && askHasContent(child)
        children[child].latest += 1
        let number = children[child].latest
        children[child].active = number
        let state = children[child].state
        if !state.isLoading {
            children[child].stateBeforeLoad = state
            children[child].state = hasContent && state != .initial ? .refreshing : .loading
        }
        childReports(child)
        children[child].tokens.append(number)
    }

    /// Finishes load `number` of `child` with `outcome`: only the load in flight counts. Items
    /// are written in the update, which then calls back; the load then settles, unless one
    /// accepted from inside its update or its `hasContent` settled instead. A cancellation
    /// cancels the load.
    mutating func finishLoad(of child: Int, _ number: Int, _ outcome: CompositionStep.Outcome) -> Bool {
        guard children[child].isValid(number) else { return false }
        let failure: String?
        switch outcome {
        case .cancellation:
            return cancelLoad(of: child)
        case .items(let loaded):
            accept(child, number)
            children[child].items = loaded
            reenter(from: .update)
            failure = nil
        case .failure(let id):
            accept(child, number)
            failure = "\(RaceError(id))"
        }
        settle(child, number, failure: failure)
        return true
    }

    private mutating func accept(_ child: Int, _ number: Int) {
        children[child].active = 0
        children[child].lastAccepted = number
        children[child].settling = number
    }

    /// Settles accepted load `number`: content or empty by `hasContent`, or the error (content
    /// kept by a failed refresh). A newer load in flight keeps the state; cancelling it returns
    /// to this outcome.
    private mutating func settle(_ child: Int, _ number: Int, failure: String?) {
        guard children[child].lastAccepted == number else { return }
        children[child].lastError = failure
        let hasContent = askHasContent(child)
        guard children[child].lastAccepted == number else { return }
        children[child].settling = 0
        children[child].settledLoad = number
        children[child].settledLoadFailed = failure != nil
        let next: ContentState
        if failure == nil {
            next = hasContent ? .content : .empty
        } else {
            next = children[child].state == .refreshing && hasContent ? .content : .error
        }
        if children[child].active != 0 {
            children[child].stateBeforeLoad = next
            return
        }
        guard children[child].state.isLoading else { return }
        children[child].state = next
        childReports(child)
    }

    /// Cancels `child`'s load in flight (after asking `hasContent`, which may end it, or begin a
    /// newer one that this cancels): back to where it began, as the model now has it, unless
    /// an accepted load's update is running, which settles the state instead.
    mutating func cancelLoad(of child: Int) -> Bool {
        guard children[child].active != 0, !children[child].isReleased else { return false }
        let hasContent = askHasContent(child)
        guard children[child].active != 0 else { return false }
        children[child].active = 0
        guard children[child].settling == 0 else { return true }
        let next = children[child].reevaluated(children[child].stateBeforeLoad, hasContent: hasContent)
        guard next != children[child].state else { return true }
        children[child].state = next
        childReports(child)
        return true
    }

    /// `child`'s model changed outside a load and it says so: asks `hasContent`; a settled
    /// state follows the model.
    mutating func modelChanged(of child: Int) {
        let hasContent = askHasContent(child)
        let state = children[child].state
        guard !state.isLoading else { return }
        let next = children[child].reevaluated(state, hasContent: hasContent)
        guard next != state else { return }
        children[child].state = next
        childReports(child)
    }
}
