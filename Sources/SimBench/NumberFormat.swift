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
