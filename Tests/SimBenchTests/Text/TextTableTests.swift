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

    @Test("a table's width is its widest rendered line", arguments: ["  ", "", " x "])
    func width(indent: String) {
        for (index, table) in Self.tables().enumerated() {
            let rendered =
                table.render(indent: indent).split(separator: "\n").map(\.count).max() ?? 0
            #expect(table.width(indent: indent) == rendered, "table \(index), indent '\(indent)'")
        }
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
