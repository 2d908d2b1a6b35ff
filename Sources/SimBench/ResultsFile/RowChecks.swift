import CSimBenchSystem
import SimBenchCore

/// The checks every row of a results file passes, each row whole before the next, in this
/// order: its shape, each cell, each interval, an `ok` row's median, and then that no earlier
/// row measures the same (scenario, params, sweep, variant), in the same run for a history
/// (`IdentityIndex`, in `TableReader`).
///
/// `passes` checks a row among the file's bytes, as the reader finds it; `check` checks a
/// parsed record and names what is wrong: the reader hands it every row `passes` refuses.
struct RowChecks {
    let path: String
    let header: [String]
    let runs: ResultsFile.Runs
    let columnIndex: [String: Int]
    /// Where the file keeps each column, shared by every row read.
    let positions: ColumnPositions
    // What each column's cells must be, looked up once per column, not once per cell:
    // a file of 100,000 rows has millions of cells.
    let nonEmpty: [Bool]
    let signedColumn: [Bool]
    let numeric: [Bool]
    let hexadecimal: [Bool]
    /// The (low, high) columns of each interval the header holds, by index.
    let intervals: [(low: Int, high: Int)]
    // The columns `passes` reads, by what it checks there: a column of text that may be
    // empty needs nothing, and a row's check goes over each list without asking each
    // column what it is.
    /// The numeric columns: whether each is signed and must not be empty.
    private let numericChecks: [(index: Int, signed: Bool, nonEmpty: Bool)]
    /// The same columns for `simbench_plain_numeric_cells`: each index, with
    /// `SIMBENCH_NON_EMPTY` where its cells must not be empty.
    private let numericColumns: [UInt32]
    /// The hexadecimal columns: whether each must not be empty.
    private let hexadecimalChecks: [(index: Int, nonEmpty: Bool)]
    /// The other columns that must not be empty.
    private let nonEmptyTextColumns: [Int]
    /// The columns a row is identified by (`IdentityIndex`), its run's first when a history
    /// holds several; nil where the header lacks one (it reads as empty).
    let identityColumns: [Int?]
    let statusColumn: Int?
    let medianColumn: Int?

    init(path: String, header: [String], runs: ResultsFile.Runs) {
        self.path = path
        self.header = header
        self.runs = runs
        positions = ColumnPositions(header: header)
        let columnIndex = positions.byName
        self.columnIndex = columnIndex
        let nonEmpty = header.map { ResultsSchema.nonEmptyColumns.contains($0) }
        let signed = header.map { ResultsSchema.signedColumns.contains($0) }
        let numeric = header.map { ResultsSchema.numericColumns.contains($0) }
        let hexadecimal = header.map { ResultsSchema.hexadecimalColumns.contains($0) }
        self.nonEmpty = nonEmpty
        signedColumn = signed
        self.numeric = numeric
        self.hexadecimal = hexadecimal
        let columns = header.indices
        numericChecks = columns.filter { signed[$0] || numeric[$0] }.map {
            ($0, signed[$0], nonEmpty[$0])
        }
        numericColumns = numericChecks.map {
            UInt32($0.index) | ($0.nonEmpty ? SIMBENCH_NON_EMPTY : 0)
        }
        let text = columns.filter { !signed[$0] && !numeric[$0] }
        hexadecimalChecks = text.filter { hexadecimal[$0] }.map { ($0, nonEmpty[$0]) }
        nonEmptyTextColumns = text.filter { !hexadecimal[$0] && nonEmpty[$0] }
        intervals = ResultsSchema.intervalColumns.compactMap { low, high in
            guard let low = columnIndex[low], let high = columnIndex[high] else { return nil }
            return (low, high)
        }
        let identity: [ResultColumn] =
            (runs == .several ? [.runID] : []) + [.scenario, .parameters, .sweep, .variant]
        identityColumns = identity.map { columnIndex[$0.name] }
        statusColumn = columnIndex[ResultColumn.status.name]
        medianColumn = columnIndex[ResultColumn.nsPerEventMedian.name]
    }

    /// Checks the row `record` (a record of the file after its header): its shape, each
    /// cell, each interval and its median. Whether an earlier row measured the same is
    /// `IdentityIndex`'s to say.
    func check(_ record: CSVReader.Record) throws(ResultsFileError) {
        try checkShape(record)
        try checkCells(record)
        try checkIntervals(record)
        try checkMedian(record)
    }

