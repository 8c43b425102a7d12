import ContentLoading

/// The comparison made after every step: the real types against the reference model, and the
/// attached wrapper against the state and the lane it draws.
extension ContentRaceLane {
    func compare(
        _ live: ContentLiveSystem, with model: ContentReferenceModel, answers: (live: Bool?, model: Bool?)
    ) -> [Problem] {
        var comparison = Comparison<Field>()
        comparison.expect(.answer, String(describing: answers.live), String(describing: answers.model))
        comparison.expect(.shown, live.wrapper.displayedState, model.displayed)
        if model.isAttached, let problem = Self.screenProblem(live) {
            comparison.report(.screen, problem)
        }
        comparison.expect(.state, live.coordinator.state, model.state)
        comparison.expect(.isLoading, live.coordinator.isLoading, model.isLoading)
        comparison.expect(.error, live.coordinator.error.map { "\($0)" } ?? "nil", model.error.map { "\($0)" } ?? "nil")
        if model.isReleased {
            if live.weakDataSource != nil { comparison.report(.lifetime, "data source alive") }
        } else {
            comparison.expect(.items, live.items ?? ["<released>"], model.items)
        }
        comparison.expectLog(.log, live.log.entries, model.log)
        for (generation, token) in live.knownTokens where token.isValid != model.isValid(generation: generation) {
            comparison.report(
                .validity, "token #\(generation) live \(token.isValid), model \(model.isValid(generation: generation))")
        }
        // A task still running, or one whose work the framework's cancel ended (a superseded
        // load's, whose value no step asks for): each must be cancelled exactly when the model's is.
        for (index, load) in model.asyncLoads.enumerated() where load.value == nil || load.endedByItsCancel {
            guard let task = live.asyncLoads[index].task else { continue }
            if task.isCancelled != load.isCancelled {
                comparison.report(
                    .taskCancelled,
                    "task of load #\(load.generation) live \(task.isCancelled), model \(load.isCancelled)")
            }
        }
        Self.comparePaging(live, model, into: &comparison)
        return comparison.problems
    }

    /// The append lane: every `loadMore()` answer, the lane's state and cursor, every page
    /// token's validity, the footer drawn, and (when attached) that it is the lane's.
    private static func comparePaging(
        _ live: ContentLiveSystem, _ model: ContentReferenceModel, into comparison: inout Comparison<Field>
    ) {
        comparison.expect(.loadMore, live.loadMoreAnswers, model.lane.answers)
        if let dataSource = live.weakDataSource, !model.isReleased {
            comparison.expect(.appendState, dataSource.appendState.description, model.lane.stateDescription)
            comparison.expect(.nextCursor, dataSource.nextCursor, model.lane.nextCursor)
        }
        comparison.expect(
            .footer, ContentLiveSystem.describe(live.wrapper.footer), model.wrappers[model.current].footerDescription)
        if model.isAttached, let problem = footerProblem(live) {
            comparison.report(.footerScreen, problem)
        }
        let known = live.pageTokens.keys.sorted()
        if known != model.lane.knownInOrder {
            comparison.report(.validity, "pages known: live \(known), model \(model.lane.knownInOrder)")
        }
        for page in known where live.pageTokens[page]!.isValid != model.isPageValid(page) {
            comparison.report(
                .validity, "page #\(page) live \(live.pageTokens[page]!.isValid), model \(model.isPageValid(page))")
        }
    }

    /// What is wrong with the footer the live wrapper draws for its data source's append lane,
    /// if anything: it must be the lane's (with the failed page's error), and the content
    /// renderer must have been told it.
    private static func footerProblem(_ live: ContentLiveSystem) -> String? {
        guard let dataSource = live.weakDataSource else { return nil }
        let lane: String
        switch dataSource.appendState {
        case .idle: lane = "hidden"
        case .loadingMore: lane = "loadingMore"
        case .failed(let error): lane = "failed(\(error))"
        case .endReached: lane = "endReached"
        }
        let drawn = ContentLiveSystem.describe(live.wrapper.footer)
        guard drawn == lane else { return "draws footer \(drawn), lane \(dataSource.appendState)" }
        let told = ContentLiveSystem.describe(live.renderers[0].lastFooter)
        guard told == drawn else { return "draws footer \(drawn), content renderer last told \(told)" }
        return nil
    }

    /// What is wrong with the screen the live wrapper draws for its coordinator's state, if anything.
    private static func screenProblem(_ live: ContentLiveSystem) -> String? {
        let state = live.coordinator.state
        let drawn = live.wrapper.displayedState
        guard drawn == state else { return "draws \(drawn), state \(state)" }
        let visible = live.renderers.indices.filter { live.renderers[$0].isVisible }
        guard let role = ContentReferenceModel.role(of: state, firstFrame: live.firstFrame) else {
            // The blank first frame: no renderer shows, and the wrapper says so.
            guard visible.isEmpty else { return "renderers \(visible) visible for a blank \(state)" }
            guard case .blank = live.wrapper.screen else { return "screen \(live.wrapper.screen) for a blank frame" }
            return nil
        }
        guard visible == [role] else { return "renderers \(visible) visible for \(state)" }
        guard live.renderers[role].lastScreen?.state == state else {
            return
                "\(live.renderers[role].name) last drew \(String(describing: live.renderers[role].lastScreen?.state))"
        }
        return nil
    }
}
