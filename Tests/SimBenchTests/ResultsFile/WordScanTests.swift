import SimBenchCore
import Testing

@testable import SimBench

/// The splitter's word masks hold the bytes the byte-by-byte definitions name, whatever
/// their neighbours: a carry from one byte into the next would move a comma or hide a stop.
@Suite("the splitter's word masks")
struct WordScanTests {
    /// The mask a byte-by-byte test gives: the high bit of each byte of `word` it holds.
    static func mask(_ word: UInt64, _ test: (UInt8) -> Bool) -> UInt64 {
        var mask: UInt64 = 0
        for index in 0..<8 where test(UInt8(truncatingIfNeeded: word >> (8 * index))) {
            mask |= 0x80 << (8 * index)
        }
        return mask
    }

    static func check(_ word: UInt64) {
        #expect(WordScan.zeros(word) == mask(word) { $0 == 0 }, "\(word)")
        #expect(WordScan.commas(word) == mask(word) { $0 == UInt8(ascii: ",") }, "\(word)")
        #expect(
            WordScan.stops(word)
                == mask(word) { $0 < 0x20 || $0 >= 0x80 || $0 == UInt8(ascii: "\"") },
            "\(word)")
    }

    @Test("every byte value, at every place in a word of any neighbours")
    func everyByte() {
        for filler: UInt8 in [0, 0x2C, 0x7F, 0x80, 0xFF, UInt8(ascii: "a")] {
            let background = UInt64(filler) &* 0x0101_0101_0101_0101
            for place in 0..<8 {
                for byte in 0...255 {
                    let clear = background & ~(0xFF << (8 * place))
                    Self.check(clear | UInt64(byte) << (8 * place))
                }
            }
        }
    }

    @Test("words of random bytes")
    func randomWords() {
        var random = SplitMix64(seed: 7)
        let bytes: [UInt8] = [
            0, 9, 10, 13, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x2B, 0x2C, 0x2D, 0x7F, 0x80, 0xA2, 0xAC,
            0xFF,
        ]
        for _ in 0..<20_000 {
            var word: UInt64 = 0
            for index in 0..<8 {
                let byte =
                    random.next() % 2 == 0
                    ? bytes[Int(random.next() % UInt64(bytes.count))]
                    : UInt8(truncatingIfNeeded: random.next())
                word |= UInt64(byte) << (8 * index)
            }
            Self.check(word)
        }
    }
}

/// The word-wide plain-decimal test says yes exactly for digits with at most one point and
/// at least one digit, under 300 bytes, whatever bytes follow the cell in the text.
@Suite("the plain-decimal word test")
struct PlainDecimalWordTests {
    static func expected(_ cell: [UInt8]) -> Bool {
        let points = cell.count { $0 == UInt8(ascii: ".") }
        return !cell.isEmpty && cell.count < 300 && points <= 1
            && cell.allSatisfy { $0 == UInt8(ascii: ".") || ($0 >= 48 && $0 <= 57) }
            && cell.contains { $0 >= 48 && $0 <= 57 }
    }

    @Test("random cells, in text that ends with them or goes on")
    func randomCells() {
        var random = SplitMix64(seed: 11)
        // The bytes on either side of the digits ('/', ':') and of the point ('-', '/'),
        // and bytes above ASCII whose low seven bits are a digit or the point.
        let alphabet = Array("0123456789.-e+ x/:".utf8) + [0, 0xAE, 0xB0, 0xB9, 0xBA, 0xFF]
        for trial in 0..<20_000 {
            let length = trial % 97 == 0 ? 295 + Int(random.next() % 10) : Int(random.next() % 20)
            let plain = random.next() % 2 == 0
            let cell: [UInt8] = (0..<length).map { _ in
                plain
                    ? Array("0123456789.".utf8)[
                        Int(random.next() % (random.next() % 8 == 0 ? 11 : 10))]
                    : alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let tail: [UInt8] = (0..<Int(random.next() % 12)).map { _ in
                alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let text = cell + tail
            let found = text.withUnsafeBufferPointer { text in
                WordScan.isPlainDecimal(
                    UnsafeBufferPointer(rebasing: text[0..<length]), readable: text.count)
            }
            #expect(found == Self.expected(cell), "\(cell) then \(tail)")
            if found {
                let accepted = cell.withUnsafeBufferPointer {
                    RowChecks.acceptsPlainDecimal($0, signed: false)
                }
                #expect(accepted == true, "\(cell)")
            }
        }
    }
}
