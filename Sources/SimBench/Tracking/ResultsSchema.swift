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

    /// Columns whose cells are empty or hexadecimal.
    static let hexadecimalColumns = names(of: .hexadecimal)

    /// Columns of free text.
    static let textColumns = names(of: .text)

    private static func names(of kind: ResultColumn.Kind) -> Set<String> {
        Set(ResultColumn.all.filter { $0.kind == kind }.map(\.name))
    }
}
