import Foundation
import SimBench
import Testing

/// `run --machines 8,16` and friends, and the progress line, as a user meets them.
@Suite("simbench run sweeps and progress", .serialized)
struct SweepCommandTests {
    static let small = [
        "--scenario", "vending", "--events", "5", "--rounds", "2", "--warmup", "0", "--allow-debug",
        "--processes", "1",
    ]

    @Test(
        "a sweep writes a row per (scenario, params, size, variant) and a table per size; off a terminal, no progress"
    )
    func sweepRun() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("sweep.csv")
        // No --quiet: stderr is a pipe here, which alone must silence the progress line.
        let result = try SimBenchBinary.run(
            ["run", "--machines", "8,16"] + Self.small + ["--csv", csv], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("\n  vending[machines=8]  "))
        #expect(result.standardOutput.contains("\n  vending[machines=16]  "))
        // Vending alone: its entities by their own name.
        #expect(result.standardOutput.contains("8 / 16 vending machines"))
        #expect(
            !result.standardError.contains("\r"),
            "progress written off a terminal: \(result.standardError.debugDescription)")
        #expect(!result.standardError.contains("\u{1B}"), "escape codes off a terminal")
        let rows = try csvRows(at: csv)
        #expect(rows.count == 10)
        for row in rows {
            #expect(row["sweep"] == "machines=\(row["machines"]!)")
        }
        #expect(Set(rows.map { "\($0["variant"]!)|\($0["sweep"]!)" }).count == 10)
        // The file compares with itself point by point, every row matched.
        let compared = try SimBenchBinary.run(["compare", csv, csv], in: scratch.url)
        #expect(compared.status == 0, "\(compared.standardError)")
        #expect(compared.standardOutput.contains("vending.table[products=40;machines=16] time"))
        #expect(!compared.standardOutput.contains("only in"), "\(compared.standardOutput)")
    }

    @Test("--processes with a sweep: every child measures every point, pooled point by point")
    func sweepWithProcesses() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("sweep.csv")
        let result = try SimBenchBinary.run(
            // --processes after Self.small's, which keeps one process: the last one counts.
            ["run", "--actors", "1,2", "--machines", "4"] + Self.small + [
                "--processes", "2", "--csv", csv, "--quiet",
            ],
            in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let rows = try csvRows(at: csv)
        #expect(
            rows.map { $0["sweep"]! } == Array(repeating: "actors=1", count: 5)
                + Array(repeating: "actors=2", count: 5))
        #expect(
            rows.allSatisfy {
                $0["sweep"] == "actors=\($0["actors"]!)" && $0["processes"] == "2"
                    && $0["rounds"] == "2"
            })
    }

    @Test("a sweep refuses to append to a history from an older simbench, before anything runs")
    func oldHistory() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("one.csv")
        let made = try SimBenchBinary.run(
            ["run", "--machines", "4"] + Self.small + ["--csv", csv, "--quiet"], in: scratch.url)
        #expect(made.status == 0, "\(made.standardError)")
        // The same rows under a header that ends before sweep (and the columns added after
        // it): an older history.
        let records = parseCSV(try String(contentsOfFile: csv, encoding: .utf8))
        let sweep = try #require(records[0].firstIndex(of: "sweep"))
        let text = OutputFile.document(
            header: Array(records[0][..<sweep]),
            rows: records.dropFirst().map { Array($0[..<sweep]) })
        let history = scratch.path("history.csv")
        try text.write(toFile: history, atomically: true, encoding: .utf8)
        let out = scratch.path("sweep.csv")
        let result = try SimBenchBinary.run(
            ["run", "--machines", "4,8"] + Self.small + ["--csv", out, "--append", history],
            in: scratch.url)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "--append: '\(history)' is a history from an older simbench, without the 'sweep' column"
            ))
        #expect(
            try String(contentsOfFile: history, encoding: .utf8) == text, "the history is untouched"
        )
        #expect(!FileManager.default.fileExists(atPath: out), "no results written")
        // Without a sweep, the older history still takes the rows (its columns only).
        let plain = try SimBenchBinary.run(
            ["run", "--machines", "4"] + Self.small + [
                "--csv", out, "--append", history, "--quiet",
            ], in: scratch.url)
        #expect(plain.status == 0, "\(plain.standardError)")
    }

    @Test(
        "on a terminal, one progress line with the configuration and a percentage, erased before the report",
        .enabled(if: TestHost.isLinux, "needs util-linux script for a pseudo-terminal"))
    func progressOnTerminal() throws {
        let script = "/usr/bin/script"
        try #require(
            FileManager.default.isExecutableFile(atPath: script),
            "util-linux script gives the run a terminal")
        let scratch = try ScratchDirectory()
        let command =
            ([SimBenchBinary.url.path, "run", "--machines", "8,16"] + Self.small + [
                "--csv", scratch.path("p.csv"),
            ])
            .map { "'\($0)'" }.joined(separator: " ")
        let ended = try ChildProcess.run(
            script, arguments: ["-qec", command, "/dev/null"],
            environment: ProcessInfo.processInfo.environment,
            directory: scratch.url.path, timeout: 120)
        let output = String(decoding: ended.standardOutput, as: UTF8.self)
        #expect(ended.exitStatus == 0, "\(output)")
        #expect(
            output.contains("\r\u{1B}[K[1/2] vending[machines=8]: setting up · 0%"),
            "\(output.debugDescription)")
        // Erased before the report is printed.
        #expect(
            output.contains("\r\u{1B}[Kdebug build · ")
                || output.contains("\r\u{1B}[Krelease build · "), "\(output.debugDescription)")
        // --quiet silences it even on a terminal.
        let quiet = try ChildProcess.run(
            script, arguments: ["-qec", command + " --quiet", "/dev/null"],
            environment: ProcessInfo.processInfo.environment,
            directory: scratch.url.path, timeout: 120)
        #expect(!String(decoding: quiet.standardOutput, as: UTF8.self).contains("\u{1B}[K"))
    }

    @Test("help says the counts take comma lists")
    func help() throws {
        let result = try SimBenchBinary.run(["run", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("--machines N[,N…]"))
        #expect(result.standardOutput.contains("--actors K[,K…]"))
        #expect(result.standardOutput.contains("a comma list sweeps them"))
    }
}
