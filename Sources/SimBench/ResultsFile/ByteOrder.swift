import Foundation

/// The order of two runs of bytes, as `memcmp` orders them, the shorter first where one
/// begins the other: for ASCII text, the order of strings.
enum ByteOrder {
    /// Negative when `first[firstRange]` comes before `second[secondRange]`, zero when they
    /// are equal, positive when it comes after.
    static func compare(
        _ first: UnsafeBufferPointer<UInt8>, _ firstRange: Range<Int>,
        _ second: UnsafeBufferPointer<UInt8>, _ secondRange: Range<Int>
    ) -> Int {
        let common = min(firstRange.count, secondRange.count)
        if common > 0 {
            let order = memcmp(
                first.baseAddress! + firstRange.lowerBound,
                second.baseAddress! + secondRange.lowerBound, common)
            if order != 0 { return Int(order) }
        }
        return firstRange.count - secondRange.count
    }
}
