import Foundation
import SimBenchCore
import Testing

@testable import SimBench

/// Reading results files back: everything simbench writes reads, everything broken gets one
/// error naming the file, the line and the column.
@Suite("results file reading")
struct ResultsFileTests {
    @Test(
        "a column's distinct cells, told from the bytes of the row before, are the set of all its cells"
    )
    func distinctCells() throws {
        var random = SplitMix64(seed: 23)
        // Runs and hosts in stretches, repeated and interleaved, some empty; an `e` and its
        // composed `é` (the same text by Unicode's rules, other bytes) among them.
        let hosts = ["", "ci-1", "ci-2", "caf\u{E9}", "cafe\u{301}"]
        for trial in 0..<200 {
            var rows = [[String: String]]()
            for index in 0..<Int.random(in: 1...40, using: &random) {
                let run = "run-\(Int.random(in: 0..<4, using: &random))"
                let host = hosts.randomElement(using: &random)!
                rows.append(.row("v\(index)", median: 1, run: run, host: host))
                if Bool.random(using: &random) {
                    rows.append(.row("w\(index)", median: 1, run: run, host: host))
                }
            }
            let records = try ResultsFixture(rows).file().records
            for column in [ResultColumn.runID, .host, .buildConfig, .cpuModel] {
                #expect(
                    ResultsRecord.distinct(column, of: records)
                        == Set(records.map { $0[column] }), "trial \(trial), \(column.name)")
            }
        }
    }

    /// A valid file of two rows: line 1 the header, lines 2 and 3 the rows.
    static let valid = ResultsFixture([
        .row("enum-switch", role: "baseline", median: 100, ci: (98, 102), ratio: 1),
        .row("table", median: 80, ci: (79, 81), ratio: 0.8, ratioCI: (0.78, 0.82)),
    ]).text

    /// `valid` with one cell of row 2 (line 3) replaced.
    static func replacing(_ column: String, with value: String) -> String {
        var fixture = ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ratio: 1),
            .row("table", median: 80, ratio: 0.8),
        ])
        fixture.rows[1][column] = value
        return fixture.text
    }

    /// `valid` with the line break that ends line 2 (the first row) replaced.
    static func endOfFirstRow(replacedWith replacement: String) -> String {
        let lines = valid.components(separatedBy: "\r\n")
        return lines[0] + "\r\n" + lines[1] + replacement + lines[2...].joined(separator: "\r\n")
    }

    struct BadFile: CustomStringConvertible, Sendable {
        var name: String
        var text: String
        var line: Int?
        var column: String?
        var mentions: String
        var description: String { name }
    }

    static let header = ResultRow.columns.joined(separator: ",")

    static let badFiles: [BadFile] = [
        BadFile(name: "empty", text: "", line: 1, column: nil, mentions: "empty"),
        BadFile(
            name: "blank header", text: "\r\n", line: 1, column: nil,
            mentions: "header line is empty"),
        BadFile(
            name: "last record cut short",
            text: header + "\r\nrun-1,2026-11-29T10:00:00Z,ci-host\r\n",
            line: 2, column: "cpu", mentions: "the file is truncated"),
        BadFile(
            name: "no final line break",
            text: String(replacing(ResultRow.columns.last!, with: "7").dropLast(2)), line: 3,
            column: ResultRow.columns.last!,
            mentions: "does not end with a line break"),
        BadFile(
            name: "quote never closed",
            text: header + "\r\n" + "r,t,h,\"cpu, unterminated\r\n", line: 2, column: "cpu",
            mentions: "never closed"),
        BadFile(
            name: "quote inside an unquoted field",
            text: replacing("host", with: "a\"b").replacingOccurrences(
                of: "\"a\"\"b\"", with: "a\"b"),
            line: 3, column: "host", mentions: "quote inside an unquoted field"),
        BadFile(
            name: "text after a closing quote",
            text: valid.replacingOccurrences(of: "\"test cpu, 2 GHz\"", with: "\"test cpu\" 2 GHz"),
            line: 2, column: "cpu", mentions: "after the closing quote"),
        BadFile(
            name: "unknown column",
            text: valid.replacingOccurrences(of: "ns_per_event_max", with: "ns_per_event_maxi"),
            line: 1, column: "ns_per_event_maxi", mentions: "unknown column"),
        BadFile(
            name: "missing required column",
            text: "scenario,params,variant,role,status\r\nvending,,a,baseline,ok\r\n",
            line: 1, column: "ns_per_event_median", mentions: "missing from the header"),
        BadFile(
            name: "column named twice",
            text: "scenario,params,variant,role,status,ns_per_event_median,variant\r\n",
            line: 1, column: "variant", mentions: "named twice"),
        BadFile(
            name: "non-numeric cell", text: replacing("ns_per_event_median", with: "fast"), line: 3,
            column: "ns_per_event_median", mentions: "'fast' is not a number"),
        BadFile(
            name: "NaN cell", text: replacing("ratio_to_baseline", with: "nan"), line: 3,
            column: "ratio_to_baseline", mentions: "'nan' is not a number"),
        BadFile(
            name: "infinite cell", text: replacing("ns_per_event_ci_high", with: "inf"), line: 3,
            column: "ns_per_event_ci_high", mentions: "'inf' is not a number"),
        BadFile(
            name: "cell too large to be finite",
            text: replacing("ns_per_event_ci_high", with: "1e999"), line: 3,
            column: "ns_per_event_ci_high", mentions: "'1e999' is not a finite number"),
        // Shapes of garbage an earlier reader took for numbers.
        BadFile(
            name: "NUL inside a number", text: replacing("ns_per_event_median", with: "8\0"),
            line: 3,
            column: "ns_per_event_median", mentions: "NUL"),
        BadFile(
            name: "hex float", text: replacing("ns_per_event_median", with: "0x1p3"), line: 3,
            column: "ns_per_event_median", mentions: "'0x1p3' is not a number"),
        BadFile(
            name: "space in a number", text: replacing("ns_per_event_median", with: " 8"), line: 3,
            column: "ns_per_event_median", mentions: "is not a number"),
        BadFile(
            name: "non-ASCII digits", text: replacing("ns_per_event_median", with: "٨"), line: 3,
            column: "ns_per_event_median", mentions: "is not a number"),
        BadFile(
            name: "full-width letters as a checksum", text: replacing("checksum", with: "ＡＢ12"),
            line: 3,
            column: "checksum", mentions: "not hexadecimal"),
        BadFile(
            name: "inverted interval",
            text: ResultsFixture([
                .row("enum-switch", role: "baseline", median: 100, ratio: 1),
                .row("table", median: 80, ci: (81, 79), ratio: 0.8),
            ]).text, line: 3,
            column: "ns_per_event_ci_high",
            mentions: "an interval's high end is at least its low end"),
        BadFile(
            name: "line break in a bad value stays one line",
            text: replacing("ns_per_event_median", with: "8\n9"),
            line: 3, column: "ns_per_event_median", mentions: "is not a number"),
        BadFile(
            name: "negative cell", text: replacing("allocs_per_event", with: "-1"), line: 3,
            column: "allocs_per_event", mentions: "negative"),
        BadFile(
            name: "negative floor share", text: replacing("floor_share", with: "-0.1"), line: 3,
            column: "floor_share", mentions: "negative"),
        BadFile(
            name: "checksum not hexadecimal", text: replacing("checksum", with: "xyz"), line: 3,
            column: "checksum", mentions: "not hexadecimal"),
        BadFile(
            name: "ok row without a median", text: replacing("ns_per_event_median", with: ""),
            line: 3,
            column: "ns_per_event_median", mentions: "status is 'ok'"),
        BadFile(
            name: "empty variant", text: replacing("variant", with: ""), line: 3, column: "variant",
            mentions: "empty"),
        BadFile(
            name: "duplicated row", text: replacing("variant", with: "enum-switch"), line: 3,
            column: "variant", mentions: "already on line 2"),
        BadFile(
            name: "blank line inside",
            text: valid.replacingOccurrences(of: "\r\nrun-1", with: "\r\n\r\nrun-1"),
            line: 2, column: nil, mentions: "blank line"),
        BadFile(
            name: "extra field", text: endOfFirstRow(replacedWith: ",more\r\n"),
            line: 2, column: nil, mentions: "field \(ResultRow.columns.count + 1) has no column"),
        BadFile(
            name: "bare carriage return",
            text: endOfFirstRow(replacedWith: "\r"),
            line: 2, column: ResultRow.columns.last!, mentions: "carriage return"),
    ]

    @Test("net ratios may be negative; files without the floor columns still read")
    func floorColumns() throws {
        var fixture = ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ratio: 1),
            .row("table", median: 80, ratio: 0.8),
            .row("floor", role: "floor", median: 90, ratio: 0.9),
        ])
        for row in fixture.rows.indices {
            fixture.rows[row]["floor_ns_per_event"] = "90"
            fixture.rows[row]["floor_share"] = "0.9"
        }
        fixture.rows[1]["ratio_net_of_floor"] = "-1"
        fixture.rows[1]["ratio_net_ci_low"] = "-2.5"
        fixture.rows[1]["ratio_net_ci_high"] = "0.5"
        let file = try fixture.file()
        #expect(file.records[1].number(.ratioNetOfFloor) == -1)
        #expect(file.records[1].number(.floorShare) == 0.9)

        var older = fixture
        older.columns = ResultRow.columns.filter {
            ![
                "floor_ns_per_event", "floor_share", "ratio_net_of_floor", "ratio_net_ci_low",
                "ratio_net_ci_high",
            ]
            .contains($0)
        }
        let read = try older.file()
        #expect(read.records.count == 3)
        #expect(read.records[1][.ratioNetOfFloor].isEmpty)
    }

    @Test("a bad file gets one error naming the file, the line and the column", arguments: badFiles)
    func badFile(_ bad: BadFile) {
        do throws(ResultsFileError) {
            let file = try ResultsFile(path: "base.csv", bytes: Array(bad.text.utf8))
            Issue.record("\(bad.name): read \(file.records.count) rows without complaint")
        } catch {
            #expect(error.path == "base.csv", "\(bad.name)")
            #expect(error.line == bad.line, "\(bad.name): \(error)")
            #expect(error.column == bad.column, "\(bad.name): \(error)")
            #expect(error.message.contains(bad.mentions), "\(bad.name): \(error)")
            let text = error.description
            #expect(text.hasPrefix("base.csv: "), "\(bad.name): \(text)")
            #expect(!text.contains("\n"), "\(bad.name): more than one line: \(text)")
            if let line = bad.line {
                #expect(text.contains("line \(line)"), "\(bad.name): \(text)")
            }
            if let column = bad.column {
                #expect(text.contains("column '\(column)'"), "\(bad.name): \(text)")
            }
        }
    }

    @Test(
        "plain decimal numbers, as simbench writes them, are accepted",
        arguments: [
            "0", "12", "12.5", "0.5", ".5", "5.", "1e3", "1.2e-05", "3E+20", "-1",
        ])
    func plainDecimals(_ text: String) {
        #expect(ResultsSchema.isPlainDecimal(text))
    }

    @Test(
        "anything else is not a plain decimal number",
        arguments: [
            "", "-", ".", "e3", "1e", "1e+", "0x10", "0x1p3", "1_000", "+1", " 1", "1 ", "1\0",
            "inf", "nan",
            "1.2.3", "١", "１",
        ])
    func notPlainDecimals(_ text: String) {
        #expect(!ResultsSchema.isPlainDecimal(text))
    }

    @Test(
        "every column simbench writes is classified as number, signed number, hexadecimal or text")
    func columnsClassified() {
        let classified = ResultsSchema.numericColumns.union(ResultsSchema.signedColumns)
            .union(ResultsSchema.hexadecimalColumns).union(ResultsSchema.textColumns)
        #expect(Set(ResultRow.columns) == classified)
        #expect(ResultsSchema.numericColumns.isDisjoint(with: ResultsSchema.textColumns))
        #expect(ResultsSchema.signedColumns.isDisjoint(with: ResultsSchema.numericColumns))
        #expect(ResultsSchema.signedColumns.isDisjoint(with: ResultsSchema.textColumns))
    }

    @Test("a signed column reads a negative number; an unsigned one refuses it")
    func signedColumns() throws {
        var negative = [String: String].row("table", median: 80)
        negative["overhead_ns_per_event"] = "-1.5"
        negative["bytes_per_entity_over_baseline"] = "-64"
        let file = try ResultsFixture([negative]).file()
        #expect(file.records[0].number(.overheadNsPerEvent) == -1.5)
        var wrong = negative
        wrong["bytes_per_entity"] = "-64"
        #expect(throws: ResultsFileError.self) { try ResultsFixture([wrong]).file() }
    }

    /// The header as simbench wrote it before the columns were declared in one table:
    /// columns are public interface, never renamed or reordered, only added at the end.
    static let publishedHeader = [
        "run_id", "timestamp", "host", "cpu", "cores", "load_average", "os", "swift_version",
        "build_config", "build_flags", "git_commit", "scenario", "params", "variant", "role",
        "status", "event_unit", "machines", "events_per_machine", "events_per_round", "actors",
        "rounds", "warmup_rounds", "seed", "ns_per_event_median", "ns_per_event_min",
        "ns_per_event_max", "ns_per_event_mean", "ns_per_event_stddev", "ns_per_event_cv",
        "ns_per_event_p10", "ns_per_event_p90", "ns_per_event_ci_low", "ns_per_event_ci_high",
        "outliers_mild", "outliers_severe", "events_per_second", "ratio_to_baseline",
        "ratio_ci_low", "ratio_ci_high", "cpu_ns_per_event_median", "allocs_per_event",
        "peak_rss_bytes", "rss_bytes_per_machine", "instructions_per_event", "setup_ms",
        "prepare_ms", "checksum", "axis_reference", "ratio_to_axis_reference",
        "axis_ratio_ci_low", "axis_ratio_ci_high",
    ]

    @Test("the column table keeps every published column, in its place; new ones only at the end")
    func publishedColumns() {
        #expect(Array(ResultRow.columns.prefix(Self.publishedHeader.count)) == Self.publishedHeader)
        #expect(
            Set(ResultRow.columns).count == ResultRow.columns.count,
            "a column name is declared twice")
        // The reader's sets are the table's: every required column is known.
        #expect(Set(ResultsSchema.requiredColumns).isSubset(of: Set(ResultRow.columns)))
        #expect(
            ResultsSchema.requiredColumns == [
                "scenario", "params", "variant", "role", "status", "ns_per_event_median",
            ])
        #expect(ResultsSchema.hexadecimalColumns == ["checksum"])
    }

    @Test("the committed baselines still read, their header a prefix-compatible subset")
    func committedBaselines() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let directory = root.appendingPathComponent("results/baselines")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".csv")
        }
        #expect(!names.isEmpty)
        for name in names {
            let file = try ResultsFile.read(directory.appendingPathComponent(name).path)
            #expect(!file.records.isEmpty, "\(name)")
            #expect(file.header.allSatisfy(ResultRow.columns.contains), "\(name)")
            #expect(file.records.allSatisfy { $0.role != nil && $0.status != nil }, "\(name)")
        }
    }

    @Test("a row's cells follow the column table, typed values written as before")
    func cellsFromTheTable() throws {
        let environment = RunEnvironment.current()
        var row = ResultRow(
            environment: environment, scenario: "s", parameters: "k=1", variant: "v",
            role: .pattern,
            status: .ok, eventUnit: "e", machines: 10, eventsPerMachine: 3, eventsPerRound: 30,
            actors: 2,
            rounds: 5, warmupRounds: 1, seed: 7, nsPerEvent: nil, eventsPerSecond: nil,
            ratioToBaseline: Estimate(value: 1.25), cpuNsPerEventMedian: nil,
            allocationsPerEvent: 0.5, peakResidentBytes: 4096, residentBytesPerMachine: nil,
            instructionsPerEvent: .nan, setupMilliseconds: 1.5, prepareMilliseconds: 0,
            checksum: 255)
        row.axisReference = "k=0"
        let cells = Dictionary(uniqueKeysWithValues: zip(ResultRow.columns, row.cells))
        #expect(row.cells.count == ResultRow.columns.count)
        #expect(cells["role"] == "pattern" && cells["status"] == "ok" && cells["machines"] == "10")
        #expect(cells["ratio_to_baseline"] == "1.25" && cells["allocs_per_event"] == "0.5")
        #expect(
            cells["peak_rss_bytes"] == "4096" && cells["checksum"] == "ff" && cells["seed"] == "7")
        #expect(cells["instructions_per_event"] == "" && cells["ns_per_event_median"] == "")
        #expect(cells["axis_reference"] == "k=0" && cells["run_id"] == environment.runID)
        // Written and read back, the typed reads see the same values.
        let text = OutputFile.document(header: ResultRow.columns, rows: [row.cells])
        let record = try ResultsFile(
            path: "t.csv", bytes: Array(text.replacingOccurrences(of: ",ok,", with: ",wrong,").utf8)
        ).records[0]
        #expect(
            record.number(.ratioToBaseline) == 1.25 && record[.variant] == "v"
                && record.status == .wrong)
    }

    @Test(
        "a row's intervals round-trip: each Estimate is its three CSV cells, read back as written")
    func intervalsRoundTrip() throws {
        var row = ResultRow.sample(variant: "v")
        row.nsPerEvent = TimeStatistics(
            median: 100, min: 90, max: 110, mean: 100, standardDeviation: 5,
            coefficientOfVariation: 0.05,
            p10: 95, p90: 105, medianLow: 98, medianHigh: 102, mildOutliers: 0, severeOutliers: 0)
        // Each triple distinct, negative figures where the column is signed, and one without
        // an interval (a short run's), which must come back as empty cells.
        let triples:
            [(
                WritableKeyPath<ResultRow, Estimate?>, ResultColumn, ResultColumn, ResultColumn,
                Estimate
            )] = [
                (
                    \.ratioToBaseline, .ratioToBaseline, .ratioCILow, .ratioCIHigh,
                    Estimate(value: 1.25, low: 1.125, high: 1.5)
                ),
                (
                    \.cpuNsPerEventMedian, .cpuNsPerEventMedian, .cpuNsPerEventCILow,
                    .cpuNsPerEventCIHigh,
                    Estimate(value: 80.5, low: 79.25, high: 82)
                ),
                (
                    \.ratioToAxisReference, .ratioToAxisReference, .axisRatioCILow,
                    .axisRatioCIHigh,
                    Estimate(value: 2.5, low: 2.25, high: 2.75)
                ),
                (
                    \.cpuRatioToBaseline, .cpuRatioToBaseline, .cpuRatioCILow, .cpuRatioCIHigh,
                    Estimate(value: 1.0625)
                ),
                (
                    \.cpuPerReference, .cpuPerReference, .cpuPerReferenceCILow,
                    .cpuPerReferenceCIHigh,
                    Estimate(value: 0.375, low: 0.3125, high: 0.4375)
                ),
                (
                    \.overheadNsPerEvent, .overheadNsPerEvent, .overheadCILow, .overheadCIHigh,
                    Estimate(value: -3.5, low: -7.25, high: 0.5)
                ),
                (
                    \.breakevenNsPerEvent, .breakevenNsPerEvent, .breakevenCILow, .breakevenCIHigh,
                    Estimate(value: 600, low: 450.5, high: 900)
                ),
                (
                    \.ratioNetOfFloor, .ratioNetOfFloor, .ratioNetCILow, .ratioNetCIHigh,
                    Estimate(value: -0.5, low: -1.5, high: 0.25)
                ),
            ]
        for (path, _, _, _, estimate) in triples { row[keyPath: path] = estimate }
        let text = OutputFile.document(header: ResultRow.columns, rows: [row.cells])
        let record = try ResultsFile(path: "intervals.csv", bytes: Array(text.utf8)).records[0]
        for (_, value, low, high, estimate) in triples {
            let read = record.number(value).map {
                Estimate(value: $0, low: record.number(low), high: record.number(high))
            }
            #expect(
                read == estimate,
                "\(value.name), \(low.name), \(high.name): wrote \(estimate), read \(String(describing: read))"
            )
        }
        #expect(
            record[.cpuRatioCILow].isEmpty && record[.cpuRatioCIHigh].isEmpty,
            "no interval, empty cells")
    }

    @Test("a row's intervals are kept only from enough samples (rounds), the values always")
    func intervalsNeedRounds() {
        let interval = ConfidenceInterval(lower: 1, upper: 3, level: 0.95)
        let few = Estimate(2, interval, samples: Bootstrap.minimumSamples - 1)
        let enough = Estimate(2, interval, samples: Bootstrap.minimumSamples)
        #expect(
            few == Estimate(value: 2),
            "\(Bootstrap.minimumSamples - 1) samples: \(String(describing: few))")
        #expect(
            enough == Estimate(value: 2, low: 1, high: 3),
            "\(Bootstrap.minimumSamples) samples: \(String(describing: enough))")
        #expect(
            Estimate(nil, interval, samples: Bootstrap.minimumSamples) == nil,
            "no value, no estimate")
    }

    @Test("bytes that are not UTF-8 are refused with their line")
    func notUTF8() {
        var bytes = Array(Self.valid.utf8)
        let secondLine = bytes.firstIndex(of: UInt8(ascii: "\n"))! + 5
        bytes[secondLine] = 0xFF
        #expect(throws: ResultsFileError.self) { try ResultsFile(path: "x.csv", bytes: bytes) }
        do throws(ResultsFileError) {
            _ = try ResultsFile(path: "x.csv", bytes: bytes)
        } catch {
            #expect(error.line == 2 && error.message.contains("UTF-8"), "\(error)")
        }
    }

    @Test("a file that is missing or a directory cannot be read, and says why")
    func unreadable() {
        for path in ["/nonexistent/simbench.csv", "/tmp"] {
            do throws(ResultsFileError) {
                _ = try ResultsFile.read(path)
                Issue.record("\(path) was read")
            } catch {
                #expect(error.path == path && error.line == nil, "\(error)")
                #expect(error.description.hasPrefix("\(path): "), "\(error)")
            }
        }
    }

    @Test("a file whose bytes cannot be read says why, with the system's reason")
    func readFails() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("simbench-unreadable-\(UUID().uuidString).csv").path
        try Self.valid.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Open for writing only: every read of it fails (EBADF).
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        do throws(ResultsFileError) {
            _ = try ResultsFile(path: path, descriptor: descriptor, runs: .one)
            Issue.record("a descriptor open for writing only was read")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.description.contains(String(cString: strerror(EBADF))), "\(error)")
        }
    }

    @Test("a valid file reads back cell for cell, quoted fields included")
    func roundTrip() throws {
        let file = try ResultsFile(path: "a.csv", bytes: Array(Self.valid.utf8))
        #expect(file.header == ResultRow.columns)
        #expect(file.records.count == 2)
        let row = file.records[1]
        #expect(row.line == 3)
        #expect(row[.cpu] == "test cpu, 2 GHz")
        #expect(row[.eventUnit] == "customer action (putMoney, ejectMoney or pressButton)")
        #expect(row.number(.ratioCILow) == 0.78)
        #expect(row.number(.allocationsPerEvent) == nil)
        #expect(
            row.identity
                == ResultIdentity(scenario: "vending", parameters: "products=40", variant: "table"))
        #expect(!row.isBaselineVariant && row.isOK)
    }

    @Test("LF line endings, a byte-order mark, quotes and line breaks inside fields are read")
    func lenientWhereHarmless() throws {
        var fixture = ResultsFixture([.row("enum-switch", role: "baseline", median: 100)])
        fixture.rows[0]["host"] = "say \"hi\",\nthere"
        let text = "\u{FEFF}" + fixture.text.replacingOccurrences(of: "\r\n", with: "\n")
        let file = try ResultsFile(path: "lf.csv", bytes: Array(text.utf8))
        #expect(file.records[0][.host] == "say \"hi\",\nthere")
        #expect(file.records[0].number(.nsPerEventMedian) == 100)
    }

    @Test("a file from an older simbench with only some columns reads; absent cells are empty")
    func olderVersion() throws {
        let text =
            "scenario,params,variant,role,status,ns_per_event_median\r\nvending,products=40,enum-switch,baseline,ok,12.5\r\nvending,products=40,table,pattern,wrong,\r\n"
        let file = try ResultsFile(path: "old.csv", bytes: Array(text.utf8))
        #expect(file.records.count == 2)
        #expect(file.records[0].number(.nsPerEventMedian) == 12.5)
        #expect(
            file.records[0][.ratioCILow] == ""
                && file.records[0].number(.allocationsPerEvent) == nil)
        #expect(!file.records[1].isOK)
    }

    @Test("trailing blank lines are ignored; a header alone is a file with no rows")
    func trailingBlankLines() throws {
        let file = try ResultsFile(path: "a.csv", bytes: Array((Self.valid + "\r\n\n").utf8))
        #expect(file.records.count == 2)
        let empty = try ResultsFile(path: "h.csv", bytes: Array((Self.header + "\r\n").utf8))
        #expect(empty.records.isEmpty)
    }

    @Test("a history holds a measurement once per run; a single run only once")
    func severalRuns() throws {
        var fixture = ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, run: "run-1"),
            .row("enum-switch", role: "baseline", median: 101, run: "run-2"),
        ])
        #expect(try fixture.file(runs: .several).records.count == 2)
        #expect(throws: ResultsFileError.self) { try fixture.file(runs: .one) }
        fixture.rows.append(.row("enum-switch", role: "baseline", median: 102, run: "run-2"))
        #expect(throws: ResultsFileError.self) { try fixture.file(runs: .several) }
    }

    /// A valid file of `configurations` rows, each its own configuration.
    static func rows(_ configurations: Int) -> [UInt8] {
        Array(
            ResultsFixture(
                (0..<configurations).map {
                    .row("table", params: "products=\($0)", median: 80, ci: (79, 81))
                }
            ).text.utf8)
    }

    @Test("a header-only file reads, and every reader refuses it in the same words")
    func headerOnly() throws {
        let file = try ResultsFile(
            path: "h.csv", bytes: Array((ResultRow.columns.joined(separator: ",") + "\r\n").utf8))
        #expect(file.records.isEmpty)
        #expect(throws: ResultsFileError.self) { try file.requireRows(toDo: "export") }
        do {
            try file.requireRows(toDo: "export")
        } catch {
            #expect(
                error.description
                    == "h.csv: line 2: no result rows, only a header; nothing to export")
        }
        try Self.validFile().requireRows(toDo: "export")
    }

    static func validFile() throws -> ResultsFile {
        try ResultsFile(path: "v.csv", bytes: Array(valid.utf8))
    }
}
