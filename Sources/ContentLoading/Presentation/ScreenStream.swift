/// The screens a ``ContentWrapper`` draws, as an `AsyncSequence`: for code that is not a view,
/// and for tests.
///
/// ```swift
/// for await screen in wrapper.screens {
///     print(screen)              // initial, then each screen as it is drawn
/// }                              // ends when the wrapper is released
/// ```
///
/// Each iteration is a consumer of its own: any number may read one wrapper, and each starts
/// with the screen drawn when its iterator is made, then receives every screen drawn after it.
/// A consumer keeps only the newest screen it has not taken yet: one that reads slowly skips
/// screens, but never receives an older screen after a newer one, and never makes the wrapper
/// wait. Every stream ends when its wrapper is released (after its consumer takes the screen it
/// holds), or, for one consumer, when its task is cancelled. Consumers may run on any actor or
/// none.
///
/// See <doc:ObservingScreens>.
public struct ScreenStream: AsyncSequence, Sendable {
    /// A drawn screen.
    public typealias Element = Screen
    /// A stream of screens never fails.
    public typealias Failure = Never

    let storage: ScreenStreamStorage

    /// A new consumer, which starts with the screen drawn now.
    public func makeAsyncIterator() -> Iterator {
        Iterator(subscription: ScreenStreamSubscription(storage))
    }

    /// One consumer's place in a ``ScreenStream``.
    public struct Iterator: AsyncIteratorProtocol {
        let subscription: ScreenStreamSubscription

        /// The newest screen not taken yet, or the next drawn; `nil` once the wrapper is released
        /// or this task is cancelled.
        public mutating func next() async -> Screen? {
            await subscription.storage.next(subscription.id, isolation: nil)
        }

        /// As ``next()``, staying on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Screen? {
            await subscription.storage.next(subscription.id, isolation: actor)
        }
    }
}

/// One iterator is one consumer: share it between tasks and the second `next()` that waits
/// returns `nil`.
@available(*, unavailable)
extension ScreenStream.Iterator: Sendable {}
