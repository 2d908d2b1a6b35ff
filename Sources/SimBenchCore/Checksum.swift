/// An order-sensitive 64-bit hash of the values a variant computed.
///
/// Outcomes feed every field they hold through a `Checksum`, so a variant that computes one
/// wrong count cannot agree with its baseline by accident. The hash is stable across runs,
/// processes and platforms (unlike `Hasher`, which is randomly seeded per process), so
/// checksums can be stored in CSV files and compared later.
///
/// Every step is a serial chain (each combine needs the previous value), so it belongs
/// where values are few: an outcome's totals, once per run. Per event and per entity,
/// record with `SequenceDigest`, whose steps do not wait on one another. The methods are
/// `@inlinable`, so a subject never pays a call into this module for them.
public struct Checksum: Sendable, Hashable {
    @usableFromInline
    var state: UInt64

    public var value: UInt64 { state }

    @inlinable
    public init() {
        state = 0xCBF2_9CE4_8422_2325
    }

    @inlinable
    public mutating func combine(_ word: UInt64) {
        state = SplitMix64.mix(state ^ SplitMix64.mix(word &+ 0x9E37_79B9_7F4A_7C15))
    }

    @inlinable
    public mutating func combine(_ word: Int) {
        combine(UInt64(bitPattern: Int64(word)))
    }

    @inlinable
    public mutating func combine(_ flag: Bool) {
        combine(flag ? 1 as UInt64 : 2)
    }

    @inlinable
    public mutating func combine(_ number: Double) {
        combine(number.bitPattern)
    }

    @inlinable
    public mutating func combine<S: Sequence>(contentsOf words: S) where S.Element == Int {
        var count = 0
        for word in words {
            combine(word)
            count += 1
        }
        combine(count)
    }

    public mutating func combine(_ text: String) {
        var count = 0
        for byte in text.utf8 {
            combine(UInt64(byte))
            count += 1
        }
        combine(count)
    }

    /// Folds one entity's hash into a fleet-wide total that does not depend on the order in
    /// which slices are merged: the index is mixed in, and the results are added.
    @inlinable
    public static func entityContribution(index: Int, hash: UInt64) -> UInt64 {
        SplitMix64.mix(hash ^ SplitMix64.mix(UInt64(truncatingIfNeeded: index) &+ 1))
    }
}
