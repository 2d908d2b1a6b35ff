import Foundation
import Testing

@testable import SimBench

/// `--append`: a history that grows and never rewrites what it holds.
@Suite("history file", .serialized)
struct HistoryFileTests {
    final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "simbench-history-\(UUID().uuidString)"
        ).path
        init() throws {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: directory) }
        func path(_ name: String) -> String { directory + "/" + name }
    }

    /// Two rows of one run, each saying so (`run_rows`), as `run` writes them.
    static func rows(run: String, runRows: Int = 2) -> [[String]] {
        let fixture = ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, run: run),
            .row("table", median: 80, run: run),
        ])
        return fixture.rows.map { row in
            ResultRow.columns.map { $0 == ResultColumn.runRows.name ? "\(runRows)" : row[$0] ?? "" }
        }
    }

    @Test("the first run creates the file; later runs add rows after the untouched earlier bytes")
    func appends() throws {
        let scratch = try Scratch()
        let path = scratch.path("history.csv")
        try HistoryFile.check(path)
        let first = try HistoryFile.append(rows: Self.rows(run: "run-1"), to: path)
        #expect(first == .init(rowsAppended: 2, createdFile: true, columnsLeftOut: []))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        try HistoryFile.check(path)
        let second = try HistoryFile.append(rows: Self.rows(run: "run-2"), to: path)
        #expect(!second.createdFile && second.rowsAppended == 2)
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(after.starts(with: before))
        let history = try ResultsFile.read(path, runs: .several)
        #expect(history.records.map { $0[.runID] } == ["run-1", "run-1", "run-2", "run-2"])
    }

    @Test("a history from an older simbench keeps its header; new columns are left out")
    func olderHeader() throws {
        let scratch = try Scratch()
        let path = scratch.path("old.csv")
        let columns = [
            "run_id", "scenario", "params", "variant", "role", "status", "ns_per_event_median",
        ]
        try
            "\(columns.joined(separator: ","))\r\nold,vending,products=40,enum-switch,baseline,ok,99\r\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = try HistoryFile.append(rows: Self.rows(run: "run-1"), to: path)
        #expect(
            outcome.columnsLeftOut.contains("ns_per_event_ci_low")
                && !outcome.columnsLeftOut.contains("variant"))
        let history = try ResultsFile.read(path, runs: .several)
        #expect(history.header == columns)
        #expect(history.records.map { $0[.runID] } == ["old", "run-1", "run-1"])
        #expect(
            history.records[2][.variant] == "table"
                && history.records[2].number(.nsPerEventMedian) == 80)
    }

    @Test("a broken or foreign history is refused before anything is written")
    func refused() throws {
        let scratch = try Scratch()
        let path = scratch.path("foreign.csv")
        let text = "name,value\r\nx,1\r\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ResultsFileError.self) { try HistoryFile.check(path) }
        #expect(throws: ResultsFileError.self) {
            try HistoryFile.append(rows: Self.rows(run: "r"), to: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
}
