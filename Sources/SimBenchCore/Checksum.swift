/// An order-sensitive 64-bit hash of the values a variant computed.
///
/// Outcomes feed every field they hold through a `Checksum`, so a variant that computes one
/// wrong count cannot agree with its baseline by accident. The hash is stable across runs,
/// processes and platforms (unlike `Hasher`, which is randomly seeded per process), so
/// checksums can be stored in CSV files and compared later.
public struct Checksum: Sendable, Hashable {
    public private(set) var value: UInt64

    public init() {
        value = 0xCBF2_9CE4_8422_2325
    }

    public mutating func combine(_ word: UInt64) {
        value = SplitMix64.mix(value ^ SplitMix64.mix(word &+ 0x9E37_79B9_7F4A_7C15))
    }

    public mutating func combine(_ word: Int) {
        combine(UInt64(bitPattern: Int64(word)))
    }

    public mutating func combine(_ flag: Bool) {
        combine(flag ? 1 as UInt64 : 2)
    }

    public mutating func combine(_ number: Double) {
        combine(number.bitPattern)
    }

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
    public static func entityContribution(index: Int, hash: UInt64) -> UInt64 {
        SplitMix64.mix(hash ^ SplitMix64.mix(UInt64(truncatingIfNeeded: index) &+ 1))
    }
}
