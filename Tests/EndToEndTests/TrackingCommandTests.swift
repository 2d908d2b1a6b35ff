import Foundation
import SimBench
import Testing

/// `compare`, `baseline`, `export`, `merge` and the tracking flags of `run`, through the
/// built binary: exit statuses, one-line errors, files written.
@Suite("regression tracking commands", .serialized)
struct TrackingCommandTests {
    /// A results file of the vending baseline variant and `table`, with CIs of ±1%; with
    /// `wrong`, `table`'s outcome was wrong (its status says so; its figures stay).
    func writeRun(
        _ path: String, base: Double = 100, ratio: Double = 0.8, allocations: String = "0",
        wrong: Bool = false
    ) throws {
        func row(
            _ variant: String, _ role: String, _ median: Double, _ ratio: Double, ratioCI: Bool
        ) -> [String] {
            let cells: [String: String] = [
                "run_id": "r", "host": "h", "scenario": "vending", "params": "products=40",
                "variant": variant, "role": role,
                "status": wrong && role == "pattern" ? "wrong" : "ok",
                "ns_per_event_median": "\(median)",
                "ns_per_event_ci_low": "\(median * 0.99)",
                "ns_per_event_ci_high": "\(median * 1.01)",
                "ratio_to_baseline": "\(ratio)", "ratio_ci_low": ratioCI ? "\(ratio * 0.99)" : "",
                "ratio_ci_high": ratioCI ? "\(ratio * 1.01)" : "", "allocs_per_event": allocations,
            ]
            return ResultRow.columns.map { cells[$0] ?? "" }
        }
        let rows = [
            row("enum-switch", "baseline", base, 1, ratioCI: false),
            row("table", "pattern", base * ratio, ratio, ratioCI: true),
        ]
        try OutputFile.document(header: ResultRow.columns, rows: rows).write(
            toFile: path, atomically: true, encoding: .utf8)
    }

    /// A quick debug-build run of vending and workday.
    func smallRun(_ scratch: ScratchDirectory, _ extra: [String]) throws -> CommandResult {
        try SimBenchBinary.run(
            [
                "run", "--scenario", "vending,workday", "--machines", "12", "--events", "10",
                "--rounds", "2",
                "--warmup", "0", "--allow-debug",
            ] + extra,
            in: scratch.url)
    }

