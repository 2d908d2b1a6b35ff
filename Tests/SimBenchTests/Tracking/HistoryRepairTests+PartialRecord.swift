import Foundation
import Testing

@testable import SimBench

/// A history an older version left broken: what repair drops, and what it refuses.
extension HistoryRepairTests {
    @Test("repair drops only a partial last record", arguments: [0.0, 0.01, 0.5, 0.99])
    func repairPartialRecord(cut: Double) throws {
        let scratch = try Scratch()
        let path = scratch.path("history.csv")
        _ = try HistoryFile.append(rows: HistoryFileTests.rows(run: "run-1"), to: path)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        _ = try HistoryFile.append(
            rows: [HistoryFileTests.rows(run: "run-2", runRows: 1)[0]], to: path)
        let longer = try Data(contentsOf: URL(fileURLWithPath: path))
        // What an interrupted append of an older simbench left: part of the new record.
        let record = longer.count - whole.count
        let damaged = longer.prefix(
            longer.count - (cut == 0 ? 2 : max(1, Int(Double(record) * cut))))
        try damaged.write(to: URL(fileURLWithPath: path))
        #expect(throws: ResultsFileError.self) { try HistoryFile.check(path) }
        let repair = try HistoryFile.repair(path)
        #expect(repair == .droppedPartialRecord(line: 4, bytes: damaged.count - whole.count))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == whole)
        #expect(try HistoryFile.repair(path) == .intact)
        try HistoryFile.check(path)
    }

    @Test("repair refuses, changing nothing, when the damage is not a partial last record")
    func repairRefuses() throws {
        let scratch = try Scratch()
        let path = scratch.path("history.csv")
        _ = try HistoryFile.append(rows: HistoryFileTests.rows(run: "run-1"), to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let broken = [
            // an earlier record
            text.replacingOccurrences(of: ",enum-switch,", with: ",enum\"switch,"),
            // a complete duplicated last record
            text.replacingOccurrences(of: ",table,", with: ",enum-switch,"),
            // the header itself
            String(text.prefix(20)),
        ]
        for damaged in broken {
            try damaged.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: ResultsFileError.self) { try HistoryFile.repair(path) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == damaged)
        }
    }

}
