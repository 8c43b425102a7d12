/// A small, fast random number generator (SplitMix64) whose whole output follows from its
/// seed, so a randomized test can print its seed and be replayed exactly.
///
/// ```swift
/// let seed = UInt64.random(in: .min ... .max)
/// print("seed: \(seed)")
/// var random = SeededGenerator(seed: seed)
/// let latency = Int.random(in: 5...40, using: &random)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A seed for the `index`th run under `base`: distinct, well spread, and reproducible.
    public static func seed(base: UInt64, index: Int) -> UInt64 {
        var generator = SeededGenerator(seed: base ^ (UInt64(truncatingIfNeeded: index) &* 0xD134_2543_DE82_EF95))
        return generator.next()
    }

    /// `true` with probability `percent`/100.
    public mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
}
