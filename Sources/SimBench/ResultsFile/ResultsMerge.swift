/// `simbench merge`: the parts of a sharded run joined into one results file.
///
/// The parts must share one header (same columns, same order: one simbench version wrote
/// them) and may not measure the same (scenario, params, sweep, variant) twice. The rows keep the
/// order of the files given and of the rows inside each; the cells are copied unchanged.
public enum ResultsMerge {
    /// The merged document and remarks worth printing (parts that differ in how they ran).
    public struct Merged: Sendable {
        public var document: String
        public var rows: Int
        public var notes: [String]
    }

    public static func merge(_ parts: [ResultsFile]) throws(ResultsFileError) -> Merged {
        guard let first = parts.first else {
            return Merged(
                document: OutputFile.document(header: ResultRow.columns, rows: []), rows: 0,
                notes: [])
        }
        var rows = [[String]]()
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
                rows.append(record.fields)
            }
        }
        var notes = [String]()
        for column in ResultColumn.all where column.readers.contains(.merge) {
            // A sweep's rows differ in the swept settings by design: not a difference
            // between the parts.
            let values = Set(
                parts.flatMap { part in
                    part.records.filter { record in
                        !SweepSetting.named(in: record[.sweep]).contains { $0.column == column }
                    }.map { $0[column] }
                }.filter { !$0.isEmpty })
            if values.count > 1 {
                notes.append(
                    "the parts differ in \(column.name): \(values.sorted().joined(separator: ", "))"
                )
            }
        }
        return Merged(
            document: OutputFile.document(header: first.header, rows: rows), rows: rows.count,
            notes: notes)
    }
}
