/// Reads and writes durations the way the command line spells them: `150ms`, `1.5s`, `2s`, `0`.
enum DurationText {
    /// The longest duration accepted; longer ones are almost certainly typos.
    static let maximum: Duration = .seconds(3600)

    /// The forms accepted, for error messages.
    static let forms = "a number with ms or s, such as 150ms, 1.5s or 2s (not .5s), up to 3600s"

    /// Parses `text`; `nil` when it is malformed, negative or longer than ``maximum``.
    static func parse(_ text: String) -> Duration? {
        let lowered = text.lowercased()
        if lowered == "0" { return .zero }
        let number: Substring
        let secondsPerUnit: Double
        if lowered.hasSuffix("ms") {
            number = lowered.dropLast(2)
            secondsPerUnit = 0.001
        } else if lowered.hasSuffix("s") {
            number = lowered.dropLast(1)
            secondsPerUnit = 1
        } else {
            return nil
        }
        // Only plain decimals, digits on both sides of the point: no signs, exponents, spaces,
        // "inf" or "nan", and no ".5s", so that `0...2s` is malformed rather than 0ms..200ms.
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let value = Double(number)
        else { return nil }
        let seconds = value * secondsPerUnit
        guard seconds.isFinite, seconds <= 3600 else { return nil }
        return .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    /// Formats `duration` compactly: whole milliseconds below a second, else seconds.
    static func format(_ duration: Duration) -> String {
        let milliseconds = (duration / .milliseconds(1)).rounded()
        if milliseconds < 1000 { return "\(Int(milliseconds))ms" }
        let hundredths = Int((milliseconds / 10).rounded())
        if hundredths % 100 == 0 { return "\(hundredths / 100)s" }
        let fraction = hundredths % 100
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(hundredths / 100).\(digits)s"
    }
}