    /// Whether the row whose fields start at `fieldStarts` in `text` passes `check`: a
    /// well-formed record of the header's width (`TableReader.scan`), its cells read in
    /// place, nothing made for them. False sends the row to `check`, which says why.
    ///
    /// - Parameter nonDigits: for a row of printable ASCII split by
    ///   `simbench_split_plain_row`, its bits of the bytes that are not digits: a numeric
    ///   cell of digits with at most one point among them is then told from its bits.
    func passes(
        _ text: UnsafeBufferPointer<UInt8>, _ fieldStarts: UnsafeMutableBufferPointer<UInt32>,
        nonDigits: UnsafeBufferPointer<UInt64>? = nil
    ) -> Bool {
        func cell(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            var start = Int(fieldStarts[index])
            var end = Int(fieldStarts[index + 1]) - 1
            if start < end, text[start] == RowTable.quote {
                start += 1
                end -= 1
            }
            return UnsafeBufferPointer(rebasing: text[start..<end])
        }
        /// Whether the numeric cell of `numericChecks[check]` passes, read byte by byte.
        func numericCellPasses(_ check: Int) -> Bool {
            let (index, signed, nonEmpty) = numericChecks[check]
            let cell = cell(index)
            if cell.isEmpty { return !nonEmpty }
            if WordScan.isPlainDecimal(
                cell, readable: text.count - (cell.baseAddress! - text.baseAddress!))
            {
                return true
            }
            if let accepted = RowChecks.acceptsPlainDecimal(cell, signed: signed) {
                return accepted
            }
            return RowChecks.numberProblem(cell, signed: signed) == nil
        }
        if let nonDigits {
            // Told from the row's bits, in C, up to a cell they do not tell.
            let count = numericColumns.count
            var check = 0
            while true {
                check = numericColumns.withUnsafeBufferPointer { columns in
                    simbench_plain_numeric_cells(
                        text.baseAddress!, Int(fieldStarts[0]), fieldStarts.baseAddress!,
                        nonDigits.baseAddress!, columns.baseAddress!, count, check)
                }
                guard check < count else { break }
                guard numericCellPasses(check) else { return false }
                check += 1
            }
        } else {
            for check in numericChecks.indices where !numericCellPasses(check) { return false }
        }
        for index in nonEmptyTextColumns where cell(index).isEmpty { return false }
        for (index, nonEmpty) in hexadecimalChecks {
            let cell = cell(index)
            if cell.isEmpty ? nonEmpty : !cell.allSatisfy(ResultsSchema.isASCIIHexadecimalDigit) {
                return false
            }
        }
        for (lowIndex, highIndex) in intervals {
            let low = cell(lowIndex)
            let high = cell(highIndex)
            guard !low.isEmpty, !high.isEmpty else { continue }
            if let nonDigits,
                RowChecks.plainDecimalsInOrder(
                    low, high, in: text, row: Int(fieldStarts[0]), nonDigits: nonDigits)
            {
                continue
            }
            if CellNumber.decimalsInOrder(low, high) { continue }
            if let lowValue = CellNumber.value(low), let highValue = CellNumber.value(high),
                lowValue > highValue
            {
                return false
            }
        }
        if let statusColumn, let medianColumn, cell(medianColumn).isEmpty,
            cell(statusColumn).elementsEqual(ResultStatus.ok.rawValue.utf8)
        {
            return false
        }
        return true
    }

    /// Whether `low` and `high`, cells of the row that starts at `row` in `text`, are both
    /// plain decimals (digits, at most one point among them, a digit: `pointIfPlain`) with `low ≤ high`, told from
    /// their digits: fewer whole digits (leading zeros aside), or the first digit that differs
    /// smaller, a missing fraction digit read as 0. False says nothing: the interval is then
    /// checked as `CellNumber.decimalsInOrder` checks it.
    static func plainDecimalsInOrder(
        _ low: UnsafeBufferPointer<UInt8>, _ high: UnsafeBufferPointer<UInt8>,
        in text: UnsafeBufferPointer<UInt8>, row: Int, nonDigits: UnsafeBufferPointer<UInt64>
    ) -> Bool {
        guard let lowPoint = pointIfPlain(low, in: text, row: row, nonDigits: nonDigits),
            let highPoint = pointIfPlain(high, in: text, row: row, nonDigits: nonDigits)
        else { return false }
        // The whole digits after their leading zeros.
        var lowStart = 0
        while lowStart < lowPoint, low[lowStart] == UInt8(ascii: "0") { lowStart &+= 1 }
        var highStart = 0
        while highStart < highPoint, high[highStart] == UInt8(ascii: "0") { highStart &+= 1 }
        let lowWhole = lowPoint &- lowStart
        let highWhole = highPoint &- highStart
        if lowWhole != highWhole { return lowWhole < highWhole }
        var index = 0
        while index < lowWhole {
            let mine = low[lowStart &+ index]
            let theirs = high[highStart &+ index]
            if mine != theirs { return mine < theirs }
            index &+= 1
        }
        // The fraction digits, after each point.
        let lowFraction = max(low.count &- lowPoint &- 1, 0)
        let highFraction = max(high.count &- highPoint &- 1, 0)
        index = 0
        while index < max(lowFraction, highFraction) {
            let mine = index < lowFraction ? low[lowPoint &+ 1 &+ index] : UInt8(ascii: "0")
            let theirs = index < highFraction ? high[highPoint &+ 1 &+ index] : UInt8(ascii: "0")
            if mine != theirs { return mine < theirs }
            index &+= 1
        }
        return true
    }

