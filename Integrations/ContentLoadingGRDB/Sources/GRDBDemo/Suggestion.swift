/// Finds the word a user most likely meant, for "Did you mean …?".
enum Suggestion {
    /// The candidate nearest to `word` by edit distance, if it is close enough to be a typo
    /// (or `word` starts it); `nil` otherwise.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let typed = word.lowercased()
        let scored = candidates.map { (candidate: $0, distance: editDistance(typed, $0.lowercased())) }
        if let best = scored.min(by: { $0.distance < $1.distance }),
            best.distance <= max(1, min(2, best.candidate.count / 3))
        {
            return best.candidate
        }
        let stem = typed.drop { $0 == "-" }
        if stem.count >= 2, let prefixed = candidates.first(where: { $0.drop { $0 == "-" }.hasPrefix(stem) }) {
            return prefixed
        }
        return nil
    }

    /// The Levenshtein distance between `first` and `second`.
    static func editDistance(_ first: String, _ second: String) -> Int {
        let first = Array(first)
        let second = Array(second)
        guard !first.isEmpty else { return second.count }
        guard !second.isEmpty else { return first.count }
        var previous = Array(0...second.count)
        for (row, character) in first.enumerated() {
            var current = [row + 1]
            for (column, other) in second.enumerated() {
                let substitution = previous[column] + (character == other ? 0 : 1)
                current.append(min(substitution, previous[column + 1] + 1, current[column] + 1))
            }
            previous = current
        }
        return previous[second.count]
    }
}
