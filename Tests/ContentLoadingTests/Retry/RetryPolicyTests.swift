import ContentLoading
import Testing

@testable import ContentLoading

/// The policy's arithmetic and the retry machine's decisions, with no clock and no load.
struct RetryPolicyTests {
    struct Flaky: Error {}
    struct RateLimited: Error, RetryAfterProviding {
        let retryAfter: Duration?
    }

    func delays(_ policy: RetryPolicy, count: Int, error: any Error = Flaky()) -> [Duration] {
        (1...count).map { policy.delay(beforeRetry: $0, after: error) }
    }

    @Test func theStandardBackoffDoublesFromOneSecondUpToTheCap() {
        var policy = RetryPolicy.standard
        policy.jitter = 0
        #expect(policy.maxAttempts == 4)
        #expect(delays(policy, count: 7) == [1, 2, 4, 8, 16, 30, 30].map { Duration.seconds($0) })
    }

    @Test func jitterShortensEachDelayByUpToItsShareOfItAtRandom() {
        var policy = RetryPolicy(baseDelay: .seconds(4), jitter: 0.25, random: { 0.5 })
        #expect(policy.delay(beforeRetry: 1, after: Flaky()) == .milliseconds(3_500))
        policy.random = { 0 }
        #expect(policy.delay(beforeRetry: 1, after: Flaky()) == .seconds(4))
        policy.jitter = 1
        policy.random = { 0.999_999 }
        #expect(policy.delay(beforeRetry: 1, after: Flaky()) < .milliseconds(1))
    }

    @Test func anErrorsOwnRetryAfterReplacesTheBackoffWithinTheCap() {
        let policy = RetryPolicy(maximumDelay: .seconds(10), random: { 0.9 })
        #expect(policy.delay(beforeRetry: 1, after: RateLimited(retryAfter: .seconds(7))) == .seconds(7))
        #expect(policy.delay(beforeRetry: 1, after: RateLimited(retryAfter: .seconds(70))) == .seconds(10))
        #expect(policy.delay(beforeRetry: 1, after: RateLimited(retryAfter: .seconds(-3))) == .zero)
        // No delay named: the backoff, jitter included.
        #expect(policy.delay(beforeRetry: 1, after: RateLimited(retryAfter: nil)) < .seconds(1))
    }

    @Test func outOfRangeValuesAreClampedNeverACrash() {
        let negative = RetryPolicy(baseDelay: .seconds(-1), multiplier: -2, maximumDelay: .seconds(-5), jitter: 0)
        #expect(delays(negative, count: 3) == [.zero, .zero, .zero])
        let notANumber = RetryPolicy(baseDelay: .seconds(1), multiplier: .nan, jitter: .nan, random: { .nan })
        #expect(delays(notANumber, count: 3) == [.seconds(1), .seconds(1), .seconds(1)])
        let wild = RetryPolicy(baseDelay: .seconds(1), multiplier: .infinity, jitter: 7, random: { 42 })
        #expect(wild.delay(beforeRetry: 3, after: Flaky()) == .zero)
        #expect(RetryPolicy(maxAttempts: 0).allowsRetries == false)
        #expect(RetryPolicy(maxAttempts: Int.min).allowsRetries == false)
        #expect(RetryPolicy.never.allowsRetries == false)
    }

    @Test func theMachineStopsAtTheLastAttemptAndNumbersEachRetry() {
        var machine = RetryStateMachine(policy: RetryPolicy(maxAttempts: 3, jitter: 0))
        let first = machine.attemptFailed(with: Flaky(), lane: .content)
        #expect(first?.number == 2)
        #expect(first?.maxAttempts == 3)
        #expect(first?.delay == .seconds(1))
        #expect(machine.attemptFailed(with: Flaky(), lane: .content)?.number == 3)
        #expect(machine.attemptFailed(with: Flaky(), lane: .content) == nil)
    }

    @Test func theMachineNeverRetriesACancellationOrWhatThePredicateRefuses() {
        var machine = RetryStateMachine(policy: RetryPolicy(shouldRetry: { error, attempt in attempt < 2 }))
        #expect(machine.attemptFailed(with: CancellationError(), lane: .content) == nil)
        #expect(machine.attemptFailed(with: Flaky(), lane: .content) != nil)
        #expect(machine.attemptFailed(with: Flaky(), lane: .content) == nil, "the predicate refuses attempt 2")
        var zero = RetryStateMachine(policy: RetryPolicy(maxAttempts: 0))
        #expect(zero.attemptFailed(with: Flaky(), lane: .content) == nil)
    }

    @Test func transientErrorsAreRetriedAndPermanentOnesAreNot() {
        #expect(RetryPolicy.isTransient(Flaky()))
        #expect(!RetryPolicy.isTransient(CancellationError()))
        #expect(!RetryPolicy.isTransient(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: ""))))
    }
}
