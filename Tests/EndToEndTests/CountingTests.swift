import Foundation
import SimBench
import SimBenchCommandLine
import Testing

/// `run --instructions callgrind` end to end: the counted child under real Valgrind (where
/// it is installed), and the one line and exit status 6 where it is not.
struct CountingTests {
    /// Runs simbench with `PATH` replaced.
    private func run(_ arguments: [String], path: String, in directory: URL) throws
        -> ChildProcess.Result
    {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = path
        return try ChildProcess.run(
            SimBenchBinary.url.path, arguments: arguments, environment: environment,
            directory: directory.path, timeout: SimBenchBinary.defaultTimeout)
    }

    @Test(
        "without valgrind, --instructions callgrind says how to install it, exits 6 and writes nothing"
    )
    func missingValgrind() throws {
        let scratch = try ScratchDirectory()
        let ended = try run(
            [
                "run", "--scenario", "calibrate", "--machines", "10", "--instructions", "callgrind",
                "--allow-debug", "--csv", scratch.path("out.csv"),
            ],
            path: scratch.url.path, in: scratch.url)
        let lines = String(decoding: ended.standardError, as: UTF8.self).split(separator: "\n")
        #expect(ended.exitStatus == ExitStatus.countingUnavailable.rawValue)
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains("valgrind not found") == true)
        #expect(lines.first?.contains("apt-get install valgrind") == true)
        #expect(scratch.contents.isEmpty)
    }

    @Test(
        "under Callgrind, the count is the variant's run: the twin counts as the ruler, each 200 more steps the same more instructions",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind"),
            "valgrind is not installed (apt-get install valgrind)"))
    func countsTheVariant() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("counted.csv")
        let result = try SimBenchBinary.run(
            [
                // One process: the claim is the counted pass's, which follows the timed rounds.
                "run", "--scenario", "calibrate", "--machines", "200", "--rounds", "1", "--warmup",
                "0", "--processes", "1",
                "--param", "calibrate.work=200,400,600", "--instructions", "callgrind",
                "--allow-debug",
                "--quiet", "--csv", csv,
            ],
            in: scratch.url, timeout: 600)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let rows = try csvRows(at: csv)
        func count(_ variant: String, work: String) throws -> Double {
            let row = try #require(
                rows.first { $0["variant"] == variant && $0["params"]!.contains("work=\(work)") })
            #expect(row["instructions_source"] == "callgrind", "\(row)")
            #expect(
                Double(row["estimated_cycles_per_event"]!)! >= Double(
                    row["instructions_per_event"]!)!)
            return try #require(Double(row["instructions_per_event"]!))
        }
        let ruler = try count("ruler", work: "200")
        #expect(abs(try count("ruler-twin", work: "200") / ruler - 1) < 0.001)
        // The chain's steps are the only work that grows: a region that counted anything
        // else (building inputs, the harness) would not grow by the same steps each time.
        let first = try count("ruler", work: "400") - ruler
        let second = try count("ruler", work: "600") - count("ruler", work: "400")
        #expect(
            first > 0 && abs(second / first - 1) < 0.005,
            "200 more steps counted \(first), then \(second)")
        #expect(try count("floor", work: "200") < ruler)
        #expect(Set(scratch.contents) == ["counted.csv"], "the pass leaves no file behind")
    }

    @Test(
        "a counted run into a file or a pipe ends with every column of the summary, the mechanism of each pattern included, whatever COLUMNS says",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind"),
            "valgrind is not installed (apt-get install valgrind)"))
    func summaryToAFileKeepsTheMechanism() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("counted.csv")
        // 60 columns: into a terminal that narrow, the mechanism would be the first to go.
        let result = try SimBenchBinary.run(
            [
                "run", "--scenario", "vending", "--machines", "200", "--events", "2", "--rounds",
                "3", "--warmup", "0", "--processes", "2", "--instructions", "callgrind",
                "--allow-debug", "--csv", csv,
            ],
            in: scratch.url, columns: 60, timeout: 600)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let header = try #require(lines.last { $0.hasPrefix("pattern ") }, "\(lines)")
        let title = try #require(lines.last { $0.hasPrefix("summary: ") }, "\(lines)")
        #expect(!title.contains("left out"), "\(title)")
        for column in RunSummary.Column.all.map(\.header) where column != "predicted" {
            #expect(header.contains(column), "\(column) in \(header)")
        }
        // Each pattern's line ends with the mechanism its CSV rows give.
        let rows = RunSummary.rows(try ResultsFile.read(csv).records)
        let mechanisms = rows.compactMap(\.mechanism)
        #expect(!mechanisms.isEmpty, "\(rows)")
        for row in rows {
            let line = try #require(lines.last { $0.hasPrefix(row.name + " ") }, "\(row.name)")
            if let mechanism = row.mechanism {
                #expect(line.hasSuffix("  " + mechanism), "\(line)")
            }
        }
    }
}
