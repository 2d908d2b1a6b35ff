import Foundation
import Testing

@testable import SimBench

/// `repair-history` after emulated short writes. An append is cut at
/// every byte offset of its run (what SIGKILL, a crash or a failed undo leaves), and the
/// repair must never leave part of a run, and never drop a complete run.
@Suite("history repair")
struct HistoryRepairTests {
    typealias Scratch = HistoryFileTests.Scratch

    /// Run ids as `run` makes them: a timestamp and a random suffix, so that two runs'
    /// ids share a long prefix.
    static let first = "20261130T175000Z-1a2b3c4d"
    static let second = "20261130T175500Z-5e6f7a8b"

    /// The variants of a run: five rows.
    static let fiveRows = ["enum-switch", "state-objects", "table", "closures", "floor"]

    /// The variants of a run that a test cuts at every byte: its first record, the one whose
    /// note spans lines, and its last. Every kind of place a cut can fall (the run's first
    /// record, a later one, inside a quoted field across a line break, a record's end) is
    /// in them, in three fifths of the bytes.
    static let threeRows = ["enum-switch", "table", "floor"]

    /// The rows of one run, one per variant, as `run` writes them (`ResultRow.oneRun`); the
    /// table's note holds a quoted line break, so that cuts inside a quoted field spanning
    /// lines are tried too.
    static func rows(
        run: String, variants: [String] = fiveRows, columns: [String] = ResultRow.columns
    ) -> [[String]] {
        var fixture = ResultsFixture(
            variants.enumerated().map { index, variant in
                var row = [String: String].row(
                    variant, role: index == 0 ? "baseline" : "pattern", median: 100 + Double(index),
                    run: run)
                row["run_rows"] = "\(variants.count)"
                if variant == "table" {
                    row["breakeven_note"] = "faster than the baseline,\r\nso none"
                }
                return row
            })
        fixture.columns = columns
        return fixture.rows.map { row in columns.map { row[$0] ?? "" } }
    }

    /// The bytes of a history of `runs` (a row per variant each), and where each run starts.
    static func history(
        runs: [String], variants: [String] = fiveRows, columns: [String] = ResultRow.columns
    ) throws -> (bytes: [UInt8], starts: [Int]) {
        let scratch = try Scratch()
        let path = scratch.path("h.csv")
        var starts = [Int]()
        for run in runs {
            try? FileManager.default.createDirectory(
                atPath: scratch.directory, withIntermediateDirectories: true)
            if run == runs.first {
                // The header first, so that every run (the first too) is an append.
                try OutputFile.document(header: columns, rows: []).write(
                    toFile: path, atomically: false, encoding: .utf8)
            }
            starts.append(try Data(contentsOf: URL(fileURLWithPath: path)).count)
            _ = try HistoryFile.append(
                rows: rows(run: run, variants: variants, columns: columns), columns: columns,
                to: path)
        }
        return (Array(try Data(contentsOf: URL(fileURLWithPath: path))), starts)
    }

    /// The byte offsets at which a record of `bytes` (from `start` on) ends.
    static func recordEnds(_ bytes: [UInt8], from start: Int) throws -> Set<Int> {
        let records = try CSVReader.records(in: bytes)
        return Set(records.map(\.start).filter { $0 > start } + [bytes.count])
    }

    @Test("cut at every byte of the last run: that run is dropped whole, the runs before it kept")
    func everyOffsetOfTheLastRun() throws {
        let (whole, starts) = try Self.history(
            runs: [Self.first, Self.second], variants: Self.threeRows)
        let kept = Array(whole[..<starts[1]])
        let line = kept.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let ends = try Self.recordEnds(whole, from: starts[1])
        let scratch = try Scratch()
        let path = scratch.path("h.csv")
        /// Reads and checks the history at `path`: the first run's rows, nothing else.
        func expectFirstRunOnly(_ label: String) throws {
            let history = try ResultsFile.read(path, runs: .several)
            let expected = Array(repeating: Self.first, count: Self.threeRows.count)
            #expect(history.records.map { $0[.runID] } == expected, "\(label)")
            try HistoryFile.check(path)
        }
        // Every repaired cut must leave exactly `kept`; the reader and the checker see the
        // same bytes each time, so they read `kept` once here, and a cut again only when it
        // left anything else.
        try Data(kept).write(to: URL(fileURLWithPath: path))
        try expectFirstRunOnly("the first run alone")
        for offset in starts[1]...whole.count {
            try Data(whole[..<offset]).write(to: URL(fileURLWithPath: path))
            let repair = try HistoryFile.repair(path)
            let after = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let written = offset - starts[1]
            if offset == whole.count || offset == starts[1] {
                #expect(repair == .intact, "cut at \(offset)")
                #expect(after == Array(whole[..<offset]))
                continue
            }
            #expect(after == kept, "cut at \(offset) of \(whole.count): \(repair)")
            // Within the first record, nothing else of the run reached the file: the record is
            // dropped alone (the first run has all its rows, so the record starts a run).
            let rows = ends.filter { $0 <= offset }.count
            let expected: HistoryFile.Repair =
                rows == 0
                ? .droppedPartialRecord(line: line, bytes: written)
                : .droppedRun(
                    id: Self.second, rows: rows, partialRecord: !ends.contains(offset), line: line,
                    bytes: written)
            #expect(repair == expected, "cut at \(offset)")
            if after != kept { try expectFirstRunOnly("cut at \(offset)") }
        }
    }

