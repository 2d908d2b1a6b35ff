/// A cheap, order-sensitive record of a sequence of words: what a subject keeps per event
/// and per entity instead of a hash chain.
///
/// Each appended word is added to a weight that steps with its position, scrambled, and the
/// scrambles are added up. No step waits on the previous one's scramble, so the processor
/// overlaps them with the work being measured; the only dependencies between events are two
/// additions. An append costs one multiplication. The order still matters: the same words
/// at other positions scramble to other values, so a sequence that visits the right states
/// in the wrong order gives another digest (up to a chance of about 2⁻⁶⁴).
///
/// Every variant of a scenario records through the same digest in the same way, so its cost
/// is part of the floor, never of one variant.
public struct SequenceDigest: Sendable, Hashable {
    /// The number of words appended times the golden-ratio step, wrapping: a bijection of
    /// the count, kept instead of it so that an append needs no multiplication for it.
    @usableFromInline
    var weight: UInt64 = 0
    @usableFromInline
    var sum: UInt64 = 0

    @inlinable
    public init() {}

    /// Appends `word` at the next position.
    @inlinable
    public mutating func append(_ word: UInt64) {
        weight &+= 0x9E37_79B9_7F4A_7C15
        // Distinct (position, word) pairs give distinct inputs whenever the words differ by
        // less than the step, and the scramble is a bijection.
        sum &+= SequenceDigest.scramble(word &+ weight)
    }

    @inlinable
    public mutating func append(_ word: Int) {
        append(UInt64(truncatingIfNeeded: word))
    }

    /// The digest of the sequence so far, its length included.
    @inlinable
    public var value: UInt64 {
        SplitMix64.mix(sum ^ SplitMix64.mix(weight))
    }

    /// A one-multiplication bijective scramble (xorshift, multiply by an odd constant,
    /// xorshift): non-linear, so that sums of scrambles of different sequences differ even
    /// where sums of the words, or of words times positions, would agree.
    @inlinable
    static func scramble(_ value: UInt64) -> UInt64 {
        var z = value ^ (value >> 32)
        z = z &* 0xD6E8_FEB8_6659_FD93
        return z ^ (z >> 32)
    }
}
