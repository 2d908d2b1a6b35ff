/// The checks every row of a results file passes, each row whole before the next, in this
/// order: its shape, each cell, each interval, an `ok` row's median, and that no earlier row
/// measures the same (scenario, params, sweep, variant), in the same run for a history.
struct RowChecks {
    let path: String
    let header: [String]
    let runs: ResultsFile.Runs
    let columnIndex: [String: Int]
    // What each column's cells must be, looked up once per column, not once per cell:
    // a file of 100,000 rows has millions of cells.
    let nonEmpty: [Bool]
    let signedColumn: [Bool]
    let numeric: [Bool]
    let hexadecimal: [Bool]

    init(path: String, header: [String], runs: ResultsFile.Runs) {
        self.path = path
        self.header = header
        self.runs = runs
        var columnIndex = [String: Int]()
        for (index, name) in header.enumerated() { columnIndex[name] = index }
        self.columnIndex = columnIndex
        nonEmpty = header.map { ResultsSchema.nonEmptyColumns.contains($0) }
        signedColumn = header.map { ResultsSchema.signedColumns.contains($0) }
        numeric = header.map { ResultsSchema.numericColumns.contains($0) }
        hexadecimal = header.map { ResultsSchema.hexadecimalColumns.contains($0) }
    }

    /// The line of each row checked so far, by what it measures.
    private var seen = [String: Int]()
    /// The cells checked and rows indexed so far: the work a test holds linear in the rows.
    private(set) var steps = 0

    /// The row `record` (a record of the file after its header), checked, and against the
    /// rows checked before it.
    mutating func row(_ record: CSVReader.Record) throws(ResultsFileError) -> ResultsRecord {
        steps += record.fields.count + 1
        try checkShape(record)
        let fields = record.fields
        try checkCells(fields, of: record)
        try checkIntervals(fields, of: record)
        let row = ResultsRecord(line: record.line, fields: fields, columnIndex: columnIndex)
        try checkMedian(row, of: record)
        try checkUnique(row, of: record)
        return row
    }

    private func failure(_ line: Int?, _ column: String?, _ message: String) -> ResultsFileError {
        ResultsFileError(path: path, line: line, column: column, message: message)
    }

    /// Fails on a blank line, and on a record with fewer or more fields than the header.
    private func checkShape(_ record: CSVReader.Record) throws(ResultsFileError) {
        guard !record.isBlank else {
            throw failure(record.line, nil, "a blank line inside the file")
        }
        let fields = record.fields
        if fields.count < header.count {
            throw failure(
                record.lastFieldLine, header[fields.count],
                "missing: the record ends after \(fields.count) of the header's \(header.count) "
                    + "fields; the file is truncated or the record was cut")
        }
        if fields.count > header.count {
            throw failure(
                record.line(ofField: header.count), nil,
                "the record has \(fields.count) fields, the header \(header.count): "
                    + "field \(header.count + 1) has no column")
        }
    }

    /// Fails on the first cell that its column does not accept: empty where every row needs
    /// a value, holding a NUL byte, or not a number (`checkNumber`) or not hexadecimal.
    private func checkCells(
        _ fields: [String], of record: CSVReader.Record
    ) throws(ResultsFileError) {
        for (index, column) in header.enumerated() {
            let cell = fields[index]
            let line = record.line(ofField: index)
            if nonEmpty[index], cell.isEmpty {
                throw failure(line, column, "empty; every row needs a \(column)")
            }
            guard !cell.isEmpty else { continue }
            guard !record.holdsNUL || !cell.utf8.contains(0) else {
                throw failure(line, column, "'\(cell)' holds a NUL byte; expected text")
            }
            let signed = signedColumn[index]
            if signed || numeric[index] {
                try checkNumber(cell, signed: signed, line: line, column: column)
            } else if hexadecimal[index] {
                guard ResultsSchema.isASCIIHexadecimal(cell) else {
                    throw failure(
                        line, column,
                        "'\(cell)' is not hexadecimal; expected the digits 0-9 and letters a-f")
                }
            }
        }
    }

    /// Fails unless `cell` is a plain decimal, finite number, and at least 0 unless `signed`.
    private func checkNumber(
        _ cell: String, signed: Bool, line: Int, column: String
    ) throws(ResultsFileError) {
        guard ResultsSchema.isPlainDecimal(cell), let number = Double(cell) else {
            throw failure(
                line, column,
                "'\(cell)' is not a number; expected plain decimal digits, optionally with a "
                    + "point and an exponent (12.5, 1.2e-05)")
        }
        guard number.isFinite else {
            throw failure(line, column, "'\(cell)' is not a finite number")
        }
        guard signed || number >= 0 else {
            throw failure(line, column, "'\(cell)' is negative; expected a number ≥ 0")
        }
    }

    /// Fails on an interval (`ResultsSchema.intervalColumns`) whose high end is below its low.
    private func checkIntervals(
        _ fields: [String], of record: CSVReader.Record
    ) throws(ResultsFileError) {
        for (low, high) in ResultsSchema.intervalColumns {
            guard let lowIndex = columnIndex[low], let highIndex = columnIndex[high],
                let lowValue = Double(fields[lowIndex]), let highValue = Double(fields[highIndex]),
                lowValue > highValue
            else { continue }
            throw failure(
                record.line(ofField: highIndex), high,
                "'\(fields[highIndex])' is below \(low) '\(fields[lowIndex])'; "
                    + "an interval's high end is at least its low end")
        }
    }

    /// Fails on an `ok` row without a median.
    private func checkMedian(
        _ row: ResultsRecord, of record: CSVReader.Record
    ) throws(ResultsFileError) {
        let column = ResultColumn.nsPerEventMedian.name
        if row.isOK, row[.nsPerEventMedian].isEmpty {
            throw failure(
                record.line(ofField: columnIndex[column]!), column,
                "empty, but the row's status is 'ok'; an ok row has a median")
        }
    }

    /// Fails on a row that measures what an earlier one did, and notes the row in `seen`.
    ///
    /// Mutating, so that `seen` is updated in place: handed in `inout` to a method of a copy
    /// of `self`, the dictionary had two owners and was copied whole for every row, which
    /// made reading a file quadratic in its rows.
    ///
    /// - Complexity: O(1) amortized per row.
    private mutating func checkUnique(
        _ row: ResultsRecord, of record: CSVReader.Record
    ) throws(ResultsFileError) {
        let identity = row.identity
        let key = [
            runs == .several ? row[.runID] : "", identity.scenario, identity.parameters,
            identity.sweep, identity.variant,
        ]
        .joined(separator: "\u{1F}")
        if let first = seen[key] {
            throw failure(
                record.line, "variant",
                "a duplicated row: \(identity) is already on line \(first)"
                    + (runs == .several ? " for the same run" : ""))
        }
        seen[key] = record.line
    }
}
