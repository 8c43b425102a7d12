import ContentLoading
import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// The policy's arithmetic and the retry machine's decisions, with no clock and no load.
@Suite(.hangLimit)
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

    /// A zero base delay times an infinite multiplier is not a number, which used to
    /// crash converting it to a `Duration` in the middle of a load.
    @Test func aZeroBaseDelayWithAnInfiniteMultiplierWaitsZero() {
        let policy = RetryPolicy(baseDelay: .zero, multiplier: .infinity, jitter: 0)
        #expect(delays(policy, count: 4) == [.zero, .zero, .zero, .zero])
        let jittered = RetryPolicy(baseDelay: .zero, multiplier: .infinity, jitter: 0.5, random: { 0.5 })
        #expect(delays(jittered, count: 4) == [.zero, .zero, .zero, .zero])
    }

    /// Every odd value, in every combination, gets a delay within 0…cap: never a crash.
    @Test func everyCornerOfThePolicyGivesADelayWithinTheCap() {
        let durations: [Duration] = [
            .zero, .nanoseconds(1), .seconds(-1), .seconds(1), .seconds(Int64.max), .seconds(Int64.min),
            .seconds(Int64(1) << 50), .milliseconds(1_500),
        ]
        let doubles: [Double] = [
            0, -1, 0.5, 1, 1.000_000_001, 2, 1e300, .infinity, -.infinity, .nan, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude,
        ]
        let retries = [1, 2, 3, 64, 1_000, Int.max]
        let errors: [any Error] = [
            Flaky(), RateLimited(retryAfter: nil), RateLimited(retryAfter: .seconds(-1)),
            RateLimited(retryAfter: .seconds(Int64.max)),
        ]
        var checked = 0
        for base in durations {
            for maximum in durations {
                for multiplier in doubles {
                    for jitter in [0, 0.25, 1, -1, 7, .nan, .infinity] as [Double] {
                        for drawn in [0, 0.5, 0.999, -3, 42, .nan, .infinity] as [Double] {
                            let policy = RetryPolicy(
                                baseDelay: base, multiplier: multiplier, maximumDelay: maximum, jitter: jitter,
                                random: { drawn })
                            let cap = min(max(maximum, .zero), RetryPolicy.longestDelay)
                            for retry in retries {
                                for error in errors {
                                    let delay = policy.delay(beforeRetry: retry, after: error)
                                    checked += 1
                                    if delay < .zero || delay > cap {
                                        Issue.record("\(policy), retry \(retry), \(error): \(delay) outside 0…\(cap)")
                                        return
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 100_000)
    }

    /// A huge multiplier or retry number reaches the cap without looping over the retries.
    @Test func theBackoffReachesTheCapForHugeRetryNumbers() {
        let slow = RetryPolicy(baseDelay: .seconds(1), multiplier: 1.000_000_001, maximumDelay: .seconds(30), jitter: 0)
        #expect(slow.delay(beforeRetry: Int.max, after: Flaky()) == .seconds(30))
        #expect(slow.delay(beforeRetry: 1, after: Flaky()) == .seconds(1))
        let flat = RetryPolicy(baseDelay: .seconds(3), multiplier: 1, maximumDelay: .seconds(30), jitter: 0)
        #expect(flat.delay(beforeRetry: Int.max, after: Flaky()) == .seconds(3))
        let huge = RetryPolicy(baseDelay: .seconds(1), multiplier: 1e300, maximumDelay: .seconds(Int64.max), jitter: 0)
        #expect(huge.delay(beforeRetry: 3, after: Flaky()) == RetryPolicy.longestDelay)
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
