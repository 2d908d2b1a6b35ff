import SimBenchCore
import Testing

@testable import SimBench

/// A history's runs counted from the reader's run breaks (`RowTable.runBreaks`) against the
/// same count made row by row, over histories whose runs come in several stretches, write
/// their id quoted in some rows and not in others, and disagree in their row counts.
@Suite("run breaks: runs counted by stretches")
struct RunBreaksTests {
    /// The runs of `file` counted row by row: each row against the row before, then against
    /// its run's first.
    static func rowByRow(_ file: ResultsFile) -> [String] {
        let records = file.records
        var runs = [ResultsFile.RunCount]()
        var position = [String: Int]()
        var current = 0
        for index in records.indices {
            let record = records[index]
            if index == 0 || !record.hasSameCell(.runID, as: records[index - 1]) {
                let id = record[.runID]
                if let at = position[id] {
                    current = at
                } else {
                    let declared = record[.runRows]
                    position[id] = runs.count
                    current = runs.count
                    runs.append(
                        ResultsFile.RunCount(
                            id: id, rows: 1, declared: declared.isEmpty ? nil : declared,
                            firstIndex: index, lastIndex: index))
                    continue
                }
            }
            runs[current].rows += 1
            runs[current].lastIndex = index
            if runs[current].disagreement == nil,
                !record.hasSameCell(.runRows, as: records[runs[current].firstIndex])
            {
                runs[current].disagreement = index
            }
        }
        return runs.map(describe)
    }

    static func describe(_ run: ResultsFile.RunCount) -> String {
        "\(run.id) \(run.rows) \(run.declared ?? "-") \(run.firstIndex)-\(run.lastIndex) "
            + "\(run.disagreement.map(String.init) ?? "-")"
    }

    /// A history of `runCount` runs of five rows each, in stretches of random lengths whose
    /// runs interleave; some rows' run ids quoted, some row counts changed or left empty.
    static func history(seed: UInt64, runCount: Int) throws -> ResultsFile {
        var random = SplitMix64(seed: seed)
        let columns = ResultRow.columns
        var pending = (0..<runCount).map { run in
            HistoryRepairTests.rows(run: "20261206T2\(run)0000Z-run\(run)")
        }
        var text = OutputFile.record(columns)
        let runID = try #require(columns.firstIndex(of: ResultColumn.runID.name))
        let runRows = try #require(columns.firstIndex(of: ResultColumn.runRows.name))
        while let run = pending.indices.filter({ !pending[$0].isEmpty }).randomElement(
            using: &random)
        {
            let stretch = Int.random(in: 1...pending[run].count, using: &random)
            for var row in pending[run].prefix(stretch) {
                switch Int.random(in: 0..<8, using: &random) {
                case 0: row[runRows] = "\(Int(row[runRows])! + 1)"
                case 1: row[runRows] = ""
                default: break
                }
                var fields = row.map(OutputFile.quote)
                if Bool.random(using: &random) { fields[runID] = "\"\(row[runID])\"" }
                text += fields.joined(separator: ",") + "\r\n"
            }
            pending[run].removeFirst(stretch)
        }
        return try ResultsFile(
            path: "h.csv", bytes: Array(text.utf8), runs: .several, checkingRuns: false)
    }

    @Test(
        "runs counted by stretches between breaks are the runs counted row by row",
        arguments: 1...40)
    func sameAsRowByRow(seed: Int) throws {
        let file = try Self.history(seed: UInt64(seed), runCount: 1 + seed % 4)
        #expect(file.runsByCount().map(Self.describe) == Self.rowByRow(file))
    }

    @Test("a table of cells breaks where a row's run id or row count is not the row before's")
    func tableOfCells() {
        let positions = ColumnPositions(header: [
            ResultColumn.runID.name, ResultColumn.runRows.name, "note",
        ])
        let table = RowTable(
            rows: [
                ["a", "2", "x"], ["a", "2", "y"], ["a", "3", "y"], ["b", "3", "y"],
                ["b", "3", "z"],
            ],
            lines: [2, 3, 4, 5, 6], width: 3, positions: positions)
        #expect(table.runBreaks == [2, 3])
    }
}

/// `RowTable.prefetch` and its kin are hints: asked for any row, inside the table or past
/// either end, they read nothing out of bounds and change nothing read.
@Suite("prefetching rows")
struct PrefetchTests {
    @Test("any row asked for ahead, past either end too, leaves every cell as it was")
    func anyRow() throws {
        let file = try RunBreaksTests.history(seed: 3, runCount: 2)
        let table = file.table
        let before = file.records.map(\.fields)
        for row in -20...(table.count + 20) {
            table.prefetch(row: row)
            table.prefetchOffsets(row: row)
            table.prefetchBytes(row: row)
        }
        for index in -20...(file.records.count + 20) {
            ResultsRecord.prefetch(file.records, at: index)
        }
        #expect(file.records.map(\.fields) == before)
    }

