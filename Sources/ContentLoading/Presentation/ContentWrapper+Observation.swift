extension ContentWrapper {
    /// Creates a wrapper that draws into `model` for all four roles — content, loading, empty and
    /// error — and draws `initialScreen` into it.
    ///
    /// ```swift
    /// let model = ScreenModel()
    /// let wrapper = ContentWrapper(drawingInto: model)
    /// // in a SwiftUI view: switch model.screen { … }
    /// ```
    ///
    /// The wrapper holds `model` as it would hold renderers, draws exactly what it would draw
    /// into them, and also tells it whether a load is in flight and when a refresh failed (see
    /// ``ScreenModel``). The delegate still customises placeholders and hears about switches.
    ///
    /// - Parameters:
    ///   - model: Shows what the wrapper draws; give each wrapper its own.
    ///   - initialScreen: What shows before anything has loaded.
    ///   - policy: When the loading screen appears and how long it stays.
    ///   - clock: Measures the policy's durations; tests pass a manual clock.
    public convenience init(
        drawingInto model: ScreenModel,
        initialScreen: InitialScreen = .blank,
        policy: PresentationPolicy = .standard,
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        let renderer = NoDrawingRenderer.shared
        self.init(
            content: renderer, loading: renderer, empty: renderer, error: renderer, initialScreen: initialScreen,
            policy: policy, clock: clock)
        screenObservation.attach(model, to: self)
    }

    /// Every screen this wrapper draws, as an `AsyncSequence`: read it off the main actor, and
    /// in tests that await a screen.
    ///
    /// It begins with the screen drawn now and ends when the wrapper is released. A SwiftUI view
    /// observes a ``ScreenModel`` instead (see <doc:ObservingScreens>, "Which to read").
    ///
    /// ```swift
    /// for await screen in wrapper.screens where screen.state == .content {
    ///     break                     // the content is on screen
    /// }
    /// ```
    ///
    /// Each iteration is its own consumer with a newest-value buffer; see ``ScreenStream``.
    public var screens: ScreenStream {
        ScreenStream(storage: screenObservation.streams(startingWith: screen))
    }

    /// Tells a ``ScreenModel`` what changed, in one write, once the drawing is done.
    func publishDrawnChange() {
        if !isDrawing, let observation { observation.publish(self) }
    }

    /// What a ``ScreenModel`` and the screen streams hear from this wrapper, made when first
    /// asked for.
    var screenObservation: ScreenObservation {
        if let observation { return observation }
        let made = ScreenObservation(isLoading: machine.target.isLoading)
        observation = made
        return made
    }
}
