import SimBenchCore
import Testing

@testable import SimBench

/// Tables and wrapped text for the terminal: their widths measured from the cells, and their
/// lines found among the bytes, give what rendering and splitting by characters give.
@Suite("text tables and wrapping")
struct TextTableTests {
    /// Tables with left- and right-aligned columns, empty and blank cells (the line's blanks
    /// after its last text are dropped), rows shorter than the header, and characters wider
    /// in bytes than on screen.
    static func tables() -> [TextTable] {
        var tables = [TextTable]()
        var plain = TextTable(header: ["name", "ratio", "note"])
        plain.rows = [
            ["vending.table", "1.25×", ""], ["a", "", ""], ["", "", ""], ["é€😀", "−3", "ok "],
        ]
        tables.append(plain)
        var right = plain
        right.leftAligned = []
        tables.append(right)
        var left = plain
        left.leftAligned = [0, 1, 2]
        tables.append(left)
        var short = TextTable(header: ["verdict", "benchmark", "change", "why"])
        short.leftAligned = [0, 1, 3]
        short.rows = [
            ["regression", "x"], ["", "", "", "a long why, wrapped elsewhere"], ["   "],
        ]
        tables.append(short)
        var headerOnly = TextTable(header: ["only", "  "])
        headerOnly.leftAligned = [1]
        tables.append(headerOnly)
        return tables
    }

