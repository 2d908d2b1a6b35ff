import Foundation
import SimBenchCore
import Testing

@testable import SimBench

/// Exports parse back in the shape each tracker documents.
@Suite("exports")
struct BenchmarkExportTests {
    /// An entry of github-action-benchmark's `customSmallerIsBetter`.
    struct GitHubEntry: Codable, Equatable {
        var name: String
        var unit: String
        var value: Double
        var range: String?
        var extra: String?
    }

    static func results() throws -> ResultsFile {
        try ResultsFixture([
            .row(
                "enum-switch", role: "baseline", median: 100, ci: (98, 102), ratio: 1,
                allocations: 0),
            .row(
                "table", median: 80, ci: (79, 81), ratio: 0.8, ratioCI: (0.78, 0.82),
                allocations: 1.5),
            .row("state-objects", median: nil, status: "wrong"),
        ]).file("run.csv")
    }

    @Test("github: customSmallerIsBetter entries with name, unit, value, range and extra")
    func github() throws {
        let text = try BenchmarkExport.render(try Self.results(), as: .github)
        let entries = try #require(
            JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let names = entries.map { $0["name"] as? String }
        #expect(
            names == [
                "vending.enum-switch[products=40]", "vending.enum-switch[products=40] allocations",
                "vending.table[products=40]", "vending.table[products=40] ratio to baseline",
                "vending.table[products=40] allocations",
            ], "the wrong row is left out; the baseline variant has no ratio entry")
        let table = try #require(
            entries.first { $0["name"] as? String == "vending.table[products=40]" })
        #expect(table["unit"] as? String == "ns/event")
        #expect(table["value"] as? Double == 80)
        #expect(table["range"] as? String == "+1.00 / −1.00")
        // Its basis, its event, its CI, its rounds and its machine, a line each.
        let extra = (table["extra"] as? String ?? "").split(separator: "\n").map(String.init)
        #expect(extra.count == 5, "\(extra)")
        #expect(extra.first?.hasPrefix("wall time per event: the fleet's throughput") == true)
        #expect(extra.dropFirst().first?.hasPrefix("one event") == true)
        #expect(extra.dropFirst(2).first == "95% CI [79.0, 81.0] ns/event")
        #expect(extra.dropFirst(3).first?.hasSuffix(" rounds") == true)
        let ratio = try #require(
            entries.first { ($0["name"] as? String)?.hasSuffix("ratio to baseline") == true })
        #expect(ratio["value"] as? Double == 0.8 && ratio["unit"] as? String == "× baseline")
        for entry in entries {
            #expect(
                entry["name"] is String && entry["unit"] is String && entry["value"] is NSNumber,
                "\(entry)")
        }
    }

    @Test(
        "github: a range gives the CI's two distances from the value, or the CI when it does not hold the value; never a negative ±"
    )
    func githubRange() throws {
        let file = try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ci: (98, 103), ratio: 1),
            // A median outside its ratio CI: the distances would have opposite signs.
            .row("table", median: 80, ci: (79, 81), ratio: 0.8, ratioCI: (0.81, 0.84)),
        ]).file("run.csv")
        let text = try BenchmarkExport.render(file, as: .github)
        let entries = try #require(
            JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        func range(_ name: String) -> String? {
            entries.first { $0["name"] as? String == name }?["range"] as? String
        }
        #expect(range("vending.enum-switch[products=40]") == "+3.00 / −2.00")
        #expect(range("vending.table[products=40] ratio to baseline") == "[0.810, 0.840]")
        #expect(!text.contains("±"))
    }

    @Test("--run picks one run of a history: by its id, or the last appended with 'latest'")
    func oneRunOfAHistory() throws {
        let history = try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ci: (98, 102), run: "run-1"),
            .row("enum-switch", role: "baseline", median: 110, ci: (108, 112), run: "run-2"),
        ]).file("history.csv", runs: .several)
        func values(_ run: String) throws -> [Double] {
            let text = try BenchmarkExport.render(history, as: .github, run: run)
            let entries = try #require(
                JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            return entries.compactMap { $0["value"] as? Double }
        }
        #expect(try values("latest") == [110])
        #expect(try values("run-1") == [100])
        #expect {
            try BenchmarkExport.render(history, as: .github, run: "run-3")
        } throws: { error in
            "\(error)".contains("no run 'run-3'; the file's runs: run-1, run-2, or 'latest'")
        }
    }

    @Test("bencher: Bencher Metric Format with latency, ratio and allocations")
    func bencher() throws {
        let text = try BenchmarkExport.render(try Self.results(), as: .bencher)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(text.utf8))
                as? [String: [String: [String: Double]]])
        #expect(
            Set(object.keys) == ["vending.enum-switch[products=40]", "vending.table[products=40]"])
        let table = try #require(object["vending.table[products=40]"])
        #expect(table["latency"] == ["value": 80, "lower_value": 79, "upper_value": 81])
        #expect(
            table["ratio-to-baseline"] == ["value": 0.8, "lower_value": 0.78, "upper_value": 0.82])
        #expect(table["allocations-per-event"] == ["value": 1.5])
        #expect(object["vending.enum-switch[products=40]"]?["ratio-to-baseline"] == nil)
    }

    @Test("influx: one line per measured row, tags and fields escaped, timestamp in ns")
    func influx() throws {
        var fixture = ResultsFixture([
            .row("table", params: "products=40;mode=a b", median: 80, ci: (79, 81))
        ])
        fixture.rows[0]["host"] = "build box,7"
        fixture.rows[0]["git_commit"] = "abc\"quoted\\"
        let text = try BenchmarkExport.render(try fixture.file(), as: .influx)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1)
        let line = String(lines[0])
        // Tags in the column table's order (ResultColumn.influx marks them).
        #expect(
            line.hasPrefix(
                "simbench,host=build\\ box\\,7,cpu=test\\ cpu\\,\\ 2\\ GHz,build_config=release,scenario=vending,params=products\\=40;mode\\=a\\ b,variant=table,role=pattern "
            ), "\(line)")
        #expect(
            line.contains(
                " ns_per_event_median=80.0,ns_per_event_ci_low=79.0,ns_per_event_ci_high=81.0,"),
            "\(line)")
        #expect(line.contains(",git_commit=\"abc\\\"quoted\\\\\""), "\(line)")
        #expect(line.contains(",machines=1000i,events_per_machine=200i,rounds=10i,"), "\(line)")
        // 2026-11-29T10:00:00Z, and the fraction of a second of run-1.
        #expect(line.hasSuffix(" 1795946400897738076"), "2026-11-29T10:00:00Z, run-1: \(line)")
        // A tool of one's own names its measurement, escaped as a measurement is.
        let own = try BenchmarkExport.render(
            try fixture.file(), as: .influx, measurement: "my bench")
        #expect(own == "my\\ bench," + line.dropFirst("simbench,".count) + "\n", "\(own)")
    }

    @Test(
        "influx: runs started in the same second are separate points, each at one time in every export"
    )
    func influxRunsOfOneSecond() throws {
        // Short runs appended one after another share their start second; InfluxDB keeps one
        // point per series and time, so without the run's fraction only the last run was kept.
        let history = try ResultsFixture([
            .row("table", median: 80, run: "20261129T100000Z-1a2b"),
            .row("table", median: 81, run: "20261129T100000Z-3c4d"),
            .row("table", median: 82, run: ""),
        ]).file("history.csv", runs: .several)
        func times(_ run: String? = nil) throws -> [Int64] {
            try BenchmarkExport.render(history, as: .influx, run: run).split(separator: "\n").map {
                line in
                try #require(line.split(separator: " ").last.flatMap { Int64($0) }, "\(line)")
            }
        }
        let second: Int64 = 1_795_946_400_000_000_000
        let all = try times()
        #expect(all.count == 3 && Set(all).count == 3, "one time per run: \(all)")
        #expect(
            all.allSatisfy { (second..<second + 1_000_000_000).contains($0) },
            "within the start second: \(all)")
        #expect(all[2] == second, "a row without a run id keeps the whole second: \(all)")
        #expect(
            try times("20261129T100000Z-3c4d") == [all[1]], "--run exports the run at the same time"
        )
        #expect(try times("latest") == [all[2]])
    }

    @Test(
        "influx: a run's fraction of a second never changes, or every point written so far would be written twice",
        arguments: [
            ("", Int64(0)), ("run-1", 897_738_076), ("run-2", 432_622_709),
            ("20261130T175453Z-ead497df", 754_786_690),
        ])
    func influxRunOffsetIsStable(runID: String, nanoseconds: Int64) {
        #expect(BenchmarkExport.runOffsetNanoseconds(runID) == nanoseconds, "\(runID)")
    }

    @Test(
        "influx escaping of keys and string values",
        arguments: [
            ("plain", "plain"), ("a b", "a\\ b"), ("a,b", "a\\,b"), ("a=b", "a\\=b"),
            ("two\nlines", "two\\ lines"),
            // InfluxDB 1.x stores `\\` as two backslashes: one is written as it is, unless it
            // would escape what follows (or the separator after the value).
            ("a\\b", "a\\b"), ("C:\\temp\\x", "C:\\temp\\x"), ("a\\", "a\\\\"),
            ("a\\,b", "a\\\\\\,b"),
            ("a\\ b", "a\\\\\\ b"), ("a\\=b", "a\\\\\\=b"),
        ])
    func influxEscaping(raw: String, escaped: String) {
        #expect(BenchmarkExport.escapeInfluxKey(raw) == escaped)
    }

    @Test("influx string fields are quoted with quotes and backslashes escaped")
    func influxStrings() {
        #expect(BenchmarkExport.quoteInfluxString(#"say "hi" \o/"#) == #""say \"hi\" \\o/""#)
        #expect(BenchmarkExport.quoteInfluxString("plain") == #""plain""#)
    }

    /// Rows whose text needs every escape JSON has, and figures of every form Swift prints.
    static func awkwardResults() throws -> ResultsFile {
        var rows: [[String: String]] = [
            .row("enum-switch", role: "baseline", median: 100, ci: (98, 102), allocations: 0),
            .row(
                "table", median: 1e-05, ci: (5e-324, 3e15), ratio: 1.2345678901234568e+17,
                ratioCI: (0.1, 1e20), allocations: 1.5),
            .row("wrong", median: nil, status: "wrong"),
        ]
        rows[1]["params"] = "say=\"hi\" a/b \\ tab\tbell\u{7}\u{1A}\u{8}\u{C}\r é€😀 \u{2028}"
        rows[1]["host"] = "ünïcode/host"
        rows[1]["cpu_ns_per_event_median"] = "-0.0"
        rows[1]["cpu_ns_per_event_ci_low"] = "0"
        rows[1]["cpu_ns_per_event_ci_high"] = "2"
        rows[1]["instructions_per_event"] = "123456789"
        rows[1]["estimated_cycles_per_event"] = "0.000123"
        rows[1]["instructions_source"] = "callgrind"
        rows.append(.row("z-last", scenario: "ζ", median: 7))
        rows.append(.row("a-first", scenario: "Z", median: 8))
        return try ResultsFixture(rows).file("awkward.csv")
    }

    @Test(
        "github and bencher JSON are JSONEncoder's text byte for byte (pretty, sorted keys, slashes as they are)",
        arguments: [BenchmarkExport.Format.github, .bencher])
    func jsonIsJSONEncoders(format: BenchmarkExport.Format) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        for file in [try Self.results(), try Self.awkwardResults()] {
            let rows = file.records.filter { $0.isOK && $0.number(.nsPerEventMedian) != nil }
            let text = try BenchmarkExport.render(file, as: format)
            // github's entries are written from the rows' bytes alone: what they hold is
            // read back and encoded again.
            let expected =
                format == .github
                ? try encoder.encode(
                    try JSONDecoder().decode([GitHubEntry].self, from: Data(text.utf8)))
                : try encoder.encode(BenchmarkExport.bencher(rows))
            #expect(text == String(decoding: expected, as: UTF8.self) + "\n", "\(file.path)")
        }
        // Empty containers too: no row to export.
        #expect(
            PrettyJSON.text(.array([]))
                == String(decoding: try encoder.encode([Int]()), as: UTF8.self))
        #expect(
            PrettyJSON.text(.object(["k": .object([:])]))
                == String(decoding: try encoder.encode(["k": [String: Int]()]), as: UTF8.self))
    }

    @Test("a string of any bytes is quoted as JSONEncoder quotes it, wherever its escapes fall")
    func stringsAreJSONEncoders() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let pieces = [
            "a", "Z", "0", " ", "/", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{7}", "\u{8}",
            "\u{C}", "\u{1F}", "\u{7F}", "é", "€", "😀", "\u{85}", "\u{2028}", "~",
        ]
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let string = (0..<Int(random.next() % 40)).map { _ in
                pieces[Int(random.next() % UInt64(pieces.count))]
            }.joined()
            #expect(
                PrettyJSON.text(.string(string))
                    == String(decoding: try encoder.encode(string), as: UTF8.self),
                "\(string.debugDescription)")
        }
    }

    @Test("a key is escaped from its bytes as escapeInfluxKey escapes its characters")
    func influxKeysFromBytes() {
        let pieces = [
            "a", "Z", "0", " ", ",", "=", "\\", "\n", "\r", "\r\n", "\t", "é", "😀", "\u{301}", "/",
        ]
        var random = SplitMix64(seed: 5)
        for trial in 0..<3_000 {
            let text = (0..<Int(random.next() % 12)).map { _ in
                pieces[Int(random.next() % UInt64(pieces.count))]
            }.joined()
            let equals = trial % 2 == 0
            var line = [UInt8]()
            var bytes = text
            bytes.withUTF8 { BenchmarkExport.appendInfluxKey($0, equals: equals, to: &line) }
            #expect(
                String(decoding: line, as: UTF8.self)
                    == BenchmarkExport.escapeInfluxKey(text, equals: equals),
                "\(text.debugDescription), equals: \(equals)")
        }
    }
}
