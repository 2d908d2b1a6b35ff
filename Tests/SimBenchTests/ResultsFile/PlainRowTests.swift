import CSimBenchSystem
import SimBenchCore
import Testing

@testable import SimBench

/// The plain-row splitter (`simbench_split_plain_row`) claims a row only where the
/// byte-by-byte splitter (`TableReader.scan`) reads a plain row with the same fields, and the
/// bits it gives the checks say of each byte whether it is a digit.
@Suite("the plain-row splitter")
struct PlainRowTests {
    /// What the C splitter gives for the record at `start` of `text`: its end (0 where it
    /// claims none), the field starts and the non-digit bits.
    static func split(_ text: [UInt8], from start: Int = 0, width: Int)
        -> (end: Int, starts: [UInt32], nonDigits: [UInt64])
    {
        var starts = [UInt32](repeating: 0, count: width + 1)
        var nonDigits = [UInt64](repeating: 0, count: TableReader.nonDigitWords + 1)
        let end = text.withUnsafeBufferPointer { text in
            starts.withUnsafeMutableBufferPointer { starts in
                nonDigits.withUnsafeMutableBufferPointer { nonDigits in
                    simbench_split_plain_row(
                        text.baseAddress!, start, text.count, width, starts.baseAddress!,
                        nonDigits.baseAddress!, TableReader.nonDigitWords)
                }
            }
        }
        return (end, starts, nonDigits)
    }

    /// Whether the C splitter's claim, if any, is the Swift splitter's plain row.
    static func agree(_ text: [UInt8], from start: Int = 0, width: Int) -> Bool {
        let plain = split(text, from: start, width: width)
        guard plain.end > 0 else { return true }
        var starts = [UInt32](repeating: 0, count: width + 1)
        let scan = text.withUnsafeBufferPointer { text in
            starts.withUnsafeMutableBufferPointer {
                TableReader.scan(text, from: start, width: width, into: $0)
            }
        }
        guard
            case .row(let end, let lineFeeds, let doublesQuote, let nonASCII, let cr) = scan,
            end == plain.end, lineFeeds == 0, !doublesQuote, !nonASCII, !cr,
            starts == plain.starts
        else { return false }
        // Each byte's bit, up to the line break.
        for index in start..<(Int(starts[width]) - 1) {
            let offset = index - start
            let bit = plain.nonDigits[offset / 64] >> (offset % 64) & 1 == 1
            let digit = text[index] >= UInt8(ascii: "0") && text[index] <= UInt8(ascii: "9")
            if bit == digit { return false }
        }
        return true
    }

    @Test("claims the rows simbench writes: quoted fields, CR LF, long rows")
    func claimsPlainRows() {
        let rows = [
            "1,2.5,abc\n",
            "1,2.5,abc\r\nnext,row,here\r\n",
            "\"a, quoted (field)\",,3\r\n",
            "x,\"\",y\n",
            String(repeating: "12.25,", count: 200) + "end\r\n",
            "20261206T042310Z-bdc62228-0,2026-12-06T04:23:10Z,vm,AMD EPYC,2,0.96 2.13 3.21\n",
        ]
        for row in rows {
            // A row is claimed where the bytes read go on to the end of the block of sixteen
            // that holds its line break: a file's row before others.
            let text = Array(row.utf8) + PlainRowTests.nextRow
            let width = PlainRowTests.fields(of: row)
            let plain = PlainRowTests.split(text, width: width)
            #if arch(x86_64)
                #expect(plain.end > 0, "not claimed: \(row.debugDescription)")
            #endif
            #expect(PlainRowTests.agree(text, width: width), "\(row.debugDescription)")
        }
    }

    /// A row after the one split, as in a file of many.
    static let nextRow = Array("next,row,of,the,file\r\n".utf8)