    /// Where the point of `cell` is (its count where it has none) when it is a plain decimal
    /// told from the row's `nonDigits` bits, as `simbench_plain_numeric_cells` tells it; nil
    /// otherwise.
    @inline(__always)
    private static func pointIfPlain(
        _ cell: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, row: Int,
        nonDigits: UnsafeBufferPointer<UInt64>
    ) -> Int? {
        guard let found = nonDigitBits(cell, in: text, row: row, nonDigits: nonDigits) else {
            return nil
        }
        if found == 0 { return cell.count }
        guard found & (found &- 1) == 0, cell.count > 1 else { return nil }
        let point = found.trailingZeroBitCount
        return cell[point] == UInt8(ascii: ".") ? point : nil
    }

    /// The bits of `cell`'s bytes that are not digits, bit `k` for its byte `k`, read from
    /// the row's `nonDigits` (`simbench_split_plain_row`); nil for an empty cell or one of 64
    /// bytes or more.
    @inline(__always)
    private static func nonDigitBits(
        _ cell: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, row: Int,
        nonDigits: UnsafeBufferPointer<UInt64>
    ) -> UInt64? {
        let count = cell.count
        guard count > 0, count < 64 else { return nil }
        let offset = (cell.baseAddress! - text.baseAddress!) &- row
        let word = offset &>> 6
        let bit = offset & 63
        var window = nonDigits[word] &>> UInt64(bit)
        if bit != 0 { window |= nonDigits[word &+ 1] &<< UInt64(64 &- bit) }
        return window & ((1 &<< UInt64(count)) &- 1)
    }

    private func failure(_ line: Int?, _ column: String?, _ message: String) -> ResultsFileError {
        ResultsFileError(path: path, line: line, column: column, message: message)
    }

    /// Fails on a blank line, and on a record with fewer or more fields than the header.
    private func checkShape(_ record: CSVReader.Record) throws(ResultsFileError) {
        guard !record.isBlank else {
            throw failure(record.line, nil, "a blank line inside the file")
        }
        if record.count < header.count {
            throw failure(
                record.lastFieldLine, header[record.count],
                "missing: the record ends after \(record.count) of the header's \(header.count) "
                    + "fields; the file is truncated or the record was cut")
        }
        if record.count > header.count {
            throw failure(
                record.line(ofField: header.count), nil,
                "the record has \(record.count) fields, the header \(header.count): "
                    + "field \(header.count + 1) has no column")
        }
    }

    /// What is wrong with a cell, found among its bytes.
    enum CellProblem {
        case empty, holdsNUL, notANumber, notFinite, negative, notHexadecimal
    }

    /// Fails on the first cell that its column does not accept: empty where every row needs
    /// a value, holding a NUL byte, or not a number (`numberProblem`) or not hexadecimal.
    ///
    /// The cells are checked as bytes, in place: only a cell in error is made text.
    private func checkCells(_ record: CSVReader.Record) throws(ResultsFileError) {
        let found: (Int, CellProblem)? = record.text.withUnsafeBufferPointer { text in
            var start = 0
            for index in header.indices {
                let end = Int(record.ends[index])
                let cell = UnsafeBufferPointer(rebasing: text[start..<end])
                start = end
                if cell.isEmpty {
                    if nonEmpty[index] { return (index, .empty) }
                    continue
                }
                if record.holdsNUL, cell.contains(0) { return (index, .holdsNUL) }
                let signed = signedColumn[index]
                if signed || numeric[index] {
                    if let problem = RowChecks.numberProblem(cell, signed: signed) {
                        return (index, problem)
                    }
                } else if hexadecimal[index],
                    !cell.allSatisfy(ResultsSchema.isASCIIHexadecimalDigit)
                {
                    return (index, .notHexadecimal)
                }
            }
            return nil
        }
        guard let (index, problem) = found else { return }
        let column = header[index]
        let cell = record.field(index)
        let line = record.line(ofField: index)
        switch problem {
        case .empty:
            throw failure(line, column, "empty; every row needs a \(column)")
        case .holdsNUL:
            throw failure(line, column, "'\(cell)' holds a NUL byte; expected text")
        case .notANumber:
            throw failure(
                line, column,
                "'\(cell)' is not a number; expected plain decimal digits, optionally with a "
                    + "point and an exponent (12.5, 1.2e-05)")
        case .notFinite:
            throw failure(line, column, "'\(cell)' is not a finite number")
        case .negative:
            throw failure(line, column, "'\(cell)' is negative; expected a number ≥ 0")
        case .notHexadecimal:
            throw failure(
                line, column,
                "'\(cell)' is not hexadecimal; expected the digits 0-9 and letters a-f")
        }
    }

