import Foundation

/// Runs of a row's fields compared at once: a report tells whether a row repeats the row
/// before it in a dozen columns (its host, CPU, OS, build, run), which a history's rows
/// nearly always do, by one comparison of the bytes those fields span rather than one per
/// cell.
extension ResultsRecord {
    /// Whether fields `fields` of this row hold the same bytes as the same fields of
    /// `other`, a row of the same table, compared as the bytes they span in the file
    /// (their quotes and the commas between them too): equal spans hold equal cells, since
    /// a span read from a field's start splits into the same fields whatever row it is in.
    /// False for a row of another table, or for an empty range.
    func hasSameFields(_ fields: Range<Int>, as other: ResultsRecord) -> Bool {
        guard table === other.table, !fields.isEmpty, fields.upperBound <= table.width else {
            return false
        }
        let starts = table.starts
        let start = starts.start(row: row, field: fields.lowerBound)
        let otherStart = starts.start(row: other.row, field: fields.lowerBound)
        // Each field's end is the byte before the next one's start (a comma or the line
        // break), left out of the span.
        let count = starts.start(row: row, field: fields.upperBound) - 1 - start
        guard count == starts.start(row: other.row, field: fields.upperBound) - 1 - otherStart
        else {
            return false
        }
        if count == 0 { return true }
        return table.bytes.withUnsafeBufferPointer { bytes in
            memcmp(bytes.baseAddress! + start, bytes.baseAddress! + otherStart, count) == 0
        }
    }

    /// `columns`' fields in this row's table, gathered into runs of consecutive fields,
    /// each with the indices (in `columns`) of the columns it holds; a column the table
    /// lacks is in none.
    func fieldSpans(of columns: [ResultColumn]) -> [(fields: Range<Int>, columns: [Int])] {
        let placed = columns.indices.compactMap { index in
            self.columns.position(of: columns[index]).map { (field: $0, index: index) }
        }.sorted { $0.field < $1.field }
        var spans = [(fields: Range<Int>, columns: [Int])]()
        for (field, index) in placed {
            if let last = spans.last, last.fields.upperBound == field {
                spans[spans.count - 1] = (
                    last.fields.lowerBound..<(field + 1), last.columns + [index]
                )
            } else if let last = spans.last, last.fields.upperBound > field {
                // The same field named twice: already in the span.
                spans[spans.count - 1].columns.append(index)
            } else {
                spans.append((field..<(field + 1), [index]))
            }
        }
        return spans
    }
}

/// Whether a row repeats another's cells in some columns, told as `hasSameCell` tells it
/// column by column, but for two rows of one table by a comparison per run of consecutive
/// fields (`ResultsRecord.hasSameFields`), the runs found once per table.
struct RepeatedCells {
    let columns: [ResultColumn]
    /// The table whose runs of fields `spans` holds.
    private var table: RowTable?
    private var spans = [Range<Int>]()

    init(_ columns: [ResultColumn]) {
        self.columns = columns
    }

    /// Whether `record` holds the same cells in `columns` as `other`, as
    /// `columns.allSatisfy { record.hasSameCell($0, as: other) }` says.
    mutating func same(_ record: ResultsRecord, as other: ResultsRecord) -> Bool {
        guard record.table === other.table else {
            return columns.allSatisfy { record.hasSameCell($0, as: other) }
        }
        if record.table !== table {
            table = record.table
            // A column the table lacks is empty in both rows: in no run.
            spans = record.fieldSpans(of: columns).map(\.fields)
        }
        return spans.allSatisfy { record.hasSameFields($0, as: other) }
    }
}
