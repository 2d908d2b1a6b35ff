/// `simbench merge`: the parts of a sharded run joined into one results file.
///
/// The parts must share one header (same columns, same order: one simbench version wrote
/// them) and may not measure the same (scenario, params, sweep, variant) twice. The rows keep the
/// order of the files given and of the rows inside each; the cells are copied unchanged.
public enum ResultsMerge {
    /// The merged document and remarks worth printing (parts that differ in how they ran).
    public struct Merged: Sendable {
        /// The merged file's bytes: the rows are copied from the bytes they were read from,
        /// so that merging holds the parts and the result, not a string per cell.
        public var document: [UInt8]
        public var rows: Int
        public var notes: [String]
    }

    public static func merge(_ parts: [ResultsFile]) throws(ResultsFileError) -> Merged {
        guard let first = parts.first else {
            return Merged(
                document: Array(OutputFile.record(ResultRow.columns).utf8), rows: 0, notes: [])
        }
        var document = Array(OutputFile.record(first.header).utf8)
        document.reserveCapacity(
            parts.reduce(document.count) { size, part in size + part.table.fileLength })
        var rows = 0
        var seen = [ResultIdentity: (path: String, line: Int)]()
        for part in parts {
            if part.header != first.header {
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
            for record in part.records {
                if let earlier = seen[record.identity] {
                    throw ResultsFileError(
                        path: part.path, line: record.line, column: ResultColumn.variant.name,
                        message:
                            "a duplicated row: \(record.identity) is also in \(earlier.path) line \(earlier.line); each part must measure different configurations"
                    )
                }
                seen[record.identity] = (part.path, record.line)
                record.appendRecord(to: &document)
                rows += 1
            }
        }
        var notes = [String]()
        for column in ResultColumn.all where column.readers.contains(.merge) {
            // A sweep's rows differ in the swept settings by design: not a difference
            // between the parts.
            var values = Set<String>()
            for part in parts {
                for record in part.records
                where !SweepSetting.named(in: record[.sweep]).contains(where: {
                    $0.column == column
                }) {
                    let value = record[column]
                    if !value.isEmpty { values.insert(value) }
                }
            }
            if values.count > 1 {
                notes.append(
                    "the parts differ in \(column.name): \(values.sorted().joined(separator: ", "))"
                )
            }
        }
        return Merged(document: document, rows: rows, notes: notes)
    }
}