    @Test("a new history cut at every byte: the header kept, never a part of the run")
    func everyOffsetOfTheFirstRun() throws {
        let (whole, starts) = try Self.history(runs: [Self.first], variants: Self.threeRows)
        let header = Array(whole[..<starts[0]])
        let scratch = try Scratch()
        let path = scratch.path("h.csv")
        // Every byte of the run; a sample of the header's (each refused the same way).
        for offset in Array(stride(from: 1, to: header.count, by: 7))
            + Array(header.count..<whole.count)
        {
            try Data(whole[..<offset]).write(to: URL(fileURLWithPath: path))
            if offset < header.count {
                #expect(throws: ResultsFileError.self, "cut at \(offset), in the header") {
                    try HistoryFile.repair(path)
                }
                #expect(
                    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                        == Array(whole[..<offset]))
                continue
            }
            _ = try HistoryFile.repair(path)
            #expect(
                Array(try Data(contentsOf: URL(fileURLWithPath: path))) == header,
                "cut at \(offset)")
        }
    }

    /// A header from before `run_rows`: a cut at a record boundary cannot be seen, and a cut
    /// inside a record's run_id that the last run's id begins with cannot be placed.
    @Test("a history without run_rows: never a complete run dropped, never a partial record kept")
    func olderHeader() throws {
        let columns = Array(ResultRow.columns.prefix { $0 != ResultColumn.runRows.name })
        let (whole, starts) = try Self.history(
            runs: [Self.first, Self.second], variants: Self.threeRows, columns: columns)
        let kept = Array(whole[..<starts[1]])
        let boundaries = try Self.recordEnds(whole, from: starts[1])
        let scratch = try Scratch()
        let path = scratch.path("h.csv")
        var refused = 0
        for offset in starts[1]..<whole.count {
            let cut = Array(whole[..<offset])
            try Data(cut).write(to: URL(fileURLWithPath: path))
            let repair: HistoryFile.Repair
            do {
                repair = try HistoryFile.repair(path)
            } catch {
                refused += 1
                #expect(
                    Array(try Data(contentsOf: URL(fileURLWithPath: path))) == cut,
                    "refused: unchanged")
                #expect("\(error)".contains("cannot be told"), "cut at \(offset): \(error)")
                continue
            }
            let after = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            if boundaries.contains(offset) {
                // Whole records only: nothing tells this apart from a complete history.
                #expect(repair == .intact && after == cut, "cut at \(offset)")
            } else {
                #expect(after == kept, "cut at \(offset): \(repair)")
            }
        }
        // Refused only inside run_ids: of the first record, where the first run's id begins
        // the same, and of the others.
        #expect(
            refused > 0 && refused <= Self.threeRows.count * Self.second.utf8.count, "\(refused)")
    }

    @Test("damage a write cut short cannot leave is refused, the file unchanged")
    func refusals() throws {
        let (whole, starts) = try Self.history(runs: [Self.first, Self.second])
        let text = String(decoding: whole, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let scratch = try Scratch()
        let path = scratch.path("h.csv")
        // A complete last record that is malformed: a median that is not a number.
        let median = try #require(text.range(of: ",104.0,", options: .backwards))
        let malformed = text.replacingCharacters(in: median, with: ",abc,")
        // A complete last record with too few fields, its line break there.
        let short = lines.dropLast(2).joined(separator: "\r\n") + "\r\n" + Self.first + ",x\r\n"
        // The first run short of a row, the second whole: only the last run can be cut.
        let firstRows = lines.enumerated().filter { $0.element.hasPrefix(Self.first) }.map(\.offset)
        let middle = lines.enumerated().filter { $0.offset != firstRows[1] }.map(\.element).joined(
            separator: "\r\n")
        for (name, damaged) in [("malformed", malformed), ("short", short), ("middle run", middle)]
        {
            #expect(damaged != text, "\(name): the damage took")
            try damaged.write(toFile: path, atomically: false, encoding: .utf8)
            #expect(throws: ResultsFileError.self, "\(name)") { try HistoryFile.repair(path) }
            #expect(
                try String(contentsOfFile: path, encoding: .utf8) == damaged, "\(name): unchanged")
        }
        #expect(starts.count == 2)
    }

    @Test(
        "a run cut at a record boundary is refused by every history reader, naming repair-history")
    func readersSeeACutRun() throws {
        let (whole, starts) = try Self.history(runs: [Self.first, Self.second])
        let ends = try Self.recordEnds(whole, from: starts[1]).sorted()
        // Three of the second run's five rows.
        let cut = Array(whole[..<ends[2]])
        do {
            _ = try ResultsFile(path: "h.csv", bytes: cut, runs: .several)
            Issue.record("a history with 3 of a run's 5 rows was read")
        } catch {
            #expect(
                error.description.contains("run '\(Self.second)' has 3 of the 5 rows it wrote"),
                "\(error)")
            #expect(error.description.contains("'simbench repair-history h.csv'"), "\(error)")
        }
        // A results file of one run is read as before (its rows may be a selection).
        let (single, singleStarts) = try Self.history(runs: [Self.first])
        let selection = Array(
            single[..<(try Self.recordEnds(single, from: singleStarts[0]).sorted()[1])])
        #expect(throws: Never.self) {
            _ = try ResultsFile(path: "r.csv", bytes: selection, runs: .one)
        }
        // A history cut inside a record names the fix too. (Read as a history: read as one
        // run, its second run's first row is a duplicate, which is on an earlier line.)
        do {
            _ = try ResultsFile(
                path: "h.csv", bytes: Array(whole[..<(ends[2] + 10)]), runs: .several)
            Issue.record("a history cut inside a record was read")
        } catch {
            #expect(error.description.contains("'simbench repair-history h.csv'"), "\(error)")
        }
    }
}
