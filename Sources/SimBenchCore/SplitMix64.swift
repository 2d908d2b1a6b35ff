/// A small, fast, seedable random number generator.
///
/// SplitMix64 passes BigCrush, needs one word of state and is trivially splittable, which is
/// what a fleet of independent simulated entities needs: every entity derives its own stream
/// from the run's seed and its index, so its events never depend on how the fleet is sliced.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose stream is fully determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// Creates the generator of one entity of one scenario.
    ///
    /// - Parameters:
    ///   - seed: the run's `--seed`.
    ///   - stream: a per-scenario constant, so that two scenarios never share a stream.
    ///   - index: the entity's index in the fleet.
    public init(seed: UInt64, stream: UInt64, index: Int) {
        var mixer = SplitMix64(seed: seed ^ SplitMix64.mix(stream &+ 0x9E37_79B9_7F4A_7C15))
        let base = mixer.next()
        state = SplitMix64.mix(base ^ SplitMix64.mix(UInt64(truncatingIfNeeded: index)))
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// The SplitMix64 finaliser: a bijective avalanche of all 64 bits.
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `0..<upperBound` (Lemire's nearly divisionless method, unbiased).
    public mutating func next(below upperBound: Int) -> Int {
        precondition(upperBound > 0, "upper bound must be positive")
        return Int(truncatingIfNeeded: next(upperBound: UInt64(upperBound)))
    }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        // 53 random bits give every representable probability step in [0, 1).
        Double(next() >> 11) * 0x1p-53 < p
    }
}
