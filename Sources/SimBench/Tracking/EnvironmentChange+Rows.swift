import Foundation

extension ResultsFile {
    /// The rows where what a comparison reads of a file's environment changes: the first
    /// row, then each whose cells of `EnvironmentChange.aspects`, of the processor
    /// (`ResultsRecord.processorColumns`) or of the host, build and run
    /// (`ResultsComparison.Provenance`) are not all the row before's.
    ///
    /// A row between two of these holds the environment of the one before it, so every
    /// value of those cells is met first at one of these rows, in the same order:
    /// `EnvironmentChange`, `Provenance` and the notes on the processor's identity find
    /// from them what they find from every row. A run's rows are together and share their
    /// environment: a file of 100,000 rows has a few thousand such rows.
    var environmentRows: [ResultsRecord] {
        let columns =
            EnvironmentChange.aspects.map(\.column) + ResultsRecord.processorColumns
            + ResultsComparison.Provenance.columns
        return table.rowsWhereCellsChange(columns.map { table.positions.position(of: $0) })
            .map { records[$0] }
    }
}

extension RowTable {
    /// The first row, then each row whose cells in `fields` (nil for a column the file
    /// lacks, whose cells are all empty) are not all the row before's.
    ///
    /// - Complexity: one pass down the rows. The fields are taken in clusters of nearby
    ///   ones (the environment's sit together at a row's start): the bytes from a cluster's
    ///   first field to the end of its last are compared whole with the row before's, one
    ///   comparison for the cluster, and its fields are compared one by one, as text, only
    ///   where those bytes differ (a field quoted in one row and not the other may hold the
    ///   same text).
    func rowsWhereCellsChange(_ fields: [Int?]) -> [Int] {
        guard count > 0 else { return [] }
        let sorted = Set(fields.compactMap { $0 }).sorted()
        // Clusters of fields at most `gap` apart: the fields between them are compared too,
        // which costs less than a comparison more.
        let gap = 3
        var clusters = [[Int]]()
        for field in sorted {
            if let last = clusters.last?.last, field - last <= gap {
                clusters[clusters.count - 1].append(field)
            } else {
                clusters.append([field])
            }
        }
        var rows = [0]
        bytes.withUnsafeBufferPointer { bytes in
            for row in 1..<count {
                prefetch(row: row &+ 4)
                let changes = clusters.contains { cluster in
                    let first = cluster[0]
                    let last = cluster[cluster.count - 1]
                    // From the field's first byte to the one after it (its comma or line
                    // break): the same bytes are the same fields, read alike.
                    let start = starts.start(row: row, field: first)
                    let end = starts.start(row: row, field: last &+ 1)
                    let previousStart = starts.start(row: row &- 1, field: first)
                    let previousEnd = starts.start(row: row &- 1, field: last &+ 1)
                    if end &- start == previousEnd &- previousStart,
                        memcmp(
                            bytes.baseAddress! + start, bytes.baseAddress! + previousStart,
                            end &- start) == 0
                    {
                        return false
                    }
                    return cluster.contains { field in
                        !sameText(row: row, field: field, as: self, row: row - 1, field: field)
                    }
                }
                if changes { rows.append(row) }
            }
        }
        return rows
    }
}
