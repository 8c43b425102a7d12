import ContentLoadingTestSupport

extension SeededGenerator {
    /// The index of a choice, each as likely as its weight (one draw from this stream).
    mutating func pick(_ weights: [Int]) -> Int {
        var roll = Int.random(in: 0..<weights.reduce(0, +), using: &self)
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}
