import SimBenchCore

/// What a results CSV must and may hold: the reading side of `ResultColumn.all`.
///
/// Files outlive the version that wrote them (committed CI baselines, a history file that
/// grows over months), so a reader takes any subset of the known columns that includes the
/// required ones; a column it does not know is refused, because it cannot say what it means.
/// Every set here is derived from the column declarations.
public enum ResultsSchema {
    /// The columns without which a row cannot be identified or compared.
    public static let requiredColumns = ResultColumn.all.filter(\.isRequired).map(\.name)

    /// Columns that may not be empty in any row. (`params` may: a scenario without
    /// parameters has none.)
    static let nonEmptyColumns = Set(ResultColumn.all.filter(\.isNonEmpty).map(\.name))

    /// Every column simbench writes, in the order it writes them.
    public static var knownColumns: [String] { ResultRow.columns }

    /// Columns whose cells are empty or a finite, non-negative number.
    static let numericColumns = names(of: .number)

    /// Columns whose cells are empty or a finite number of either sign: differences from the
    /// baseline (a faster pattern has a negative overhead), intervals around them, and net
    /// ratios, below 0 when a variant costs less than the floor in most rounds.
    static let signedColumns = names(of: .signedNumber)

    /// Columns whose cells are empty or hexadecimal.
    static let hexadecimalColumns = names(of: .hexadecimal)

    /// Columns of free text.
    static let textColumns = names(of: .text)

    /// The (low, high) column pairs of intervals: a row whose low end is above its high end
    /// is refused. Every `…_ci_low` column has its `…_ci_high`.
    static let intervalColumns: [(String, String)] = ResultColumn.all.compactMap { column in
        guard column.name.hasSuffix("_ci_low") else { return nil }
        let high = String(column.name.dropLast("low".count)) + "high"
        return ResultColumn.named(high).map { (column.name, $0.name) }
    }

    /// Whether `cell` is a plain decimal number: an optional `-`, digits with at most one
    /// point (and a digit on at least one side of it), and an optional exponent (`e` or
    /// `E`, an optional sign, digits). No hex (`0x1p3`), no `inf` or `nan`, no spaces, no
    /// NUL, no other digits than ASCII's.
    static func isPlainDecimal(_ cell: String) -> Bool {
        DecimalText.isPlainDecimal(cell)
    }

    /// Whether `byte` is an ASCII hexadecimal digit (a hexadecimal column's every byte is).
    static func isASCIIHexadecimalDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func names(of kind: ResultColumn.Kind) -> Set<String> {
        Set(ResultColumn.all.filter { $0.kind == kind }.map(\.name))
    }
}