    @Test("the empty columns dropped at once are those dropped one by one, from the right")
    func emptyColumnsDropped() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<300 {
            let width = Int(random.next() % 7)
            var table = TextTable(header: (0..<width).map { "c\($0)" })
            // Columns empty on every row now and then, rows shorter than the header.
            let empty = (0..<width).map { _ in random.next() % 2 == 0 }
            for _ in 0..<Int(random.next() % 5) {
                let length = random.next() % 4 == 0 ? Int(random.next() % UInt64(width + 1)) : width
                table.rows.append(
                    (0..<length).map { empty[$0] || random.next() % 3 == 0 ? "" : "x\($0)" })
            }
            table.leftAligned = Set((0..<width).filter { _ in random.next() % 2 == 0 })
            var expected = table
            for column in (0..<width).reversed()
            where !table.rows.isEmpty
                && table.rows.allSatisfy({ column >= $0.count || $0[column].isEmpty })
            {
                expected = expected.removing(column: column)
            }
            let dropped = table.removingEmptyColumns()
            #expect(dropped.header == expected.header)
            #expect(dropped.rows == expected.rows)
            #expect(dropped.leftAligned == expected.leftAligned)
        }
    }

    @Test("a table's width is its widest rendered line", arguments: ["  ", "", " x "])
    func width(indent: String) {
        for (index, table) in Self.tables().enumerated() {
            let rendered =
                table.render(indent: indent).split(separator: "\n").map(\.count).max() ?? 0
            #expect(table.width(indent: indent) == rendered, "table \(index), indent '\(indent)'")
        }
    }

    @Test("measured row by row, its cells not kept, a table has the width and columns it has")
    func measuredRowByRow() {
        for (index, table) in Self.tables().enumerated() {
            for indent in ["  ", "", " x "] {
                var measure = TextTable.Measure(
                    header: table.header, leftAligned: table.leftAligned)
                for row in table.rows { measure.add(row) }
                #expect(
                    measure.width(indent: indent) == table.width(indent: indent), "table \(index)")
                // Each line, written with the measured widths, is the rendered table's.
                let lines = table.render(indent: indent).split(
                    separator: "\n", omittingEmptySubsequences: false)
                let left = measure.widths.indices.map(table.leftAligned.contains)
                for (row, cells) in ([table.header] + table.rows).enumerated() {
                    var text = [UInt8]()
                    TextTable.Lines.append(
                        cells, widths: measure.widths, left: left, indent: indent, to: &text)
                    #expect(
                        String(decoding: text, as: UTF8.self) == String(lines[row]),
                        "table \(index) row \(row)")
                }
            }
        }
        var broken = TextTable.Measure(header: ["a"], leftAligned: [0])
        broken.add(["two\nlines"])
        #expect(broken.width(indent: "") == nil)
    }

    @Test(
        "a line's blanks are dropped up to its last character that is not one",
        arguments: [
            "a  ", "a\u{A0}\u{A0}", "a\u{85}", "é ", "a \u{301}", "x\u{600} ", "\t \n", "ab",
        ])
    func trailingBlanks(line: String) {
        var text = Array(line.utf8)
        TextTable.dropTrailingBlanks(of: &text, from: 0)
        var expected = line
        while expected.last?.isWhitespace == true { expected.removeLast() }
        #expect(String(decoding: text, as: UTF8.self) == expected, "\(line.debugDescription)")
    }

    @Test("lines fitted as they are written are the text fitted whole")
    func fittedLines() {
        let text = [
            "short", "  a long line of words that runs past the width", "", "ééééé ééé ééé",
            "   indented words, each of them short", String(repeating: "x", count: 30),
            "two\nlines in one, the second one long enough to break",
        ]
        Self.expectFittedAsWhole(text, widths: [10, 20, 40])
    }

    /// Expects `lines` fitted one by one as they are written (`FittedLines`), and as
    /// written elsewhere first (`FittedLines.append(line:to:)`), to be the text of them all
    /// fitted whole (`TextWrap.fit`), at each of `widths`.
    private static func expectFittedAsWhole(_ lines: [String], widths: [Int]) {
        for width in widths {
            var output = TextOutput()
            var fitted = FittedLines(width: width)
            for line in lines { fitted.append(line, to: &output) }
            let whole = TextWrap.fit(lines.joined(separator: "\n"), width: width)
            #expect(output.text == whole, "width \(width)")
            var fromBytes = TextOutput()
            var fittedFromBytes = FittedLines(width: width)
            for line in lines {
                Array(line.utf8).withUnsafeBufferPointer {
                    fittedFromBytes.append(line: $0, to: &fromBytes)
                }
            }
            #expect(fromBytes.text == whole, "width \(width), lines as bytes")
        }
    }

    /// Lines to fit or wrap: runs of spaces, a line of spaces only, a word longer than the
    /// width, two-byte and three-byte characters that stand alone, and combining marks,
    /// which do not (and go through the text).
    private static let linesToFit = [
        "short", "  a long line of words that runs past the width", "", "   ",
        String(repeating: " ", count: 50), "ééééé ééé ééé ééé ééé",
        "a  b   c    d " + String(repeating: "y", count: 45) + " z ",
        "  why: 1.23× −3.1% ±4%, beyond +5% and its CI above 0; ns/event +2.0% → more",
        "e\u{301} combining marks go the slow way, e\u{301} e\u{301} e\u{301} e\u{301}",
        String(repeating: "x", count: 30),
    ]

    @Test("a line fitted among its bytes is the line fitted as text", arguments: [10, 20, 40])
    func fittedAmongBytes(width: Int) {
        for line in Self.linesToFit {
            var bytes = [UInt8]()
            Array(line.utf8).withUnsafeBufferPointer {
                TextWrap.appendFitted($0, width: width, to: &bytes)
            }
            #expect(
                String(decoding: bytes, as: UTF8.self)
                    == TextWrap.fit(line: Substring(line), width: width),
                "\(line.debugDescription) at width \(width)")
        }
    }

    @Test(
        "words broken into lines among the bytes are the words broken as text, after a margin",
        arguments: [10, 20, 40])
    func brokenAmongBytes(width: Int) {
        for text in Self.linesToFit
        where CharacterCount.of(text) == text.unicodeScalars.count && text.contains { $0 != " " } {
            var bytes = [UInt8]()
            Array(text.utf8).withUnsafeBufferPointer {
                TextWrap.appendBrokenLines(
                    $0, width: width, first: [], next: [], margin: Array("    ".utf8),
                    to: &bytes)
            }
            let words = text.split(separator: " ")
            let expected = TextWrap.breakLines(words, width: width).map { "    " + $0 }
            #expect(
                String(decoding: bytes, as: UTF8.self) == expected.joined(separator: "\n"),
                "\(text.debugDescription) at width \(width)")
        }
    }

    /// Long texts as a comparison's notes are: words of every length (some longer than a
    /// word of eight bytes, some longer than the width), runs of spaces, the signs it prints,
    /// and line feeds now and then; the same ones each run.
    private static func reportTexts(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        let pieces = [
            "a", "b", "7", "why:", "ns/event", "+219.8%;", "beyond", " ", " ", " ", "  ", "−",
            "±", "×", "[+21.4%,", "vending.state-objects[products=40;copy=0]", "é",
        ]
        return (0..<count).map { index in
            var text = ""
            for _ in 0..<Int.random(in: 0...90, using: &random) {
                text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
                if index % 5 == 0, Int.random(in: 0..<40, using: &random) == 0 { text += "\n" }
            }
            return text
        }
    }

    private static func isNotSpace(_ character: Character) -> Bool { character != " " }

    @Test("long notes broken among the bytes, eight at a time, are the words broken as text")
    func longNotesBrokenAmongBytes() {
        for (index, text) in Self.reportTexts(count: 3000, seed: 41).enumerated()
        where !text.contains("\n") && text.contains(where: Self.isNotSpace) {
            let width = 1 + index % 130
            var bytes = [UInt8]()
            Array(text.utf8).withUnsafeBufferPointer {
                TextWrap.appendBrokenLines(
                    $0, width: width, first: Array("why: ".utf8), next: [],
                    margin: Array("  ".utf8), to: &bytes)
            }
            let expected = TextWrap.breakLines(
                text.split(separator: " "), width: width, first: "why: "
            ).map { "  " + $0 }
            #expect(
                String(decoding: bytes, as: UTF8.self) == expected.joined(separator: "\n"),
                "\(text.debugDescription) at width \(width)")
        }
    }

    @Test("long lines fitted as they are written are the text fitted whole")
    func longLinesFitted() {
        Self.expectFittedAsWhole(
            Self.reportTexts(count: 1500, seed: 43), widths: [8, 30, 61, 120])
    }

    @Test("a cell holding a line break is measured as printed")
    func lineBreakInCell() {
        var table = TextTable(header: ["a", "b"])
        table.rows = [["short", "two\nlines that are longer"]]
        let rendered = table.render().split(separator: "\n").map(\.count).max() ?? 0
        #expect(table.width() == rendered)
    }

    @Test(
        "lines are split at line feeds as a split by characters splits them",
        arguments: ["", "\n", "a\n\nb\n", "one", "é\n😀\n", "crlf\r\nstays\r\nwhole\n", "\r"])
    func lines(text: String) {
        #expect(
            TextWrap.lines(text) == text.split(separator: "\n", omittingEmptySubsequences: false),
            "\(text.debugDescription)")
    }

    @Test("fit breaks long lines at spaces, keeps short ones, counts characters, not bytes")
    func fit() {
        #expect(
            TextWrap.fit("short\n  a long line of words", width: 10)
                == "short\n  a long\n    line\n    of\n    words")
        // Ten characters, more than ten bytes: fits.
        #expect(TextWrap.fit("ééééé ééé\nx", width: 10) == "ééééé ééé\nx")
    }
}

/// A cell measured among its bytes (`TextTable.ByteRow`) counts as its text does.
@Suite("text table cells as bytes")
struct TextTableByteCellTests {
    @Test(
        "a cell's characters, and those before its trailing blanks, counted among its bytes",
        arguments: [
            "", " ", "a", "a  ", "  a", "x\t\n", "x\u{A0}", "x\u{85}", "x \u{A0}", "\u{A0} ",
            "a\r", "a\r\n", "−5.0% ", "e\u{301} ", "日本 ", "é€😀", "\u{2003}", "ok\u{3000}",
        ])
    func counted(cell: String) {
        var text = cell
        text.withUTF8 { bytes in
            #expect(CharacterCount.of(bytes) == cell.count)
            #expect(TextTable.trimmedCount(bytes) == TextTable.trimmedCount(cell))
        }
    }
}
