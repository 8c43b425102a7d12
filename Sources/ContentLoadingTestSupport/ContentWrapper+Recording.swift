public import ContentLoading

extension ContentWrapper {
    /// A wrapper whose four renderers are ``RecordingRenderer``s named `content`, `loading`,
    /// `empty` and `error`, all writing into `log`.
    ///
    /// ```swift
    /// let log = RenderLog()
    /// let wrapper = ContentWrapper.recording(into: log)
    /// #expect(log.entries == ["empty.show(initial)"])
    /// ```
    ///
    /// Unlike the wrapper's own initializer, the policy defaults to
    /// ``ContentLoading/PresentationPolicy/immediate``, so the log follows every state at once,
    /// and the first frame to the on-boarding placeholder, so the log shows it; pass
    /// `initialScreen: .blank` to test the wrapper's default first frame.
    public static func recording(
        into log: RenderLog,
        initialScreen: InitialScreen = .placeholder(.initial),
        policy: PresentationPolicy = .immediate,
        clock: some Clock<Duration> = ContinuousClock()
    ) -> ContentWrapper {
        ContentWrapper(
            content: RecordingRenderer("content", log: log), loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
            initialScreen: initialScreen, policy: policy, clock: clock)
    }
}