    /// Whether `numberProblem(cell, signed:)` finds nothing, told in one pass over the bytes
    /// of a cell of digits with at most one point and an optional `-` (nearly every numeric
    /// cell: a file of 100,000 rows has millions); nil for any other cell (an exponent, a
    /// second point, any other byte, 300 bytes or more), which `numberProblem` judges.
    ///
    /// Such a cell is a plain decimal exactly when it holds a digit; without an exponent it
    /// is finite, and below 0 exactly when it has a `-` and a digit other than 0.
    @inline(__always)
    static func acceptsPlainDecimal(_ cell: UnsafeBufferPointer<UInt8>, signed: Bool) -> Bool? {
        guard cell.count < 300 else { return nil }
        var at = 0
        let negative = cell.first == UInt8(ascii: "-")
        if negative { at = 1 }
        var digits = false
        var nonZero = false
        var point = false
        while at < cell.count {
            let byte = cell[at]
            if byte &- UInt8(ascii: "0") < 10 {
                digits = true
                if byte != UInt8(ascii: "0") { nonZero = true }
            } else if byte == UInt8(ascii: "."), !point {
                point = true
            } else {
                return nil
            }
            at += 1
        }
        guard digits else { return false }
        return signed || !negative || !nonZero
    }

    /// What keeps the bytes `cell` from being a plain decimal, finite number, at least 0
    /// unless `signed`; nil when nothing does.
    ///
    /// Without an exponent and in under 300 bytes, a plain decimal is finite and below 0
    /// exactly when it has a `-` and a digit other than 0: only a cell with an exponent or
    /// longer is read as a number to be judged, as every cell once was.
    static func numberProblem(_ cell: UnsafeBufferPointer<UInt8>, signed: Bool) -> CellProblem? {
        guard let parts = DecimalText.Parts(cell) else { return .notANumber }
        guard parts.exponentMark != nil || cell.count >= 300 else {
            return signed || !parts.negative || !parts.hasNonZeroDigit(cell) ? nil : .negative
        }
        guard let number = CellNumber.value(cell) else { return .notANumber }
        guard number.isFinite else { return .notFinite }
        return signed || number >= 0 ? nil : .negative
    }

    /// Fails on an interval (`ResultsSchema.intervalColumns`) whose high end is below its low.
    private func checkIntervals(_ record: CSVReader.Record) throws(ResultsFileError) {
        for (lowIndex, highIndex) in intervals {
            guard !record.range(ofField: lowIndex).isEmpty,
                !record.range(ofField: highIndex).isEmpty
            else { continue }
            // Read from the bytes: bounds in order by their digits are not parsed, and only
            // an interval in error is made text.
            let (lowValue, highValue) = record.text.withUnsafeBufferPointer { text in
                let low = UnsafeBufferPointer(rebasing: text[record.range(ofField: lowIndex)])
                let high = UnsafeBufferPointer(rebasing: text[record.range(ofField: highIndex)])
                return CellNumber.decimalsInOrder(low, high)
                    ? (nil, nil) : (CellNumber.value(low), CellNumber.value(high))
            }
            guard let lowValue, let highValue, lowValue > highValue else { continue }
            let low = record.field(lowIndex)
            let high = record.field(highIndex)
            throw failure(
                record.line(ofField: highIndex), header[highIndex],
                "'\(high)' is below \(header[lowIndex]) '\(low)'; "
                    + "an interval's high end is at least its low end")
        }
    }

    /// Fails on an `ok` row without a median.
    private func checkMedian(_ record: CSVReader.Record) throws(ResultsFileError) {
        guard let statusColumn, let medianColumn,
            record.range(ofField: medianColumn).isEmpty,
            record.field(statusColumn) == ResultStatus.ok.rawValue
        else { return }
        throw failure(
            record.line(ofField: medianColumn), header[medianColumn],
            "empty, but the row's status is 'ok'; an ok row has a median")
    }
}
