/// A row's cells read where a reader has found its columns once (`ColumnPositions`), not
/// looked up per cell as `ResultsRecord` does: a reader of several files of 100,000 rows
/// reads a few cells of each row.
extension RowTable {
    /// The number in field `field` of row `row` (`ResultsRecord.number`): nil for an empty
    /// cell or an absent column (`field` nil).
    @inline(__always)
    func number(row: Int, field: Int?) -> Double? {
        guard let field else { return nil }
        return withField(row: row, field: field) { $0.isEmpty ? nil : CellNumber.value($0) }
    }

    /// Whether field `field` of row `row` holds `word`, an ASCII word, as `self[column] ==
    /// word` tells (an absent column, `field` nil, holds only the empty word): a text equal
    /// to ASCII text is those bytes.
    @inline(__always)
    func holds(row: Int, field: Int?, _ word: String) -> Bool {
        guard let field else { return word.isEmpty }
        return withField(row: row, field: field) { $0.elementsEqual(word.utf8) }
    }
}
