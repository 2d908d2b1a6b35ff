import SimBenchCore

/// One row of a results file, validated, with the line it came from.
///
/// A row is where it lies in its file's bytes (`RowTable`): a cell is read as a number, or
/// compared as bytes, where it lies, and made text only when asked for: a file of 100,000
/// rows has millions of cells, of which a reader looks at a few per row.
public struct ResultsRecord: Sendable {
    /// The rows of the file, and which of them this is.
    let table: RowTable
    let row: Int

    /// The 1-based line the record starts on.
    public var line: Int { Int(table.lines[row]) }

    /// Where the file keeps each column, found once for the file.
    var columns: ColumnPositions { table.positions }

    init(table: RowTable, row: Int) {
        self.table = table
        self.row = row
    }

    /// A row of `fields`, in the order of the columns `columns` numbers.
    init(line: Int, fields: [String], columns: ColumnPositions) {
        self.init(
            table: RowTable(rows: [fields], lines: [line], width: fields.count, positions: columns),
            row: 0)
    }

    /// For a pass over `records` in order, at `index`: asks for the offsets of the record
    /// eight on, and the bytes of the record four on, to be brought toward the caches
    /// (`RowTable.prefetchOffsets`, `prefetchBytes`), so that the pass reads them there.
    @inline(__always)
    static func prefetch(_ records: [ResultsRecord], at index: Int) {
        if records.indices.contains(index &+ 8) {
            records[index &+ 8].table.prefetchOffsets(row: records[index &+ 8].row)
        }
        if records.indices.contains(index &+ 4) {
            records[index &+ 4].table.prefetchBytes(row: records[index &+ 4].row)
        }
    }

    /// The records `isIncluded` keeps, in order (`filter`), each asked for a few records
    /// ahead (`prefetch`): a pass that reads a cell of each of 100,000 rows otherwise waits
    /// on memory for each.
    static func filter(
        _ records: [ResultsRecord], _ isIncluded: (ResultsRecord) -> Bool
    ) -> [ResultsRecord] {
        var kept = [ResultsRecord]()
        for index in records.indices {
            prefetch(records, at: index)
            if isIncluded(records[index]) { kept.append(records[index]) }
        }
        return kept
    }

    /// How many records `isIncluded` keeps (`count(where:)`), each asked for ahead as
    /// `filter` asks.
    static func count(_ records: [ResultsRecord], where isIncluded: (ResultsRecord) -> Bool)
        -> Int
    {
        var count = 0
        for index in records.indices {
            prefetch(records, at: index)
            if isIncluded(records[index]) { count &+= 1 }
        }
        return count
    }

    /// Every row of `table`, in order.
    static func all(of table: RowTable) -> [ResultsRecord] {
        (0..<table.count).map { ResultsRecord(table: table, row: $0) }
    }

    /// The cells in the file's column order.
    public var fields: [String] { (0..<table.width).map { table.text(row: row, field: $0) } }