    @Test("compare: exit 0 unchanged, 2 regression, 4 improvement with --fail-on-improvement")
    func exitStatuses() throws {
        let scratch = try ScratchDirectory()
        try writeRun(scratch.path("base.csv"))
        try writeRun(scratch.path("same.csv"))
        try writeRun(scratch.path("slower.csv"), ratio: 1.0)
        try writeRun(scratch.path("faster.csv"), ratio: 0.6)
        let cases: [(String, [String], Int32, String)] = [
            ("same.csv", [], 0, "0 regressions"),
            ("slower.csv", [], 2, "REGRESSION"),
            ("slower.csv", ["--format", "markdown"], 2, "### simbench compare: **1 regression**"),
            ("faster.csv", [], 0, "1 improvement"),
            ("faster.csv", ["--fail-on-improvement"], 4, "improvement"),
            ("slower.csv", ["--threshold", "30%"], 0, "within ±30%"),
        ]
        for (current, flags, status, mentions) in cases {
            let result = try SimBenchBinary.run(
                ["compare", "base.csv", current] + flags, in: scratch.url)
            #expect(
                result.status == status,
                "\(current) \(flags): \(result.standardOutput) \(result.standardError)")
            #expect(
                result.standardOutput.contains(mentions),
                "\(current) \(flags): \(result.standardOutput)")
            #expect(result.standardError.isEmpty, "\(current) \(flags): \(result.standardError)")
        }
    }

    @Test(
        "compare: a wrong outcome in the current run exits 3, named in one line; in the baseline, not"
    )
    func wrongOutcome() throws {
        let scratch = try ScratchDirectory()
        try writeRun(scratch.path("good.csv"))
        try writeRun(scratch.path("broken.csv"), wrong: true)
        // Slower as well: a wrong outcome comes before any question of time.
        try writeRun(scratch.path("broken-slower.csv"), ratio: 1.0, wrong: true)
        for current in ["broken.csv", "broken-slower.csv"] {
            let result = try SimBenchBinary.run(["compare", "good.csv", current], in: scratch.url)
            #expect(result.status == 3, "\(current): \(result.standardError)")
            // The report is printed as always, the wrong row not judged in it.
            #expect(
                result.standardOutput.contains("status 'wrong' in the current run"),
                "\(current): \(result.standardOutput)")
            #expect(
                result.errorLines == [
                    "simbench: compare: the current run (\(current)) holds a wrong outcome: vending.table computed another outcome than its baseline (status 'wrong'), whatever its times"
                ], "\(current): \(result.standardError)")
        }
        // A wrong outcome in the baseline is what the current run fixed: judged as before.
        let fixed = try SimBenchBinary.run(["compare", "broken.csv", "good.csv"], in: scratch.url)
        #expect(fixed.status == 0, "\(fixed.standardError)")
        #expect(fixed.standardError.isEmpty, "\(fixed.standardError)")
    }

    @Test("compare: a bad file is one line naming file, line and column, exit 1")
    func badFiles() throws {
        let scratch = try ScratchDirectory()
        try writeRun(scratch.path("base.csv"))
        let good = try String(contentsOfFile: scratch.path("base.csv"), encoding: .utf8)
        let files: [(String, String, String)] = [
            ("empty.csv", "", "empty.csv: line 1: the file is empty"),
            ("cut.csv", String(good.dropLast(30)), "cut.csv: line 3"),
            (
                "nan.csv",
                good.replacingOccurrences(of: "\r\nr,,h,", with: "\r\nr,,h,").replacingOccurrences(
                    of: ",80.0,", with: ",nan,"),
                "nan.csv: line 3, column 'ns_per_event_median': 'nan' is not a number"
            ),
            (
                "dup.csv", good.replacingOccurrences(of: ",table,", with: ",enum-switch,"),
                "dup.csv: line 3, column 'variant': a duplicated row"
            ),
            (
                "unknown.csv", good.replacingOccurrences(of: "run_id,", with: "run,"),
                "unknown.csv: line 1, column 'run': unknown column"
            ),
            (
                "other.csv", good.replacingOccurrences(of: "vending", with: "calibrate"),
                "other.csv: line 2, column 'scenario': no (scenario, params, sweep, variant) in common"
            ),
        ]
        for (name, text, message) in files {
            try text.write(toFile: scratch.path(name), atomically: true, encoding: .utf8)
            let result = try SimBenchBinary.run(["compare", "base.csv", name], in: scratch.url)
            #expect(result.status == 1, "\(name): \(result.standardError)")
            #expect(result.errorLines.count == 1, "\(name): \(result.standardError)")
            #expect(
                result.standardError.hasPrefix("simbench: \(message)"),
                "\(name): \(result.standardError)")
            #expect(result.standardOutput.isEmpty, "\(name)")
        }
        let missing = try SimBenchBinary.run(
            ["compare", "nowhere.csv", "base.csv"], in: scratch.url)
        #expect(
            missing.status == 1 && missing.standardError.contains("nowhere.csv: cannot be read"))
    }

    @Test("tracking commands: bad flags are usage errors (exit 64), nothing written")
    func usage() throws {
        let cases: [([String], String)] = [
            (["compare", "a.csv"], "expected two results files"),
            (["compare", "a.csv", "b.csv", "c.csv"], "expected two results files"),
            (["compare", "a.csv", "b.csv", "--threshold", "abc"], "--threshold: 'abc'"),
            (
                ["compare", "a.csv", "b.csv", "--threshold-allocs"],
                "--threshold-allocs: missing value"
            ),
            (["compare", "a.csv", "b.csv", "--format", "xml"], "--format: 'xml'"),
            (["compare", "a.csv", "b.csv", "--frobnicate"], "unknown flag '--frobnicate'"),
            (["compare", "a.csv", "b.csv", "--fail-on-improvement=yes"], "takes no value"),
            (["baseline", "save", "../x", "a.csv"], "'../x'"),
            (["baseline", "save", "ci"], "expected NAME FILE"),
            (["baseline", "drop"], "'drop'"),
            (["export", "a.csv"], "missing --format"),
            (["export", "--format", "csv", "a.csv"], "--format: 'csv'"),
            (["merge", "a.csv", "b.csv"], "missing --out"),
            (["merge", "a.csv", "--out", "a.csv"], "--out: 'a.csv'"),
            (["run", "--shard", "0/2"], "--shard: '0/2'"),
            (["run", "--shard", "3/2"], "--shard: '3/2'"),
            (["run", "--save-baseline", "a/b"], "--save-baseline: 'a/b'"),
            (["run", "--append", "/nonexistent-dir/h.csv", "--allow-debug"], "does not exist"),
        ]
        for (arguments, mentions) in cases {
            let scratch = try ScratchDirectory()
            let result = try SimBenchBinary.run(arguments, in: scratch.url)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.errorLines.count == 1, "\(arguments): \(result.standardError)")
            #expect(
                result.standardError.contains(mentions), "\(arguments): \(result.standardError)")
            #expect(scratch.contents.isEmpty, "\(arguments) wrote \(scratch.contents)")
        }
    }

    @Test("run --save-baseline and baseline save store a readable baseline compare finds by name")
    func baselines() throws {
        let scratch = try ScratchDirectory()
        let run = try smallRun(scratch, ["--csv", "run.csv", "--save-baseline", "ci"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("baseline 'ci': results/baselines/ci.csv"))
        let saved = try String(
            contentsOfFile: scratch.path("results/baselines/ci.csv"), encoding: .utf8)
        #expect(saved == (try String(contentsOfFile: scratch.path("run.csv"), encoding: .utf8)))

        let copy = try SimBenchBinary.run(
            ["baseline", "save", "again", "run.csv"], in: scratch.url)
        #expect(copy.status == 0 && copy.standardOutput.contains("9 rows"), "\(copy.standardError)")
        let list = try SimBenchBinary.run(["baseline", "list"], in: scratch.url)
        #expect(list.standardOutput == "again\nci\n")
        // Debug-build runs have no CIs: every time change is 'not judged', exit 0.
        let compare = try SimBenchBinary.run(["compare", "ci", "run.csv"], in: scratch.url)
        #expect(compare.status == 0, "\(compare.standardError)")
        #expect(compare.standardOutput.contains("results/baselines/ci.csv"))

        try "scenario\r\n".write(toFile: scratch.path("bad.csv"), atomically: true, encoding: .utf8)
        let bad = try SimBenchBinary.run(["baseline", "save", "bad", "bad.csv"], in: scratch.url)
        #expect(bad.status == 1 && bad.standardError.contains("bad.csv: line 1"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("results/baselines/bad.csv")))
    }

    /// The baselines directory used to be created only after the run.
    @Test(
        "run --save-baseline, baseline save: a baselines directory that cannot be made is refused first"
    )
    func baselineDirectoryCheckedFirst() throws {
        for (layout, mentions) in [
            ("results", "'results' is not a directory"),
            ("results/baselines", "'results/baselines' is not a directory"),
        ] {
            let scratch = try ScratchDirectory()
            // A regular file where a directory must be.
            try FileManager.default.createDirectory(
                atPath: scratch.path(OutputPath.parentDirectory(of: layout)),
                withIntermediateDirectories: true)
            try "a file\n".write(toFile: scratch.path(layout), atomically: true, encoding: .utf8)
            let before = scratch.contents.sorted()
            let result = try smallRun(scratch, ["--csv", "run.csv", "--save-baseline", "ci"])
            #expect(result.status == 64, "\(layout): \(result.standardError)")
            #expect(
                result.errorLines.count == 1 && result.standardError.contains(mentions),
                "\(layout): \(result.standardError)")
            #expect(result.standardOutput.isEmpty, "nothing measured: \(result.standardOutput)")
            #expect(scratch.contents.sorted() == before, "nothing written")
            let save = try SimBenchBinary.run(
                ["baseline", "save", "ci", "none.csv"], in: scratch.url)
            #expect(
                save.status == 64 && save.standardError.contains(mentions),
                "\(layout): \(save.standardError)")
        }
    }

    @Test("run --append grows a history without rewriting it")
    func history() throws {
        let scratch = try ScratchDirectory()
        for round in 1...2 {
            let result = try smallRun(
                scratch,
                ["--scenario", "vending", "--csv", "run\(round).csv", "--append", "history.csv"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("history: 5 rows"))
        }
        let rows = try csvRows(at: scratch.path("history.csv"))
        #expect(rows.count == 10)
        #expect(Set(rows.map { $0["run_id"]! }).count == 2)
        let export = try SimBenchBinary.run(
            ["export", "--format", "influx", "history.csv"], in: scratch.url)
        #expect(export.status == 0 && export.standardOutput.split(separator: "\n").count == 10)
    }

    @Test("run --shard parts merge into the whole suite; an empty shard says so")
    func shardsAndMerge() throws {
        let scratch = try ScratchDirectory()
        for shard in ["1/2", "2/2", "3/3"] {
            let name = "part-\(shard.replacingOccurrences(of: "/", with: "of")).csv"
            let result = try smallRun(scratch, ["--shard", shard, "--csv", name])
            #expect(result.status == 0, "\(shard): \(result.standardError)")
            #expect(result.standardOutput.contains("shard \(shard)"), "\(result.standardOutput)")
        }
        #expect(
            try csvRows(at: scratch.path("part-1of2.csv")).allSatisfy {
                $0["scenario"] == "vending"
            })
        #expect(try csvRows(at: scratch.path("part-3of3.csv")).isEmpty)
        let merge = try SimBenchBinary.run(
            ["merge", "part-1of2.csv", "part-2of2.csv", "part-3of3.csv", "--out", "all.csv"],
            in: scratch.url)
        #expect(merge.status == 0, "\(merge.standardError)")
        #expect(
            merge.standardError.contains(
                "note: part-3of3.csv: no result rows, only a header; nothing merged from it"),
            "\(merge.standardError)")
        let merged = try csvRows(at: scratch.path("all.csv"))
        #expect(Set(merged.map { $0["scenario"]! }) == ["vending", "workday"] && merged.count == 9)
        let again = try SimBenchBinary.run(
            ["merge", "part-1of2.csv", "all.csv", "--out", "twice.csv"], in: scratch.url)
        #expect(again.status == 1 && again.standardError.contains("duplicated row"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("twice.csv")))
    }

    @Test("export writes JSON that parses back")
    func export() throws {
        let scratch = try ScratchDirectory()
        try writeRun(scratch.path("run.csv"))
        for format in ["github", "bencher"] {
            let result = try SimBenchBinary.run(
                ["export", "--format", format, "run.csv", "--out", "\(format).json"],
                in: scratch.url)
            #expect(result.status == 0, "\(format): \(result.standardError)")
            let data = try Data(contentsOf: scratch.url.appendingPathComponent("\(format).json"))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(format)")
        }
    }

    @Test("help compare documents every exit status")
    func help() throws {
        let result = try SimBenchBinary.run(["help", "compare"])
        #expect(result.status == 0)
        for status in [
            "0   no regression", "2   at least one regression", "4   improvements",
            "3   the current run holds a variant whose outcome was wrong", "1   a file",
            "64  usage",
        ] {
            #expect(result.standardOutput.contains(status), "help compare lacks '\(status)'")
        }
    }
}
