/// `simbench merge`: the parts of a sharded run joined into one results file.
///
/// The parts must share one header (same columns, same order: one simbench version wrote
/// them) and may not measure the same (scenario, params, sweep, variant) twice. The rows keep the
/// order of the files given and of the rows inside each; the cells are copied unchanged.
public enum ResultsMerge {
    /// The merged document and remarks worth printing (parts that differ in how they ran).
    public struct Merged: Sendable {
        /// The merged file's bytes: the rows are copied from the bytes they were read from.
        public var document: [UInt8]
        public var rows: Int
        public var notes: [String]
    }

    /// What merging `parts` would write, checked, and the notes on it: `write` then writes
    /// it as it goes.
    public struct Checked: Sendable {
        public let parts: [ResultsFile]
        public let rows: Int
        public let notes: [String]
    }

    /// The parts merged into one document, kept whole.
    public static func merge(_ parts: [ResultsFile]) throws(ResultsFileError) -> Merged {
        let checked = try check(parts)
        var output = TextOutput()
        do {
            try write(checked, into: &output)
        } catch {
            preconditionFailure("an output kept whole is written nowhere: \(error)")
        }
        return Merged(document: output.bytes, rows: checked.rows, notes: checked.notes)
    }

    /// Checks that `parts` merge: one header, and no configuration in two of them; notes
    /// the columns in which they differ.
    ///
    /// - Complexity: O(n) in the rows, each row's identity compared as bytes.
    public static func check(_ parts: [ResultsFile]) throws(ResultsFileError) -> Checked {
        guard let first = parts.first else { return Checked(parts: [], rows: 0, notes: []) }
        for part in parts where part.header != first.header {
            let column =
                zip(part.header, first.header).enumerated().first {
                    $0.element.0 != $0.element.1
                }?.offset ?? min(part.header.count, first.header.count)
            let here = column < part.header.count ? "'\(part.header[column])'" : "nothing"
            let there = column < first.header.count ? "'\(first.header[column])'" : "nothing"
            throw ResultsFileError(
                path: part.path, line: 1, column: nil,
                message:
                    "field \(column + 1) of the header is \(here), in \(first.path) \(there): the parts come from different simbench versions; merge needs one schema"
            )
        }
        try checkUnique(parts)
        return Checked(
            parts: parts, rows: parts.reduce(0) { $0 + $1.records.count }, notes: notes(parts))
    }

    /// Fails on a configuration that two parts both measure (each part has each once: its
    /// reader checked).
    private static func checkUnique(_ parts: [ResultsFile]) throws(ResultsFileError) {
        guard parts.count > 1, let positions = parts.first?.table.positions else { return }
        let fields = [ResultColumn.scenario, .parameters, .sweep, .variant].map {
            positions.position(of: $0)
        }
        // Rows are numbered across the parts: part `p`'s row `r` is `offsets[p] + r`.
        var offsets = [0]
        for part in parts { offsets.append(offsets.last! + part.table.count) }
        func locate(_ number: Int) -> (part: Int, row: Int) {
            var part = 0
            while offsets[part + 1] <= number { part += 1 }
            return (part, number - offsets[part])
        }
        var index = IdentityIndex(fields: fields)
        index.reserve(offsets.last!)
        for (number, part) in parts.enumerated() {
            let table = part.table
            for row in 0..<table.count {
                let identity = RowIdentity(table: table, row: row, fields: fields)
                let earlier = index.insert(row: offsets[number] + row, hash: identity.hash) {
                    let (otherPart, otherRow) = locate($0)
                    return identity.same(
                        as: RowIdentity(
                            table: parts[otherPart].table, row: otherRow, fields: fields))
                }
                guard let earlier else { continue }
                let (otherPart, otherRow) = locate(earlier)
                let record = part.records[row]
                throw ResultsFileError(
                    path: part.path, line: record.line, column: ResultColumn.variant.name,
                    message:
                        "a duplicated row: \(record.identity) is also in \(parts[otherPart].path) line \(parts[otherPart].records[otherRow].line); each part must measure different configurations"
                )
            }
        }
    }

    /// The columns that `merge` notes whose values differ between the parts' rows.
    private static func notes(_ parts: [ResultsFile]) -> [String] {
        let columns = ResultColumn.all.filter { $0.readers.contains(.merge) }
        var values = [Set<String>](repeating: [], count: columns.count)
        // Row by row, each row's columns together: a row's bytes are read while they are at
        // hand, not fetched again from memory for each column (a file of 100,000 rows is
        // larger than any cache).
        for part in parts {
            let records = part.records
            for index in records.indices {
                let record = records[index]
                let sameSweep = index > 0 && record.hasSameCell(.sweep, as: records[index - 1])
                var swept: [SweepSetting]?
                for (number, column) in columns.enumerated() {
                    // A row repeating the row before's cell and sweep point adds nothing.
                    if sameSweep, record.hasSameCell(column, as: records[index - 1]) { continue }
                    // A sweep's rows differ in the swept settings by design: not a
                    // difference between the parts.
                    let settings = swept ?? SweepSetting.named(in: record[.sweep])
                    swept = settings
                    if settings.contains(where: { $0.column == column }) { continue }
                    let value = record[column]
                    if !value.isEmpty { values[number].insert(value) }
                }
            }
        }
        var notes = [String]()
        for (number, column) in columns.enumerated() where values[number].count > 1 {
            notes.append(
                "the parts differ in \(column.name): \(values[number].sorted().joined(separator: ", "))"
            )
        }
        return notes
    }

    /// Writes the merged file: the header, then every part's rows in order, each copied
    /// from the bytes it was read from, passed on as `output` fills.
    public static func write(
        _ checked: Checked, into output: inout TextOutput
    ) throws(FileError) {
        let header = checked.parts.first?.header ?? ResultRow.columns
        output.append(OutputFile.record(header))
        for part in checked.parts {
            for record in part.records {
                record.appendRecord(to: &output.bytes)
                try output.flushIfFull()
            }
        }
    }
}
