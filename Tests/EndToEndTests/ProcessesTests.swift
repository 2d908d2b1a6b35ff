import Foundation
import Testing

@Suite("simbench run --processes", .serialized)
struct ProcessesTests {
    @Test("--processes 3 pools three children's rounds, tagged by process, with equal outcomes")
    func pooledRun() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("out.csv")
        let raw = scratch.path("raw.csv")
        let result = try SimBenchBinary.run(
            [
                "run", "--scenario", "vending", "--machines", "24", "--events", "30", "--rounds",
                "2",
                "--warmup", "1", "--processes", "3", "--csv", csv, "--raw", raw, "--allow-debug",
                "--quiet",
            ],
            in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(
            result.standardOutput.contains("3 processes × 2 rounds"), "\(result.standardOutput)")
        let rows = try csvRows(at: csv)
        // Four variants and the floor, whose outcome is its own.
        #expect(rows.count == 5)
        #expect(Set(rows.filter { $0["role"] != "floor" }.map { $0["checksum"]! }).count == 1)
        for row in rows {
            #expect(row["processes"] == "3" && row["rounds"] == "2" && row["status"] == "ok")
            // Six samples: enough for intervals.
            #expect(!row["cpu_ns_per_event_ci_low"]!.isEmpty, "\(row)")
        }
        let samples = try csvRows(at: raw)
        #expect(samples.count == 5 * 3 * 2)
        for process in ["1", "2", "3"] {
            let own = samples.filter { $0["process"] == process }
            #expect(own.count == 10)
            #expect(Set(own.map { $0["round"]! }) == ["1", "2"])
        }
        // The children wrote nothing of their own next to the results.
        #expect(Set(scratch.contents) == ["out.csv", "raw.csv"])
    }

    @Test("--span spreads the processes' starts: the run waits for the last share, and says so")
    func spread() throws {
        let scratch = try ScratchDirectory()
        let arguments = [
            "run", "--scenario", "vending", "--machines", "8", "--events", "10", "--processes",
            "3", "--allow-debug", "--quiet", "--csv", scratch.path("out.csv"),
        ]
        // 3 processes over 3 s start 1 s apart: the run cannot end before 2 s have passed,
        // however quick its processes.
        let started = ContinuousClock.now
        let spread = try SimBenchBinary.run(arguments + ["--span", "3"], in: scratch.url)
        let took = ContinuousClock.now - started
        #expect(spread.status == 0, "\(spread.standardError)")
        #expect(took >= .seconds(2), "\(took)")
        #expect(
            spread.standardOutput.contains("processes spread over 3 s or more"),
            "\(spread.standardOutput)")
        // Without a span, nothing is waited for or said.
        let unpaced = try SimBenchBinary.run(arguments + ["--span", "0"], in: scratch.url)
        #expect(unpaced.status == 0, "\(unpaced.standardError)")
        #expect(!unpaced.standardOutput.contains("spread over"))
    }

    @Test("--processes out of range is refused before anything runs")
    func badCount() throws {
        let scratch = try ScratchDirectory()
        for value in ["0", "65", "x"] {
            let result = try SimBenchBinary.run(
                ["run", "--processes", value, "--csv", scratch.path("out.csv"), "--allow-debug"],
                in: scratch.url)
            #expect(result.status == 64, "\(value): \(result.standardError)")
            #expect(result.standardError.contains("--processes"))
        }
        #expect(scratch.contents.isEmpty)
    }
}
