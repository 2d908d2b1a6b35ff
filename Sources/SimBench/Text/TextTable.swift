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
        func trimmedCount(_ text: String) -> Int {
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
    public func removingEmptyColumns() -> TextTable {
        var table = self
        for column in (0..<header.count).reversed()
        where !rows.isEmpty && rows.allSatisfy({ column >= $0.count || $0[column].isEmpty }) {
            table = table.removing(column: column)
        }
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
        let all = [header] + rows
        let widths = columnWidths(all)
        let left = widths.indices.map(leftAligned.contains)
        // Lines appended to one text, each cell to its line: no array of cells per row.
        var text = ""
        for (index, row) in all.enumerated() {
            if index > 0 { text += "\n" }
            var line = indent
            for (column, cell) in row.enumerated() {
                if column > 0 { line += "  " }
                let padding = String(
                    repeating: " ", count: widths[column] - CharacterCount.of(cell))
                if left[column] {
                    line += cell
                    line += padding
                } else {
                    line += padding
                    line += cell
                }
            }
            // Trailing blanks dropped by hand: a regular expression per line cost more than
            // the rest of a comparison of 100,000 rows.
            while line.last?.isWhitespace == true { line.removeLast() }
            text += line
        }
        return text
    }
}
