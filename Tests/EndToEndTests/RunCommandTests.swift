import Foundation
import SimBench
import Testing

@testable import SimBenchCommandLine

@Suite("simbench run, list, help", .serialized)
struct RunCommandTests {
    /// A small, quick run of the given scenarios into `csv`.
    func smallRun(
        _ scenarios: String, csv: String, in scratch: ScratchDirectory, extra: [String] = []
    ) throws -> CommandResult {
        try SimBenchBinary.run(
            [
                "run", "--scenario", scenarios, "--machines", "24", "--events", "30", "--rounds",
                "2",
                "--warmup", "1", "--csv", csv, "--allow-debug",
            ] + extra,
            in: scratch.url)
    }

    @Test("a run writes one CSV row per variant, every variant agreeing with its baseline")
    func runWritesCSV() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("out.csv")
        let result = try smallRun("vending,workday", csv: csv, in: scratch)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("results: \(csv)"))
        #expect(result.standardOutput.contains("state-objects"))
        let rows = try csvRows(at: csv)
        let variants = rows.map { "\($0["scenario"]!).\($0["variant"]!)" }
        #expect(
            Set(variants) == [
                "vending.enum-switch", "vending.state-objects", "vending.shared-states",
                "vending.table", "vending.floor", "workday.enum-switch",
                "workday.state-objects-alloc", "workday.state-objects-shared", "workday.floor",
            ])
        for scenario in ["vending", "workday"] {
            let scenarioRows = rows.filter { $0["scenario"] == scenario }
            // The floor computes another outcome by design; every other variant agrees.
            let checksums = Set(
                scenarioRows.filter { $0["role"] != "floor" }.map { $0["checksum"]! })
            #expect(checksums.count == 1, "\(scenario) checksums differ: \(checksums)")
            #expect(scenarioRows.filter { $0["role"] == "baseline" }.count == 1)
            for row in scenarioRows {
                #expect(row["status"] == "ok")
                #expect(Double(row["ns_per_event_median"]!)! > 0)
                #expect(row["machines"] == "24" && row["events_per_machine"] == "30")
                #expect(row["rounds"] == "2")
            }
            let baseline = scenarioRows.first { $0["role"] == "baseline" }!
            #expect(Double(baseline["ratio_to_baseline"]!) == 1)

            // The floor: last, measured, and its figures repeated on every row.
            #expect(scenarioRows.last?["role"] == "floor", "\(scenario): the floor row is last")
            let floor = scenarioRows.last!
            let floorMedian = Double(floor["ns_per_event_median"]!)!
            let baselineMedian = Double(baseline["ns_per_event_median"]!)!
            for row in scenarioRows {
                #expect(
                    Double(row["floor_ns_per_event"]!) == floorMedian,
                    "\(scenario).\(row["variant"]!)")
                let share = Double(row["floor_share"]!)!
                #expect(abs(share - floorMedian / baselineMedian) < 1e-9 * share)
            }
            // Net of the floor, the baseline is 1 and the floor 0 by construction, wherever
            // the net ratio is defined (every round's baseline above its floor).
            if let net = Double(baseline["ratio_net_of_floor"]!) { #expect(net == 1) }
            if let net = Double(floor["ratio_net_of_floor"]!) { #expect(net == 0) }
        }
        // No temporary file is left next to the results.
        #expect(scratch.contents == ["out.csv"])
    }

    @Test("the required CSV columns are present")
    func csvColumns() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("out.csv")
        _ = try smallRun("vending", csv: csv, in: scratch)
        let header = parseCSV(try String(contentsOfFile: csv, encoding: .utf8))[0]
        for column in [
            "run_id", "timestamp", "host", "cpu", "cores", "swift_version", "build_config",
            "scenario", "variant", "role", "event_unit", "machines", "events_per_machine",
            "actors", "rounds", "seed", "ns_per_event_median", "ns_per_event_min",
            "ns_per_event_max", "events_per_second", "ratio_to_baseline", "checksum",
        ] {
            #expect(header.contains(column), "missing column \(column)")
        }
        let row = try csvRows(at: csv)[0]
        #expect(row["timestamp"]!.hasSuffix("Z"))
        #expect(row["build_config"] == "debug" || row["build_config"] == "release")
        // The event unit holds commas and parentheses: quoted per RFC 4180, read back whole.
        #expect(row["event_unit"] == "customer action (putMoney, ejectMoney or pressButton)")
    }

    @Test("outcomes depend on the seed only, not on the number of actors")
    func actorsDoNotChangeOutcomes() throws {
        let scratch = try ScratchDirectory()
        var checksums = [String: Set<String>]()
        for actors in ["1", "5", "24"] {
            let csv = scratch.path("actors-\(actors).csv")
            let result = try smallRun(
                "vending,workday", csv: csv, in: scratch, extra: ["--actors", actors])
            #expect(result.status == 0)
            for row in try csvRows(at: csv) {
                checksums["\(row["scenario"]!).\(row["variant"]!)", default: []].insert(
                    row["checksum"]!)
            }
        }
        for (variant, values) in checksums {
            #expect(values.count == 1, "\(variant) changed with the actor count: \(values)")
        }
        let other = scratch.path("seed2.csv")
        _ = try smallRun("vending", csv: other, in: scratch, extra: ["--seed", "2"])
        let seed2 = try csvRows(at: other)[0]["checksum"]!
        #expect(!checksums["vending.enum-switch"]!.contains(seed2))
    }

    @Test("a wrong variant is reported, gets no timing, and the run exits 3")
    func wrongVariant() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("out.csv")
        let result = try smallRun("selftest", csv: csv, in: scratch)
        #expect(result.status == 3, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("WRONG"))
        #expect(result.standardError.contains("selftest.off-by-one"))
        let rows = try csvRows(at: csv)
        let wrong = rows.first { $0["variant"] == "off-by-one" }!
        #expect(wrong["status"] == "wrong")
        #expect(wrong["ns_per_event_median"] == "")
        #expect(wrong["ratio_to_baseline"] == "")
        let same = rows.first { $0["variant"] == "same" }!
        #expect(same["status"] == "ok" && !same["ns_per_event_median"]!.isEmpty)
    }

    @Test("--quiet prints nothing but errors: no table, summary or path; the files are written")
    func quiet() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("out.csv")
        let history = scratch.path("history.csv")
        let quick = ["--quiet", "--processes", "2", "--span", "0"]
        let result = try smallRun(
            "vending", csv: csv, in: scratch, extra: quick + ["--append", history])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        // Only a debug build's warning, which says what the timings are worth.
        let banner = HelpText.debugBanner(name: "simbench").split(separator: "\n").map(String.init)
        #expect(
            result.errorLines.allSatisfy(banner.contains), "stderr: \(result.standardError)")
        #expect(try csvRows(at: csv).count == 5)
        #expect(try csvRows(at: history).count == 5)
        // A wrong outcome is an error: still said, and still exit 3.
        let wrong = try smallRun(
            "selftest", csv: scratch.path("wrong.csv"), in: scratch, extra: quick)
        #expect(wrong.status == 3, "stderr: \(wrong.standardError)")
        #expect(wrong.standardOutput.isEmpty, "\(wrong.standardOutput)")
        #expect(
            wrong.errorLines.filter { !banner.contains($0) }.count == 1
                && wrong.standardError.contains("wrong outcome: selftest.off-by-one"),
            "stderr: \(wrong.standardError)")
    }

    @Test("--variant runs the named variants, the baseline and the floor")
    func variantSelection() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("out.csv")
        let result = try smallRun("vending", csv: csv, in: scratch, extra: ["--variant", "table"])
        #expect(result.status == 0)
        #expect(
            Set(try csvRows(at: csv).map { $0["variant"]! }) == ["enum-switch", "table", "floor"])
    }

    @Test("--raw writes one row per sample")
    func rawSamples() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("out.csv")
        let raw = scratch.path("raw.csv")
        let result = try smallRun("workday", csv: csv, in: scratch, extra: ["--raw", raw])
        #expect(result.status == 0)
        let rows = try csvRows(at: raw)
        // Three variants and the floor, two rounds, in each of the default processes.
        #expect(rows.count == 4 * 2 * RunOptions.Sampling.processes)
        #expect(rows.allSatisfy { Int($0["wall_ns"]!)! > 0 && $0["events"] == "720" })
    }

    @Test("without --csv the results land in results/")
    func defaultResultsDirectory() throws {
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run(
            [
                "run", "--scenario", "vending", "--machines", "3", "--events", "4", "--rounds", "1",
                "--warmup", "0", "--allow-debug",
            ], in: scratch.url)
        #expect(result.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path("results"))
        #expect(files.count == 1 && files[0].hasPrefix("simbench-") && files[0].hasSuffix(".csv"))
        #expect(result.standardOutput.contains("results: results/\(files[0])"))
    }

    @Test("list shows every scenario's event unit and baseline")
    func list() throws {
        let result = try SimBenchBinary.run(["list"])
        #expect(result.status == 0)
        for text in [
            "vending", "customer action", "enum-switch", "baseline", "workday", "hour tick",
            "state-objects-alloc", "products=40",
        ] {
            #expect(result.standardOutput.contains(text), "list lacks \(text)")
        }
    }

    @Test(
        "list cites each real scenario's article by its title, and none for calibrate and selftest"
    )
    func listArticles() throws {
        let list = try SimBenchBinary.run(["list"]).standardOutput
        #expect(!list.contains("seeds/") && !list.contains(".txt"), "\(list)")
        // A scenario's block runs from its title line to the blank line after it.
        let blocks = list.components(separatedBy: "\n\n")
        for (scenario, title) in [
            ("vending", "iOS Development-State mode"),
            ("workday", "iOS App的設計模式開發中對State狀態模式的運用"),
            ("marks", "Objective-C设计模式解析-访问者"),
            ("validation", "策略模式"),
            ("optional-views", "工厂模式和抽象工厂模式_使用代理和抽象工厂模式快速查看可选视图"),
            ("fleet", "iOS Development-State mode"),
        ] {
            let block = blocks.first { $0.hasPrefix("\(scenario) — ") } ?? ""
            #expect(
                block.contains("  modelled on: \"\(title)\"\n"),
                "\(scenario): \(block.prefix(200))")
        }
        for scenario in ["calibrate", "selftest"] {
            let block = try #require(
                blocks.first { $0.hasPrefix("\(scenario) — ") }, "\(scenario) is listed")
            #expect(!block.contains("modelled on"), "\(scenario): \(block.prefix(200))")
        }
    }

    @Test("fleet: listed as asynchronous, every design agrees, one worker, memory per machine")
    func fleet() throws {
        let list = try SimBenchBinary.run(["list"]).standardOutput
        for text in [
            "fleet — concurrency designs: one vending fleet, five ways to run it",
            "customer action delivered to a machine", "actor-per-machine-batched", "mutex-shared",
            "asynchronous variants",
        ] {
            #expect(list.contains(text), "list lacks \(text)")
        }
        let scratch = try ScratchDirectory()
        let csv = scratch.path("fleet.csv")
        let result = try SimBenchBinary.run(
            [
                "run", "--scenario", "fleet", "--machines", "40", "--events", "12", "--rounds", "2",
                "--warmup", "0", "--actors", "6", "--csv", csv, "--allow-debug",
            ],
            in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("\n  fleet  "), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("fleet note: asynchronous variants"))
        // The run's header counts the harness's actors; the fleet runs from one worker and
        // spreads the work itself, so the header names no actor count for it.
        let header = result.standardOutput.split(separator: "\n").dropFirst().first ?? ""
        #expect(
            header.hasPrefix("40 vending machines · ") && !header.contains("actors"), "\(header)")
        let rows = try csvRows(at: csv)
        #expect(
            rows.map { $0["variant"]! } == [
                "sliced", "actor-per-machine", "actor-per-machine-batched", "task-per-machine",
                "mutex-shared", "floor",
            ])
        let checked = rows.filter { $0["role"] != "floor" }
        #expect(Set(checked.map { $0["checksum"]! }).count == 1)
        for row in rows {
            #expect(row["status"] == "ok", "\(row["variant"]!)")
            #expect(row["actors"] == "1", "\(row["variant"]!)")
            #expect(
                Double(row["bytes_per_entity"] ?? "").map { $0 > 0 } == true, "\(row["variant"]!)")
        }
    }

    @Test(
        "the header names the entities by their unit, several units by the tool's word, and says why so many actors"
    )
    func headerWords() throws {
        let scratch = try ScratchDirectory()
        func header(_ scenarios: String, _ extra: [String]) throws -> String {
            let result = try SimBenchBinary.run(
                [
                    "run", "--scenario", scenarios, "--events", "5", "--rounds", "2", "--warmup",
                    "0", "--processes", "1", "--csv", scratch.path("out.csv"), "--allow-debug",
                ] + extra, in: scratch.url)
            #expect(result.status == 0, "\(scenarios) \(extra): \(result.standardError)")
            return String(result.standardOutput.split(separator: "\n").dropFirst().first ?? "")
        }
        // Fewer machines than 4 per core on any host: one actor each, and the header says so.
        let few = try header("vending", ["--machines", "3"])
        #expect(
            few.hasPrefix(
                "3 vending machines · 3 actors (4 per core, never more than one per vending machine) · "
            ), "\(few)")
        // Actors given: no reason to give.
        let given = try header("vending,workday", ["--machines", "3", "--actors", "2"])
        #expect(given.hasPrefix("3 machines · 2 actors · "), "\(given)")
        let one = try header("workday", ["--machines", "1", "--actors", "1"])
        #expect(one.hasPrefix("1 worker · 1 actor · "), "\(one)")
    }

    @Test("help and version")
    func helpAndVersion() throws {
        let help = try SimBenchBinary.run(["--help"])
        #expect(help.status == 0 && help.standardOutput.contains("EXIT STATUS"))
        #expect(help.standardOutput.contains("64"))
        let run = try SimBenchBinary.run(["help", "run"])
        #expect(run.status == 0 && run.standardOutput.contains("--machines"))
        let version = try SimBenchBinary.run(["--version"])
        #expect(version.status == 0 && version.standardOutput.hasPrefix("simbench "))
    }
}
