/// How long the simulated colour service takes to answer: a fixed time or a range, drawn
/// afresh for every request.
struct LatencyRange: Sendable, Equatable, CustomStringConvertible {
    /// The shortest answer time.
    let minimum: Duration
    /// The longest answer time.
    let maximum: Duration

    /// The default: wide enough that rapid taps come back out of order.
    static let standard = LatencyRange(minimum: .milliseconds(200), maximum: .milliseconds(1500))

    /// Parses `MIN..MAX` (the separator is two dots, so `0...2s` is malformed: `.2s` is not a
    /// duration) or a single duration; `nil` if malformed or `MIN` exceeds `MAX`.
    static func parse(_ text: String) -> LatencyRange? {
        guard let separator = text.range(of: "..") else {
            guard let fixed = DurationText.parse(text) else { return nil }
            return LatencyRange(minimum: fixed, maximum: fixed)
        }
        guard let low = DurationText.parse(String(text[..<separator.lowerBound])),
            let high = DurationText.parse(String(text[separator.upperBound...])),
            low <= high
        else { return nil }
        return LatencyRange(minimum: low, maximum: high)
    }

    /// A latency in the range, to the millisecond, drawn from `generator`.
    func random(using generator: inout some RandomNumberGenerator) -> Duration {
        let low = Int64((minimum / .milliseconds(1)).rounded())
        let high = Int64((maximum / .milliseconds(1)).rounded())
        return .milliseconds(low == high ? low : Int64.random(in: low...high, using: &generator))
    }

    /// `MIN..MAX`, or one duration when they are equal.
    var description: String {
        minimum == maximum
            ? DurationText.format(minimum) : "\(DurationText.format(minimum))..\(DurationText.format(maximum))"
    }
}