    /// Appends the row to `document` as `OutputFile.record` writes its cells: the bytes
    /// read, as they are where they are written so (quoted only where a field must be,
    /// ended by CR LF), and each field written again where not.
    func appendRecord(to document: inout [UInt8]) {
        let record = table.recordRange(row: row)
        table.bytes.withUnsafeBufferPointer { bytes in
            if isWrittenAsOutputFileWrites(bytes, record) {
                document.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[record]))
            } else {
                for field in 0..<table.width {
                    if field > 0 { document.append(UInt8(ascii: ",")) }
                    OutputFile.appendField(
                        UnsafeBufferPointer(rebasing: bytes[table.range(row: row, field: field)]),
                        to: &document)
                }
            }
        }
        document.append(contentsOf: [UInt8(ascii: "\r"), UInt8(ascii: "\n")])
    }

    /// Whether the record at `record` in `bytes` is as `OutputFile.record` writes its
    /// fields: ended by CR LF, and every quoted field holding what must be quoted.
    private func isWrittenAsOutputFileWrites(
        _ bytes: UnsafeBufferPointer<UInt8>, _ record: Range<Int>
    ) -> Bool {
        guard bytes[record.upperBound] == UInt8(ascii: "\r") else { return false }
        // Every field's first byte is read: from the row's offsets, where it has them.
        func everyQuotedFieldNeedsIt(_ start: (Int) -> Int) -> Bool {
            for field in 0..<table.width {
                let first = start(field)
                guard bytes[first] == RowTable.quote else { continue }
                let inner = UnsafeBufferPointer(
                    rebasing: bytes[(first + 1)..<(start(field + 1) - 2)])
                if !inner.contains(where: OutputFile.needsQuotes) { return false }
            }
            return true
        }
        let starts = table.starts
        return starts.withOffsets(row: row) { first, offsets in
            everyQuotedFieldNeedsIt { first &+ Int(offsets[$0]) }
        } ?? everyQuotedFieldNeedsIt { starts.start(row: row, field: $0) }
    }

    /// The cell in the file's column `index`.
    func cell(at index: Int) -> String {
        table.text(row: row, field: index)
    }

    /// The cell of `column`; empty when the column is absent (a file from an older version).
    public subscript(column: ResultColumn) -> String {
        guard let position = columns.position(of: column) else { return "" }
        return table.text(row: row, field: position)
    }

    /// `body` over the bytes of the cell of `column`: empty where the file lacks it.
    func withCell<Result>(
        _ column: ResultColumn, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard let position = columns.position(of: column) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return table.withField(row: row, field: position, body)
    }

    /// Whether the cell of `column` holds the same bytes as `other`'s: a row that repeats
    /// the one before it (its host, its CPU) is told so without a string made for either.
    public func hasSameCell(_ column: ResultColumn, as other: ResultsRecord) -> Bool {
        switch (columns.position(of: column), other.columns.position(of: column)) {
        case (nil, nil): return true
        case (let here?, let there?):
            return table.sameText(
                row: row, field: here, as: other.table, row: other.row, field: there)
        case (let here?, nil): return table.range(row: row, field: here).isEmpty
        case (nil, let there?): return other.table.range(row: other.row, field: there).isEmpty
        }
    }

    /// Whether field `index` holds the same bytes as `other`'s, a row of the same file.
    func hasSameField(_ index: Int, as other: ResultsRecord) -> Bool {
        table.sameText(row: row, field: index, as: other.table, row: other.row, field: index)
    }

    /// The number in `column`, or nil for an empty cell or an absent column. The reader
    /// checked that every numeric cell is empty or a finite number.
    public func number(_ column: ResultColumn) -> Double? {
        // From the bytes: no string is made for a short decimal, as most cells are.
        table.number(row: row, field: columns.position(of: column))
    }

    /// The numbers of a list cell (`1.25;1.31;1.27`), as
    /// `self[column].split(separator: ";").compactMap { Double($0) }` reads them: from the
    /// bytes when the cell is ASCII (a `;` is then a character of its own), through the
    /// text otherwise.
    func numbers(separatedBySemicolonsIn column: ResultColumn) -> [Double] {
        let read: [Double]? = withCell(column) { cell in
            guard cell.allSatisfy({ $0 < 0x80 }) else { return nil }
            var values = [Double]()
            var start = 0
            for end in 0...cell.count where end == cell.count || cell[end] == UInt8(ascii: ";") {
                if end > start,
                    let value = CellNumber.value(UnsafeBufferPointer(rebasing: cell[start..<end]))
                {
                    values.append(value)
                }
                start = end + 1
            }
            return values
        }
        return read ?? self[column].split(separator: ";").compactMap { Double($0) }
    }

    /// The distinct cells of `column` in `records`, as `Set(records.map { $0[column] })`
    /// gives them: a row repeating the cell of the row before (nearly every row: a run's
    /// rows are together) adds nothing, and is told so from the bytes, no string made.
    static func distinct(_ column: ResultColumn, of records: [ResultsRecord]) -> Set<String> {
        var values = Set<String>()
        // Rows borrowed from the buffer, not copied out of the array: a copy retains and
        // releases each of a row's buffers, which costs more than comparing its cell.
        records.withUnsafeBufferPointer { rows in
            for index in rows.indices
            where index == 0 || !rows[index].hasSameCell(column, as: rows[index - 1]) {
                values.insert(rows[index][column])
            }
        }
        return values
    }

    /// Appends the row's `identity.benchmarkName` to `text`, from the file's bytes.
    func appendBenchmarkName(to text: inout [UInt8]) {
        table.bytes.withUnsafeBufferPointer { bytes in
            func cell(_ column: ResultColumn) -> UnsafeBufferPointer<UInt8> {
                guard let position = columns.position(of: column) else {
                    return UnsafeBufferPointer(start: nil, count: 0)
                }
                return UnsafeBufferPointer(rebasing: bytes[table.range(row: row, field: position)])
            }
            ResultIdentity.appendBenchmarkName(
                scenario: cell(.scenario), parameters: cell(.parameters), sweep: cell(.sweep),
                variant: cell(.variant), to: &text)
        }
    }

    public var identity: ResultIdentity {
        ResultIdentity(
            scenario: self[.scenario], parameters: self[.parameters], sweep: self[.sweep],
            variant: self[.variant])
    }

    /// The processor the row was measured on, beyond its name (`ResultColumn.hostIdentityColumns`,
    /// each read into the field it holds); `unknown` in a file written before simbench
    /// recorded it.
    public var hostIdentity: HostIdentity {
        var identity = HostIdentity()
        for column in ResultColumn.hostIdentityColumns {
            switch column.hostIdentityField {
            case .text(let field): identity[keyPath: field] = self[column]
            case .count(let field): identity[keyPath: field] = UInt64(self[column])
            case nil: continue
            }
        }
        return identity
    }

    /// The variant's role, or nil for a role this version does not know.
    public var role: VariantRole? { value(of: .role, among: ResultsRecord.roles) }
    /// The row's status, or nil for a status this version does not know.
    public var status: ResultStatus? { value(of: .status, among: ResultsRecord.statuses) }

    /// Each role and each status with its raw value's bytes, made once: what a cell is
    /// compared with.
    private static let roles = rawValueBytes(of: VariantRole.self)
    private static let statuses = rawValueBytes(of: ResultStatus.self)

    private static func rawValueBytes<Value: RawRepresentable & CaseIterable>(
        of type: Value.Type
    ) -> [(value: Value, bytes: [UInt8])] where Value.RawValue == String {
        type.allCases.map { ($0, Array($0.rawValue.utf8)) }
    }

    /// The case whose raw value the cell of `column` holds, as `Value(rawValue:
    /// self[column])` finds it: among the bytes for an ASCII cell (where strings are equal
    /// exactly when their bytes are), compared with each case's bytes (`cases`), with no
    /// string made. A chart asks it of every row.
    private func value<Value: RawRepresentable>(
        of column: ResultColumn, among cases: [(value: Value, bytes: [UInt8])]
    ) -> Value? where Value.RawValue == String {
        let found: Value?? = withCell(column) { cell in
            guard cell.allSatisfy({ $0 < 0x80 }) else { return nil }
            return .some(
                cases.first { $0.bytes.count == cell.count && $0.bytes.elementsEqual(cell) }?.value)
        }
        return found ?? Value(rawValue: self[column])
    }

    /// `role == .baseline`, told from the cell's bytes alone: a judge asks it of every row
    /// several times.
    public var isBaselineVariant: Bool { table.kinds[row].isBaseline }
    /// `status == .ok`, told from the cell's bytes alone.
    public var isOK: Bool { table.kinds[row].isOK }
}