    @Test(
        "a filter and a count that ask for rows ahead keep and count what Array's do",
        arguments: 1...6)
    func filterAndCount(seed: UInt64) throws {
        let records = try RunBreaksTests.history(seed: seed, runCount: 3).records
        func check(_ keeps: (ResultsRecord) -> Bool) {
            #expect(
                ResultsRecord.filter(records, keeps).map(\.row) == records.filter(keeps).map(\.row))
            #expect(ResultsRecord.count(records, where: keeps) == records.count(where: keeps))
        }
        // Random sets of rows, and rows told by their own cells.
        var random = SplitMix64(seed: seed)
        for _ in 0..<8 {
            let kept = Set(records.indices.filter { _ in Bool.random(using: &random) })
            check { kept.contains($0.row) }
        }
        check { $0.isOK && $0[.variant] != "table" }
    }

    @Test(
        "elements counted group by group reach the bound where counted in one pass, and equal it below",
        arguments: 1...6)
    func elementsByGroup(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let records = try RunBreaksTests.history(seed: seed, runCount: 2).records
        let bound = ChartLimits.elementsPerChart
        for scale in [1, bound / 200, bound / 20, bound / 2] {
            let elements = records.map { _ in Int.random(in: 0...scale, using: &random) }
            let each = { (record: ResultsRecord) in elements[record.row] }
            // The rows cut into groups at random places, in order.
            var groups = [[ResultsRecord]]()
            for record in records {
                if groups.isEmpty || Int.random(in: 0..<4, using: &random) == 0 {
                    groups.append([])
                }
                groups[groups.count - 1].append(record)
            }
            let flat = SVGCanvas.elements(of: records, each)
            let grouped = SVGCanvas.elements(of: groups, each)
            #expect((flat >= bound) == (grouped >= bound), "\(flat) and \(grouped)")
            if flat < bound { #expect(grouped == flat) }
        }
        // Two groups each under the bound, past it together: refused as one pass refuses it.
        let two = [Array(records.prefix(1)), Array(records.dropFirst().prefix(1))]
        #expect(SVGCanvas.elements(of: two) { _ in bound * 3 / 5 } >= bound)
    }
}

/// Each row's kind (`RowTable.kinds`), told by the reader while it splits the row, says what
/// its cells say: `isOK` exactly where the status reads `ok`, `isBaselineVariant` where the
/// role reads `baseline`, whether the cell is quoted, doubles a quote or holds another word.
@Suite("a row's kind, told while reading")
struct RowKindTests {
    @Test("ok and baseline as the status and role cells read, over random rows", arguments: 1...8)
    func asCellsRead(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let columns = ResultRow.columns
        let status = try #require(columns.firstIndex(of: ResultColumn.status.name))
        let role = try #require(columns.firstIndex(of: ResultColumn.role.name))
        let statuses = ["ok", "\"ok\"", "wrong", "\"wrong\"", "\"o\"\"k\"", "oK"]
        let roles = [
            "baseline", "\"baseline\"", "pattern", "floor", "\"base\"\"line\"", "Baseline",
        ]
        var text = OutputFile.record(columns)
        for run in 0..<30 {
            for row in HistoryRepairTests.rows(run: "20261206T2\(run)0000Z-run\(run)") {
                var fields = row.map(OutputFile.quote)
                fields[status] = statuses[Int(random.next() % UInt64(statuses.count))]
                fields[role] = roles[Int(random.next() % UInt64(roles.count))]
                text += fields.joined(separator: ",") + "\r\n"
            }
        }
        // The rows before others split 64 bytes at a time, the last byte by byte.
        let file = try ResultsFile(
            path: "k.csv", bytes: Array(text.utf8), runs: .several, checkingRuns: false)
        #expect(file.records.count == 150)
        for record in file.records {
            #expect(record.isOK == (record[.status] == "ok"), "\(record[.status])")
            #expect(
                record.isBaselineVariant == (record[.role] == "baseline"), "\(record[.role])")
        }
        // A table made from its cells tells the same.
        let table = file.table
        let made = RowKind.all(
            table.bytes, starts: table.starts, rows: table.count, positions: table.positions)
        #expect(made == table.kinds)
    }
}
