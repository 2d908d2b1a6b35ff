import SimBenchCore

/// One row of a results file, validated, with the line it came from.
///
/// The cells are kept as the bytes they were read from, in one buffer per row, and made
/// text when asked for: a file of 100,000 rows has millions of cells, of which a reader
/// looks at a few per row.
public struct ResultsRecord: Sendable {
    /// The 1-based line the record starts on.
    public let line: Int
    /// The cells' UTF-8 bytes, unquoted, one after another.
    let text: [UInt8]
    /// Where each cell ends in `text` (it starts where the one before ends).
    let ends: [UInt32]
    /// Where the file keeps each column, found once for the file.
    let columns: ColumnPositions

    /// A row of `fields`, in the order of the columns `columns` numbers.
    init(line: Int, fields: [String], columns: ColumnPositions) {
        var text = [UInt8]()
        var ends = [UInt32]()
        ends.reserveCapacity(fields.count)
        for field in fields {
            text.append(contentsOf: field.utf8)
            ends.append(UInt32(text.count))
        }
        self.init(line: line, text: text, ends: ends, columns: columns)
    }

    /// A row of the cells `text` holds, each ending at its offset in `ends`.
    init(line: Int, text: [UInt8], ends: [UInt32], columns: ColumnPositions) {
        self.line = line
        self.text = text
        self.ends = ends
        self.columns = columns
    }

    /// The cells in the file's column order.
    public var fields: [String] { ends.indices.map(cell(at:)) }

    /// Appends the row to `document` as `OutputFile.record` writes its cells: from the
    /// bytes read, no string made per cell.
    func appendRecord(to document: inout [UInt8]) {
        text.withUnsafeBufferPointer { text in
            var start = 0
            for (index, end) in ends.enumerated() {
                if index > 0 { document.append(UInt8(ascii: ",")) }
                OutputFile.appendField(
                    UnsafeBufferPointer(rebasing: text[start..<Int(end)]), to: &document)
                start = Int(end)
            }
        }
        document.append(contentsOf: [UInt8(ascii: "\r"), UInt8(ascii: "\n")])
    }

    /// The cell in the file's column `index`.
    func cell(at index: Int) -> String {
        // From a buffer, not the array's slice, which takes the generic (slow) decoding.
        text.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range(ofCell: index)]), as: UTF8.self)
        }
    }

    /// The cell of `column`; empty when the column is absent (a file from an older version).
    public subscript(column: ResultColumn) -> String {
        // No `map(cell(at:))`: the method taken as a closure captures a copy of the row,
        // retaining and releasing its buffers for each cell read.
        guard let position = columns.position(of: column) else { return "" }
        return cell(at: position)
    }

    /// Whether the cell of `column` holds the same bytes as `other`'s: a row that repeats
    /// the one before it (its host, its CPU) is told so without a string made for either.
    public func hasSameCell(_ column: ResultColumn, as other: ResultsRecord) -> Bool {
        // Positions, then ranges: `map(range(ofCell:))` would capture a copy of each row.
        switch (columns.position(of: column), other.columns.position(of: column)) {
        case (nil, nil): return true
        case (let here?, let there?):
            return hasSameBytes(range(ofCell: here), as: other, other.range(ofCell: there))
        case (let here?, nil): return range(ofCell: here).isEmpty
        case (nil, let there?): return other.range(ofCell: there).isEmpty
        }
    }

    /// Whether field `index` holds the same bytes as `other`'s, a row of the same file.
    func hasSameField(_ index: Int, as other: ResultsRecord) -> Bool {
        hasSameBytes(range(ofCell: index), as: other, other.range(ofCell: index))
    }

    /// Whether `text[here]` holds the same bytes as `other.text[there]`.
    private func hasSameBytes(_ here: Range<Int>, as other: ResultsRecord, _ there: Range<Int>)
        -> Bool
    {
        here.count == there.count
            && text.withUnsafeBufferPointer { mine in
                other.text.withUnsafeBufferPointer { theirs in
                    UnsafeBufferPointer(rebasing: mine[here]).elementsEqual(
                        UnsafeBufferPointer(rebasing: theirs[there]))
                }
            }
    }

    /// Where the cell in the file's column `index` is in `text`.
    private func range(ofCell index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    /// The number in `column`, or nil for an empty cell or an absent column. The reader
    /// checked that every numeric cell is empty or a finite number.
    public func number(_ column: ResultColumn) -> Double? {
        guard let position = columns.position(of: column) else { return nil }
        let range = range(ofCell: position)
        guard !range.isEmpty else { return nil }
        // From the bytes: no string is made for a short decimal, as most cells are.
        return text.withUnsafeBufferPointer {
            CellNumber.value(UnsafeBufferPointer(rebasing: $0[range]))
        }
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

    public var identity: ResultIdentity {
        ResultIdentity(
            scenario: self[.scenario], parameters: self[.parameters], sweep: self[.sweep],
            variant: self[.variant])
    }

    /// The processor the row was measured on, beyond its name; `unknown` in a file written
    /// before simbench recorded it. Its columns are listed in `processorColumns` too, which
    /// a test holds to these.
    public var hostIdentity: HostIdentity {
        func count(_ column: ResultColumn) -> UInt64? { UInt64(self[column]) }
        var identity = HostIdentity()
        identity.vendor = self[.cpuVendor]
        identity.family = self[.cpuFamily]
        identity.model = self[.cpuModel]
        identity.stepping = self[.cpuStepping]
        identity.microcode = self[.cpuMicrocode]
        identity.l1dBytes = count(.l1dCacheBytes)
        identity.l2Bytes = count(.l2CacheBytes)
        identity.l3Bytes = count(.l3CacheBytes)
        identity.baseMHz = count(.cpuBaseMHz)
        identity.maxMHz = count(.cpuMaxMHz)
        identity.hypervisor = self[.hypervisor]
        return identity
    }

    /// The variant's role, or nil for a role this version does not know.
    public var role: VariantRole? { VariantRole(rawValue: self[.role]) }
    /// The row's status, or nil for a status this version does not know.
    public var status: ResultStatus? { ResultStatus(rawValue: self[.status]) }

    public var isBaselineVariant: Bool { role == .baseline }
    public var isOK: Bool { status == .ok }
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

    /// The field of `column`, or nil where the file lacks it.
    func position(of column: ResultColumn) -> Int? {
        let position =
            column.ordinal < byOrdinal.count ? byOrdinal[column.ordinal] : Self.byNameOnly
        if position == Self.byNameOnly { return byName[column.name] }
        return position < 0 ? nil : position
    }
}
