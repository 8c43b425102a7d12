/// SplitMix64: a small, fast generator whose whole output follows from its seed, so any
/// failure can be replayed from the seed it prints.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A seed for the `index`th run under `base`: distinct, well spread, and reproducible.
    static func seed(base: UInt64, index: Int) -> UInt64 {
        var generator = SeededGenerator(seed: base ^ (UInt64(truncatingIfNeeded: index) &* 0xD134_2543_DE82_EF95))
        return generator.next()
    }

    /// `true` with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
}
