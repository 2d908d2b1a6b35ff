import Foundation

/// A plain text table: columns padded to their widest cell, numbers right-aligned.
public struct TextTable {
    public var header: [String]
    public var rows: [[String]] = []
    /// Columns to align left (names); the rest align right.
    public var leftAligned: Set<Int> = [0]

    public init(header: [String]) {
        self.header = header
    }

    /// The widest line `render(indent:)` prints.
    ///
    /// - Complexity: O(cells): measured from the cells, without rendering the table.
    public func width(indent: String = "  ") -> Int {
        let all = [header] + rows
        // A cell holding a line break makes lines of its own: measured as printed.
        if all.contains(where: { $0.contains { $0.utf8.contains(UInt8(ascii: "\n")) } }) {
            return render(indent: indent).split(separator: "\n").map(\.count).max() ?? 0
        }
        let widths = columnWidths(all)
        let trimmedCount: (String) -> Int = TextTable.trimmedCount
        let indentEnd = trimmedCount(indent)
        var widest = 0
        for row in all {
            // Where the line's last character other than a blank is: `render` drops the
            // blanks after it.
            var end = indentEnd
            var start = indent.count
            for (column, cell) in row.enumerated() where column < widths.count {
                let kept = trimmedCount(cell)
                if kept > 0 {
                    end =
                        start + kept
                        + (leftAligned.contains(column)
                            ? 0 : widths[column] - CharacterCount.of(cell))
                }
                start += widths[column] + 2
            }
            widest = max(widest, end)
        }
        return widest
    }

