import Foundation
import Glibc
import Testing

@testable import SimBench

/// Hardening, in the library: histories created by racing runs, repair of
/// a history an older version left broken, influx timestamps far from today, an inverted
/// interval, path text without Foundation.
@Suite("hardening", .serialized)
struct HardeningTests {
    typealias Scratch = HistoryFileTests.Scratch

    @Test("two runs creating the same new history both keep their rows", arguments: 0..<20)
    func racingCreation(trial: Int) async throws {
        let scratch = try Scratch()
        let path = scratch.path("history.csv")
        let outcomes = try await withThrowingTaskGroup(of: HistoryFile.Outcome.self) { group in
            for run in ["run-a", "run-b"] {
                group.addTask {
                    try HistoryFile.append(rows: HistoryFileTests.rows(run: run), to: path)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter(\.createdFile).count == 1, "trial \(trial): \(outcomes)")
        let history = try ResultsFile.read(path, runs: .several)
        #expect(history.records.count == 4, "trial \(trial)")
        #expect(Set(history.records.map { $0[.runID] }) == ["run-a", "run-b"])
    }

    /// `cut`: the share of the last record that never reached the file (2 bytes: its CRLF).
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

    /// The line SIGINT and SIGTERM print says what became of each output.
    @Test("the interruption notice groups the outputs by what became of them, in a fixed order")
    func interruptionNotice() {
        typealias Fate = Interruption.Fate
        #expect(Interruption.notice(for: []) == "no output was pending")
        #expect(
            Interruption.notice(for: [
                ("r.csv", .notWritten), ("raw.csv", .notWritten), ("h.csv", .notWritten),
            ])
                == "not written: r.csv, raw.csv, h.csv")
        #expect(
            Interruption.notice(for: [
                ("h.csv", .appended), ("-", .notWritten), ("r.csv", .written),
            ])
                == "written: r.csv; rows appended to: h.csv; not written: standard output")
        #expect(
            Interruption.notice(for: [("h.csv", .undone), ("r.csv", .written)])
                == "written: r.csv; append undone, the file as it was: h.csv")
        #expect(
            Interruption.notice(for: [("h.csv", .cutShort)])
                == "append cut short, mend with 'simbench repair-history': h.csv")
    }

    @Test("influx timestamps: exact nanoseconds where they fit, an error naming the row where not")
    func influxFarTimestamps() throws {
        let cases: [(String, Int64?)] = [
            ("1970-01-01T00:00:00Z", 0), ("2026-11-29T10:00:00Z", 1_795_946_400_000_000_000),
            ("2000-02-29T12:34:56Z", 951_827_696_000_000_000),
            ("1677-09-21T00:12:44Z", -9_223_372_036_000_000_000),
            ("2262-04-11T23:47:16Z", 9_223_372_036_000_000_000),
            ("1900-03-01T00:00:00Z", -2_203_891_200_000_000_000),
        ]
        for (text, nanoseconds) in cases {
            #expect(BenchmarkExport.epochNanoseconds(text) == .some(nanoseconds), "\(text)")
        }
        for far in [
            "0001-01-01T00:00:00Z", "2263-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
            "1677-09-21T00:12:43Z",
        ] {
            #expect(BenchmarkExport.epochNanoseconds(far) == .some(nil), "\(far)")
            var fixture = ResultsFixture([.row("table", median: 80)])
            fixture.rows[0]["timestamp"] = far
            let file = try fixture.file()
            let error = #expect(throws: ResultsFileError.self) {
                try BenchmarkExport.render(file, as: .influx)
            }
            #expect(
                error?.line == 2 && error?.column == "timestamp", "\(String(describing: error))")
            #expect(error?.message.contains("1677-09-21 to 2262-04-11") == true)
        }
        for other in [
            "", "yesterday", "2026-11-29 10:00:00", "2026-13-01T00:00:00Z", "２０２６-11-29T10:00:00Z",
        ] {
            #expect(BenchmarkExport.epochNanoseconds(other) == nil, "\(other)")
        }
    }

    @Test("influx agrees with Foundation's calendar on a sweep of dates")
    func influxAgreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var seed: UInt64 = 12
        for _ in 0..<500 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Int64(seed >> 33) % (580 * 365 * 86_400) - 290 * 365 * 86_400
            let text = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
            #expect(
                BenchmarkExport.epochNanoseconds(text) == .some(seconds * 1_000_000_000), "\(text)")
        }
    }

    @Test(
        "path text without NSString",
        arguments: [
            ("a", ".", "a"), ("/a", "/", "a"), ("a/b", "a", "b"), ("a//b", "a", "b"),
            ("/", "/", "/"),
            ("./a.csv", ".", "a.csv"), ("dir/sub/x.csv", "dir/sub", "x.csv"), ("-", ".", "-"),
        ])
    func pathText(path: String, directory: String, name: String) {
        #expect(OutputPath.parentDirectory(of: path) == directory)
        #expect(OutputPath.lastComponent(of: path) == name)
    }

    @Test("messages quoting a value stay one line")
    func oneLine() {
        #expect("a\nb\r\tc\u{0}d\u{1B}".escapingControlCharacters == "a\\nb\\r\\tc\\0d\\u{1B}")
        #expect(
            UsageError.invalid("--x", "1\n2", expected: "y").description
                == "--x: '1\\n2' is not valid; expected y")
        #expect("ordinary ± text".escapingControlCharacters == "ordinary ± text")
    }
}
