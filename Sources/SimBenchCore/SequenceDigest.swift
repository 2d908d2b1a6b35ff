/// A cheap, order-sensitive record of a sequence of words: what a subject keeps per event
/// and per entity instead of a hash chain.
///
/// Each appended word is mixed together with its position, and the mixes are added up. The
/// mix of one word does not wait for the previous one, so the processor overlaps them with
/// the work being measured; the only dependency between events is one addition. The order
/// still matters: the same words at other positions mix to other values, so a sequence that
/// visits the right states in the wrong order gives another digest (up to a 2⁻⁶⁴ chance).
///
/// Every variant of a scenario records through the same digest in the same way, so its cost
/// is part of the floor, never of one variant.
public struct SequenceDigest: Sendable, Hashable {
    /// Words appended so far.
    @usableFromInline
    var count: UInt64 = 0
    @usableFromInline
    var sum: UInt64 = 0

    @inlinable
    public init() {}

    /// Appends `word` at the next position.
    @inlinable
    public mutating func append(_ word: UInt64) {
        count &+= 1
        // Distinct (position, word) pairs give distinct inputs whenever the words differ by
        // less than the golden-ratio step, and the mix is a bijection.
        sum &+= SplitMix64.mix(word &+ count &* 0x9E37_79B9_7F4A_7C15)
    }

    @inlinable
    public mutating func append(_ word: Int) {
        append(UInt64(truncatingIfNeeded: word))
    }

    /// The digest of the sequence so far, its length included.
    @inlinable
    public var value: UInt64 {
        SplitMix64.mix(sum ^ SplitMix64.mix(count))
    }
}
