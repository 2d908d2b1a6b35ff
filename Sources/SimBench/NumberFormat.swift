import Foundation

/// How figures read in terminal tables.
public enum NumberFormat {
    /// `3.14`, `31.4`, `314`, `3140`: three significant digits, but never a lost integer
    /// digit.
    public static func significant(_ value: Double, digits: Int = 3) -> String {
        guard value.isFinite else { return "—" }
        let magnitude = abs(value)
        guard magnitude > 0 else { return "0" }
        let integerDigits = Int(floor(log10(magnitude))) + 1
        let decimals = max(0, digits - integerDigits)
        return String(format: "%.\(decimals)f", value)
    }

    /// `12.3 M`: SI prefixes for rates.
    public static func si(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let prefixes = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]
        for (scale, prefix) in prefixes where abs(value) >= scale {
            return "\(significant(value / scale)) \(prefix)"
        }
        return significant(value)
    }

    /// `10,000`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var groups = [Substring]()
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// `12.5%`.
    public static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "—" }
        return String(format: "%.1f%%", fraction * 100)
    }

    /// `1.23×`.
    public static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        return String(format: "%.2f×", value)
    }

    /// `[1.20, 1.25]`, or `—` without an interval.
    public static func interval(_ low: Double?, _ high: Double?, ratio: Bool = false) -> String {
        guard let low, let high, low.isFinite, high.isFinite else { return "—" }
        if ratio { return String(format: "[%.2f, %.2f]", low, high) }
        return "[\(significant(low)), \(significant(high))]"
    }
}

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
    public func width(indent: String = "  ") -> Int {
        render(indent: indent).split(separator: "\n").map(\.count).max() ?? 0
    }

    /// The table without `column`.
    public func removing(column: Int) -> TextTable {
        var table = TextTable(header: header.enumerated().filter { $0.offset != column }.map(\.element))
        table.rows = rows.map { row in row.enumerated().filter { $0.offset != column }.map(\.element) }
        table.leftAligned = Set(leftAligned.compactMap { $0 == column ? nil : $0 > column ? $0 - 1 : $0 })
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
        var table = self
        for name in dropOrder where table.width(indent: indent) > width {
            if let column = table.header.lastIndex(of: name) { table = table.removing(column: column) }
        }
        return table
    }

    public func render(indent: String = "  ") -> String {
        let all = [header] + rows
        var widths = [Int](repeating: 0, count: header.count)
        for row in all {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return all.map { row in
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return leftAligned.contains(column) ? cell + padding : padding + cell
            }
            return indent + cells.joined(separator: "  ").replacingOccurrences(
                of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }
}

/// Breaking text for a terminal of a given width.
public enum TextWrap {
    /// Every line of `text` longer than `width` broken at spaces; continuation lines keep
    /// the line's indent plus two spaces. A single word longer than `width` stays whole.
    public static func fit(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            guard line.count > width else { return [String(line)] }
            let indent = String(line.prefix { $0 == " " })
            let words = line.dropFirst(indent.count).split(separator: " ")
            var lines = [String]()
            var current = indent
            var hasWord = false
            for word in words {
                let candidate = hasWord ? current + " " + word : current + word
                if hasWord, candidate.count > width {
                    lines.append(current)
                    current = indent + "  " + word
                } else {
                    current = candidate
                }
                hasWord = true
            }
            lines.append(current)
            return lines
        }.joined(separator: "\n")
    }
}
