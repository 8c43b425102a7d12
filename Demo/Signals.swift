import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signals the demo reacts to: handled on a queue of their own, which a blocked main
/// actor cannot hold up (the ones that end the demo), or delivered as an async sequence, so
/// that the main actor handles them between two drawings instead of racing them on another
/// thread (the others); and the default action of a signal, taken on demand once the
/// terminal is restored.
enum Signals {
    /// The queue every signal is handled on.
    private static let queue = DispatchQueue(label: "demo.signals")
    /// Every source made, for the life of the process. A source that only its own handler held
    /// would look unreachable to AddressSanitizer's leak check at exit, with the stream and the
    /// task it feeds; a global keeps them reachable. Only touched on ``queue``.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Delivers `numbers` to the returned stream instead of taking their default action.
    ///
    /// Returns once every source is registered; the caller changes the terminal only then.
    static func deliver(_ numbers: [Int32]) async -> AsyncStream<Int32> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        await handle(numbers) { continuation.yield($0) }
        return stream
    }

    /// Calls `handler` with each of `numbers`, on the signals' queue, instead of taking their
    /// default action.
    ///
    /// Returns once every source is registered; the caller changes the terminal only then.
    static func handle(_ numbers: [Int32], with handler: @escaping @Sendable (Int32) -> Void) async {
        for number in numbers {
            #if canImport(Darwin)
                // kqueue sees ignored signals too, and the default action must not run first.
                // (Until the source is registered, this signal is lost.)
                signal(number, SIG_IGN)
            #endif
            // Elsewhere dispatch installs a handler of its own when it registers the source;
            // until then the default action applies, harmless before the terminal changes.
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            queue.sync { sources.append(source) }
            source.setEventHandler { handler(number) }
            await withCheckedContinuation { (registered: CheckedContinuation<Void, Never>) in
                source.setRegistrationHandler { registered.resume() }
                source.resume()
            }
        }
    }

    /// Takes the default action of `number` now: ends the process for SIGINT, SIGTERM, SIGHUP
    /// and SIGQUIT, so the parent sees a death by that signal; stops it for SIGTSTP and
    /// returns once it is continued. Afterwards the signal is handled as before.
    static func takeDefaultAction(of number: Int32) {
        var defaultAction = sigaction()  // All zero: SIG_DFL, no flags, an empty mask.
        var previousAction = sigaction()
        sigaction(number, &defaultAction, &previousAction)
        // Dispatch's threads block signals; unblocked here, the signal acts on this thread.
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &only, &previousMask)
        raise(number)
        // Continued after a stop, or the kernel dropped the stop (an orphaned process group).
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        sigaction(number, &previousAction, nil)
    }
}