    /// Each column's widest cell, in characters.
    private func columnWidths(_ all: [[String]]) -> [Int] {
        var widths = [Int](repeating: 0, count: header.count)
        for row in all {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], CharacterCount.of(cell))
            }
        }
        return widths
    }

    /// The table without `column`.
    public func removing(column: Int) -> TextTable {
        var table = TextTable(
            header: header.enumerated().filter { $0.offset != column }.map(\.element))
        table.rows = rows.map { row in
            row.enumerated().filter { $0.offset != column }.map(\.element)
        }
        table.leftAligned = Set(
            leftAligned.compactMap { $0 == column ? nil : $0 > column ? $0 - 1 : $0 })
        return table
    }

    /// Drops columns whose cells are all empty: a column that says nothing on any row.
    /// The table is copied once, whatever the number of columns dropped.
    public func removingEmptyColumns() -> TextTable {
        guard !rows.isEmpty else { return self }
        let empty = (0..<header.count).filter { column in
            rows.allSatisfy { column >= $0.count || $0[column].isEmpty }
        }
        guard !empty.isEmpty else { return self }
        let dropped = Set(empty)
        func kept<Cell>(_ cells: [Cell]) -> [Cell] {
            cells.indices.filter { !dropped.contains($0) }.map { cells[$0] }
        }
        var table = TextTable(header: kept(header))
        table.rows = rows.map(kept)
        // A column left of a dropped one keeps its index; one right of it moves left.
        table.leftAligned = Set(
            leftAligned.compactMap { column in
                dropped.contains(column) ? nil : column - empty.count { $0 < column }
            })
        return table
    }

    /// The table narrowed to `width`: columns are dropped in the order of `dropOrder`
    /// (header names, least useful first) until it fits or none is left to drop.
    public func fitting(width: Int, dropOrder: [String], indent: String = "  ") -> TextTable {
        fitted(width: width, dropOrder: dropOrder, indent: indent).table
    }

    /// `fitting(width:dropOrder:indent:)`, with the headers it dropped, in the order dropped:
    /// what a line under the table names, so that nothing goes without a word. Whole columns
    /// go, never parts of lines: every row keeps its alignment at any width.
    public func fitted(width: Int, dropOrder: [String], indent: String = "  ")
        -> (table: TextTable, dropped: [String])
    {
        fitted(width: width, dropGroups: dropOrder.map { [$0] }, indent: indent)
    }

    /// `fitted(width:dropOrder:indent:)` where the columns of a group go together (a figure
    /// and its interval: never one without the other), each group whole before the next.
    public func fitted(width: Int, dropGroups: [[String]], indent: String = "  ")
        -> (table: TextTable, dropped: [String])
    {
        var table = self
        var dropped = [String]()
        for group in dropGroups where table.width(indent: indent) > width {
            for name in group {
                if let column = table.header.lastIndex(of: name) {
                    table = table.removing(column: column)
                    dropped.append(name)
                }
            }
        }
        return (table, dropped)
    }

    public func render(indent: String = "  ") -> String {
        let lines = Lines(self, indent: indent)
        var text = [UInt8]()
        for index in 0...rows.count {
            if index > 0 { text.append(UInt8(ascii: "\n")) }
            lines.append(row: index, to: &text)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The table's lines, one at a time: a caller that puts text between the rows (a
    /// comparison's reasons) writes each where it goes, with no table text made whole.
    struct Lines {
        let all: [[String]]
        let widths: [Int]
        let left: [Bool]
        let indent: String

        init(_ table: TextTable, indent: String) {
            all = [table.header] + table.rows
            widths = table.columnWidths(all)
            left = widths.indices.map(table.leftAligned.contains)
            self.indent = indent
        }

        /// Appends the line of `row` (0: the header, then the rows) to `text`: each cell
        /// padded to its column, two spaces between columns, the blanks at its end dropped.
        func append(row: Int, to text: inout [UInt8]) {
            Lines.append(all[row], widths: widths, left: left, indent: indent, to: &text)
        }

        /// Appends the line of `cells` in columns of `widths` characters, those `left`
        /// aligned left, the others right.
        static func append(
            _ cells: [String], widths: [Int], left: [Bool], indent: String,
            to text: inout [UInt8]
        ) {
            let start = text.count
            let cellBytes = cells.reduce(0) { $0 + $1.utf8.count }
            var indent = indent
            indent.withUTF8 { indent in
                let room = lineRoom(
                    indent: indent, cellBytes: cellBytes, widths: widths, columns: cells.count)
                StackBytes.append(room: room, to: &text) { line in
                    line.add(indent)
                    for (column, cell) in cells.enumerated() {
                        var cell = cell
                        cell.withUTF8 {
                            addCell($0, column: column, widths: widths, left: left, to: &line)
                        }
                    }
                }
            }
            TextTable.dropTrailingBlanks(of: &text, from: start)
        }

        /// `append(_:widths:left:indent:to:)` for cells given as their bytes.
        static func append(
            _ cells: ByteRow, widths: [Int], left: [Bool], indent: String,
            to text: inout [UInt8]
        ) {
            let start = text.count
            var indent = indent
            indent.withUTF8 { indent in
                cells.bytes.withUnsafeBufferPointer { bytes in
                    let room = lineRoom(
                        indent: indent, cellBytes: bytes.count, widths: widths,
                        columns: cells.ends.count)
                    StackBytes.append(room: room, to: &text) { line in
                        line.add(indent)
                        for column in cells.ends.indices {
                            addCell(
                                UnsafeBufferPointer(rebasing: bytes[cells.range(column)]),
                                column: column, widths: widths, left: left, to: &line)
                        }
                    }
                }
            }
            TextTable.dropTrailingBlanks(of: &text, from: start)
        }

        /// The most bytes a line takes: its indent, its cells' bytes, and for each of its
        /// `columns` the two blanks before it and at most its column's width of padding.
        private static func lineRoom(
            indent: UnsafeBufferPointer<UInt8>, cellBytes: Int, widths: [Int], columns: Int
        ) -> Int {
            var room = indent.count + cellBytes
            for column in 0..<columns { room += 2 + widths[column] }
            return room
        }

        /// Adds the UTF-8 `cell` of `column`, after the blanks between columns, padded to
        /// its column's width on the side `left` says. A line is written on the stack and
        /// appended once (`StackBytes`): appending each cell and each padding on its own
        /// cost a table of 100,000 rows some 1,700 instructions a line.
        @inline(__always)
        private static func addCell(
            _ cell: UnsafeBufferPointer<UInt8>, column: Int, widths: [Int], left: [Bool],
            to line: inout StackBytes
        ) {
            if column > 0 { line.addBlanks(2) }
            let padding = max(widths[column] - CharacterCount.of(cell), 0)
            if left[column] {
                line.add(cell)
                line.addBlanks(padding)
            } else {
                line.addBlanks(padding)
                line.add(cell)
            }
        }
    }

    /// A row's cells as their UTF-8 bytes, one after another: a row written straight from
    /// where its text lies (a results file's bytes), with no string per cell, and the
    /// buffer kept for the next row.
    struct ByteRow {
        private(set) var bytes = [UInt8]()
        /// Where each cell ends in `bytes`.
        private(set) var ends = [Int]()

        init() {}

        /// Appends `text` to the cell being written.
        mutating func append<Text: Sequence<UInt8>>(_ text: Text) {
            bytes += text
        }

        /// Lets `body` write to the cell being written.
        mutating func write(_ body: (inout [UInt8]) -> Void) {
            body(&bytes)
        }

        /// Ends the cell being written: what follows is the next one's.
        mutating func endCell() {
            ends.append(bytes.count)
        }

        /// Empties the row, its room kept.
        mutating func removeAll() {
            bytes.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
        }

        /// Where cell `column` is in `bytes`.
        func range(_ column: Int) -> Range<Int> {
            (column == 0 ? 0 : ends[column - 1])..<ends[column]
        }

        /// The cells as text.
        var cells: [String] {
            ends.indices.map { String(decoding: bytes[range($0)], as: UTF8.self) }
        }
    }

    /// A table measured row by row, its cells not kept: its columns' widths and the widest
    /// line `render` would print (`width(indent:)`), for a table too large to hold whose
    /// rows can be made again to print (a comparison of a million rows).
    struct Measure {
        let header: [String]
        let leftAligned: Set<Int>
        /// Each column's widest cell, in characters.
        private(set) var widths: [Int]
        /// Per row, per column: its characters, and those before its trailing blanks.
        private var counts = [(count: Int32, kept: Int32)]()
        /// A cell holds a line break: measured as printed, it needs the whole table.
        private(set) var holdsLineBreak = false

        init(header: [String], leftAligned: Set<Int>) {
            self.header = header
            self.leftAligned = leftAligned
            widths = Array(repeating: 0, count: header.count)
            add(header)
        }

        mutating func add(_ row: [String]) {
            for column in header.indices {
                var cell = column < row.count ? row[column] : ""
                cell.withUTF8 { add(cell: $0, column: column) }
            }
        }

        /// `add(_:)` for cells given as their bytes.
        mutating func add(_ row: ByteRow) {
            row.bytes.withUnsafeBufferPointer { bytes in
                for column in header.indices {
                    add(
                        cell: column < row.ends.count
                            ? UnsafeBufferPointer(rebasing: bytes[row.range(column)])
                            : UnsafeBufferPointer(start: nil, count: 0), column: column)
                }
            }
        }

        /// Adds the cell of `column` of the row being added (each row's cells in order, from
        /// its first column to its last), given as its bytes.
        mutating func add(cell: UnsafeBufferPointer<UInt8>, column: Int) {
            if cell.contains(UInt8(ascii: "\n")) { holdsLineBreak = true }
            let count: Int
            let kept: Int
            if let scalars = CharacterCount.scalarsIfEachIsACharacter(cell) {
                // Counted once: `trimmedCount(_:)` from the same count.
                count = scalars
                kept = TextTable.trimmedCount(cell, characters: scalars)
            } else {
                count = CharacterCount.of(cell)
                kept = TextTable.trimmedCount(cell)
            }
            add(count: count, kept: kept, column: column)
        }

        /// `add(cell:column:)` for a cell known by its count of characters and of those
        /// before its trailing blanks, made nowhere: written later, when printed.
        mutating func add(count: Int, kept: Int, column: Int) {
            widths[column] = max(widths[column], count)
            counts.append((Int32(count), Int32(kept)))
        }

        /// The widest line, as `TextTable.width(indent:)` measures it; nil when a cell
        /// holds a line break.
        func width(indent: String) -> Int? {
            guard !holdsLineBreak else { return nil }
            let indentEnd = TextTable.trimmedCount(indent)
            // Counted once, not for each row: `count` counts a string's characters anew.
            let indentCount = indent.count
            let left = header.indices.map { leftAligned.contains($0) }
            var widest = 0
            var index = 0
            while index < counts.count {
                var end = indentEnd
                var start = indentCount
                for column in header.indices {
                    let (count, kept) = counts[index + column]
                    if kept > 0 {
                        end = start + Int(kept) + (left[column] ? 0 : widths[column] - Int(count))
                    }
                    start += widths[column] + 2
                }
                widest = max(widest, end)
                index += header.count
            }
            return widest
        }
    }

    /// The characters of `text` before its trailing blanks.
    static func trimmedCount(_ text: String) -> Int {
        var count = CharacterCount.of(text)
        var end = text.endIndex
        while end > text.startIndex {
            let before = text.index(before: end)
            guard text[before].isWhitespace else { break }
            end = before
            count -= 1
        }
        return count
    }

    /// `trimmedCount(_:)` of the UTF-8 `cell`: among its bytes where each scalar is a
    /// character of its own and those at its end are ASCII, whose whitespace is the blank
    /// and the controls from tab to carriage return; else through its text.
    static func trimmedCount(_ cell: UnsafeBufferPointer<UInt8>) -> Int {
        guard let count = CharacterCount.scalarsIfEachIsACharacter(cell) else {
            return trimmedCount(String(decoding: cell, as: UTF8.self))
        }
        return trimmedCount(cell, characters: count)
    }

    /// `trimmedCount(_:)` of the UTF-8 `cell` whose scalars are `characters` characters,
    /// each of its own (`CharacterCount.scalarsIfEachIsACharacter`).
    static func trimmedCount(_ cell: UnsafeBufferPointer<UInt8>, characters count: Int) -> Int {
        var end = cell.count
        while end > 0, cell[end - 1] == UInt8(ascii: " ") || (9...13).contains(cell[end - 1]) {
            end -= 1
        }
        if end == 0 || cell[end - 1] < 0x80 { return count - (cell.count - end) }
        return trimmedCount(String(decoding: cell, as: UTF8.self))
    }

    /// Drops the characters at the end of `text[start...]` that are whitespace
    /// (`Character.isWhitespace`), as a line's trailing blanks are dropped. Among the bytes
    /// where each scalar at the end is a character of its own, whose whitespace is ASCII's,
    /// NEL and NBSP; else among the characters.
    static func dropTrailingBlanks(of text: inout [UInt8], from start: Int) {
        while text.count > start {
            let last = text[text.count - 1]
            let afterASCII = text.count - start < 2 || text[text.count - 2] < 0x80
            if afterASCII, last == UInt8(ascii: " ") || (9...13).contains(last) {
                // A line feed or carriage return may end a CR LF, one character: either way
                // whitespace, dropped whole.
                text.removeLast()
                continue
            }
            if last < 0x80, afterASCII { return }
            // A character that is not ASCII, or may join one: decoded and measured as one.
            let line = String(decoding: text[start...], as: UTF8.self)
            guard let character = line.last, character.isWhitespace else { return }
            text.removeLast(String(character).utf8.count)
        }
    }
}