extension ResultsRecord {
    /// A run's row as its results file would read back: its cells under this version's
    /// columns.
    init(row: ResultRow) {
        self.init(line: 0, fields: row.cells, columns: ColumnPositions.current)
    }
}

/// Where a file keeps each column, found once per file: `ResultsRecord` reads a cell
/// through an array indexed by the column's `ordinal`, not a name hashed per cell.
final class ColumnPositions: Sendable {
    /// Each column's field, by name.
    let byName: [String: Int]
    /// Each column's field by `ResultColumn.ordinal`, -1 where the file lacks it. An ordinal
    /// of no column of `ResultColumn.all` (`ResultColumn.mechanism(_:)` and `calls(_:)` make a
    /// new column each call, whose ordinal may fall below the last of `all`'s) holds
    /// `byNameOnly`, and such a column, like one made after `all`, is found by name.
    private let byOrdinal: [Int]
    private static let byNameOnly = -2
    /// The fields of `ResultsRecord.processorColumns`, nil where the file lacks one: rows
    /// are told to be on the same processor without a column looked up per cell.
    let processorFields: [Int?]

    init(header: [String]) {
        var byName = [String: Int]()
        for (index, name) in header.enumerated() { byName[name] = index }
        self.byName = byName
        let columns = ResultColumn.all
        var byOrdinal = [Int](
            repeating: Self.byNameOnly, count: (columns.map(\.ordinal).max() ?? -1) + 1)
        for column in columns {
            byOrdinal[column.ordinal] = byName[column.name] ?? -1
        }
        self.byOrdinal = byOrdinal
        // A named column's position is its name's, whether found by ordinal or by name.
        processorFields = ResultsRecord.processorColumns.map { byName[$0.name] }
    }

    /// The columns of a row this version writes.
    static let current = ColumnPositions(header: ResultRow.columns)

    /// The field of `column`, or nil where the file lacks it. Inlined where a cell is read
    /// (a report looks up millions): an array read, the name looked up only for a column
    /// made after the file was opened.
    @inline(__always)
    func position(of column: ResultColumn) -> Int? {
        let ordinal = column.ordinal
        let position = ordinal < byOrdinal.count ? byOrdinal[ordinal] : Self.byNameOnly
        if position >= 0 { return position }
        return position == Self.byNameOnly ? field(named: column) : nil
    }

    /// The field of a column found by name only (`byNameOnly`).
    @inline(never)
    private func field(named column: ResultColumn) -> Int? {
        byName[column.name]
    }
}
