import Foundation  // NSLock: a lock ThreadSanitizer understands.

/// Validity reads off the main actor, as a child's completion handler makes them: a token read
/// invalid never reads valid again, and (checked on the main actor) is never accepted later.
final class TokenReads: @unchecked Sendable {
    // @unchecked: every property is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var seenInvalid: Set<TokenTicket> = []
    private var valid = 0
    private var invalid = 0
    private var problems: [String] = []

    /// Any thread: reads `ticket`'s validity and notes the answer.
    @discardableResult
    func observe(_ ticket: TokenTicket) -> Bool {
        let isValid = ticket.token.isValid
        let cameBack = !isValid && ticket.token.isValid
        lock.withLock {
            if isValid {
                valid += 1
            } else {
                invalid += 1
                seenInvalid.insert(ticket)
            }
            if cameBack { problems.append("\(ticket) read invalid, then valid again") }
        }
        return isValid
    }

    /// Main actor, before finishing `ticket`: whether a worker already saw it invalid.
    func wasSeenInvalid(_ ticket: TokenTicket) -> Bool {
        lock.withLock { seenInvalid.contains(ticket) }
    }

    /// How many reads found their token valid, and how many invalid.
    var counts: (valid: Int, invalid: Int) { lock.withLock { (valid, invalid) } }

    /// What went wrong off the main actor.
    var violations: [String] { lock.withLock { problems } }
}