    /// The fields of the first record of `row`, counted as a CSV reader splits it.
    static func fields(of row: String) -> Int {
        var count = 1
        var quoted = false
        for byte in row.utf8 {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: ","), !quoted { count += 1 }
            if byte == UInt8(ascii: "\n"), !quoted { break }
        }
        return count
    }

    @Test("a row longer than its bits' room is left to the byte splitter; one shorter is not")
    func longRows() {
        let room = TableReader.nonDigitWords * 64
        for (length, claimed) in [(room - 100, true), (room + 100, false)] {
            let row = String(repeating: "7", count: length) + ",x\r\n"
            let text = Array(row.utf8) + PlainRowTests.nextRow
            let plain = PlainRowTests.split(text, width: 2)
            #if arch(x86_64)
                #expect((plain.end > 0) == claimed, "\(length) bytes")
            #endif
            #expect(PlainRowTests.agree(text, width: 2), "\(length) bytes")
        }
    }

    @Test("leaves every other record to the byte splitter")
    func leavesOtherRecords() {
        let records = [
            "a,b\tc,d\n", "a,\"b\"\"c\",d\n", "a,\"b\nc\",d\n", "a,b\rc,d\n", "a,é,d\n",
            "\n", "a,b,c,d\n", "a,b\n", "a,b\"c,d\n", "a,\"b\"c,d\n", "a,b,c", "a,b,c\r",
            "a,\"b,c\n", "a,b\0,c\n",
        ]
        for record in records {
            let text = Array(record.utf8) + PlainRowTests.nextRow
            #expect(PlainRowTests.split(text, width: 3).end == 0, "\(record.debugDescription)")
        }
    }

    @Test("agrees with the byte splitter on random records, wherever they start")
    func randomRecords() {
        var random = SplitMix64(seed: 23)
        let alphabet: [UInt8] =
            Array("0123456789.,,,,\"\"-e xyz".utf8) + [9, 10, 13, 0, 0xC3, 0xA9, 0x7F, 0x80]
        var claimed = 0
        for trial in 0..<20_000 {
            let plain = trial % 2 == 0
            let length = Int(random.next() % (trial % 50 == 0 ? 400 : 70))
            let body: [UInt8] = (0..<length).map { _ in
                if plain {
                    let bytes = Array("0123456789.,,ab \"".utf8)
                    return bytes[Int(random.next() % UInt64(bytes.count))]
                }
                return alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let breakBytes: [UInt8] = random.next() % 2 == 0 ? [13, 10] : [10]
            let prefix = Array(repeating: UInt8(ascii: "p"), count: Int(random.next() % 20))
            var text = prefix + body + breakBytes
            text += (0..<(16 + Int(random.next() % 40))).map { _ in
                alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let width = 1 + body.count { $0 == UInt8(ascii: ",") } - Int(random.next() % 3)
            guard width > 0 else { continue }
            if PlainRowTests.split(text, from: prefix.count, width: width).end > 0 {
                claimed += 1
            }
            #expect(
                PlainRowTests.agree(text, from: prefix.count, width: width),
                "\(text) from \(prefix.count), width \(width)")
        }
        #if arch(x86_64)
            // Enough claimed rows that the agreement above was tested.
            #expect(claimed > 500, "\(claimed) claimed")
        #endif
    }

    /// A cell's plain-decimal test and an interval's order, from a row's bits: the bytes'
    /// own tests say the same (`WordScan.isPlainDecimal`, `CellNumber.decimalsInOrder`).
    @Test("a numeric cell and an interval told from the bits, as from the bytes")
    func cellsFromBits() {
        var random = SplitMix64(seed: 29)
        let digits = Array("0123456789".utf8)
        func cell() -> [UInt8] {
            var cell: [UInt8] = (0..<Int(random.next() % 12)).map { _ in
                random.next() % 3 == 0
                    ? UInt8(ascii: "0") : digits[Int(random.next() % 10)]
            }
            if random.next() % 2 == 0 {
                cell.insert(UInt8(ascii: "."), at: Int(random.next() % UInt64(cell.count + 1)))
            }
            if random.next() % 9 == 0 {
                let others = Array("-.e+x".utf8)
                cell.insert(
                    others[Int(random.next() % 5)], at: Int(random.next() % UInt64(cell.count + 1)))
            }
            if random.next() % 40 == 0 { cell += Array(repeating: UInt8(ascii: "7"), count: 60) }
            return cell
        }
        var compared = 0
        for _ in 0..<20_000 {
            let low = cell()
            let high = random.next() % 4 == 0 ? low : cell()
            let lead = Array(repeating: UInt8(ascii: "q"), count: Int(random.next() % 70))
            let text =
                lead + [UInt8(ascii: ",")] + low + [UInt8(ascii: ",")] + high + [10]
                + PlainRowTests.nextRow
            let split = PlainRowTests.split(text, width: 3)
            #if arch(x86_64)
                #expect(split.end > 0)
            #endif
            guard split.end > 0 else { continue }
            text.withUnsafeBufferPointer { text in
                split.nonDigits.withUnsafeBufferPointer { bits in
                    let lowCell = UnsafeBufferPointer(
                        rebasing: text[Int(split.starts[1])..<(Int(split.starts[2]) - 1)])
                    let highCell = UnsafeBufferPointer(
                        rebasing: text[Int(split.starts[2])..<(Int(split.starts[3]) - 1)])
                    // A cell passes `simbench_plain_numeric_cells`, as a column that must not
                    // be empty: the plain-decimal test from the bits.
                    func plainFromBits(_ column: Int) -> Bool {
                        let columns = [UInt32(column) | SIMBENCH_NON_EMPTY]
                        return split.starts.withUnsafeBufferPointer { starts in
                            simbench_plain_numeric_cells(
                                text.baseAddress!, 0, starts.baseAddress!, bits.baseAddress!,
                                columns, 1, 0) == 1
                        }
                    }
                    for (column, cell) in [(1, lowCell), (2, highCell)] {
                        let fromBits = plainFromBits(column)
                        let fromBytes = WordScan.isPlainDecimal(cell, readable: cell.count)
                        // Said only of cells under 64 bytes; never yes where the bytes say no.
                        #expect(
                            cell.count < 64 ? fromBits == fromBytes : !fromBits,
                            "\(Array(cell))")
                    }
                    let inOrder = RowChecks.plainDecimalsInOrder(
                        lowCell, highCell, in: text, row: 0, nonDigits: bits)
                    let bothPlain = plainFromBits(1) && plainFromBits(2)
                    if bothPlain { compared += 1 }
                    #expect(
                        inOrder == (bothPlain && CellNumber.decimalsInOrder(lowCell, highCell)),
                        "\(low) ≤ \(high)")
                }
            }
        }
        #if arch(x86_64)
            #expect(compared > 5_000, "\(compared) intervals compared")
        #endif
    }

    /// A row's numeric cells told in C from its bits (`simbench_plain_numeric_cells`): it
    /// stops at exactly the first cell that is not empty where it may be, or a plain decimal
    /// as `WordScan.isPlainDecimal` reads the bytes (and at a quoted or long cell, which it
    /// leaves to the bytes' checks), and passes every other.
    @Test("a row's numeric cells told from the bits, stopping where the bytes say no")
    func numericCellsFromBits() {
        var random = SplitMix64(seed: 31)
        let alphabet = Array("0123456789012345678901234567890123456789..-e+x".utf8)
        func cell() -> [UInt8] {
            switch random.next() % 12 {
            case 0: return []
            case 1: return Array("\"12.5\"".utf8)
            case 2: return Array(repeating: UInt8(ascii: "4"), count: 60 + Int(random.next() % 10))
            default:
                return (0..<(1 + Int(random.next() % 20))).map { _ in
                    random.next() % 6 == 0
                        ? alphabet[Int(random.next() % UInt64(alphabet.count))]
                        : UInt8(ascii: "0") + UInt8(random.next() % 10)
                }
            }
        }
        var stops = 0
        var passed = 0
        for _ in 0..<3_000 {
            let width = 2 + Int(random.next() % 40)
            let cells = (0..<width).map { _ in cell() }
            let lead = Array(repeating: UInt8(ascii: "q"), count: Int(random.next() % 70))
            var row = lead
            for (index, cell) in cells.enumerated() {
                if index > 0 { row.append(UInt8(ascii: ",")) }
                row += cell
            }
            row += [13, 10]
            let text = row + PlainRowTests.nextRow
            // The row after others' bytes, its bits from its own start.
            let split = PlainRowTests.split(text, from: lead.count, width: width)
            #if arch(x86_64)
                #expect(split.end > 0)
            #endif
            guard split.end > 0 else { continue }
            // Some of the row's columns, each that must not be empty or may be.
            let chosen = (0..<width).filter { _ in random.next() % 3 != 0 }
            let nonEmpty = chosen.map { _ in random.next() % 2 == 0 }
            let columns = zip(chosen, nonEmpty).map { column, nonEmpty in
                UInt32(column) | (nonEmpty ? SIMBENCH_NON_EMPTY : 0)
            }
            // Where the bytes say each cell passes as told here.
            let passes = zip(chosen, nonEmpty).map { column, nonEmpty in
                let cell = cells[column]
                if cell.isEmpty { return !nonEmpty }
                guard cell.count < 64, cell.first != UInt8(ascii: "\"") else { return false }
                return cell.withUnsafeBufferPointer {
                    WordScan.isPlainDecimal($0, readable: $0.count)
                }
            }
            var from = 0
            while from <= columns.count {
                let stop = text.withUnsafeBufferPointer { text in
                    split.starts.withUnsafeBufferPointer { starts in
                        split.nonDigits.withUnsafeBufferPointer { bits in
                            columns.withUnsafeBufferPointer { columns in
                                simbench_plain_numeric_cells(
                                    text.baseAddress!, lead.count, starts.baseAddress!,
                                    bits.baseAddress!, columns.baseAddress!, columns.count, from)
                            }
                        }
                    }
                }
                let expected = passes[from...].firstIndex(of: false) ?? columns.count
                #expect(stop == expected, "\(cells.map { String(decoding: $0, as: UTF8.self) })")
                passed += (from..<expected).count
                guard expected < columns.count else { break }
                stops += 1
                from = expected + 1
            }
        }
        #if arch(x86_64)
            // Both answers seen often enough to be tested.
            #expect(stops > 2_000, "\(stops) stops")
            #expect(passed > 10_000, "\(passed) cells passed")
        #endif
    }
}
