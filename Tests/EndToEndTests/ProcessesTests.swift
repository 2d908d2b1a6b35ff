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

    @Test("a short run does not wait out a long --span: its spread is cut, and it says so")
    func spread() throws {
        let scratch = try ScratchDirectory()
        let arguments = [
            "run", "--scenario", "vending", "--machines", "8", "--events", "10", "--processes",
            "3", "--allow-debug", "--csv", scratch.path("out.csv"),
        ]
        // Processes of well under a second each cannot fill 600 s: spread over a multiple of
        // their work (`ProcessSpread`), the run ends in seconds and its header says why its
        // intervals rest on the drift between runs. (A broken rule waits 400 s and fails.)
        let short = try SimBenchBinary.run(arguments + ["--span", "600"], in: scratch.url)
        #expect(short.status == 0, "\(short.standardError)")
        let flowing = short.standardOutput.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(flowing.contains("3 processes × "), "\(short.standardOutput)")
        #expect(
            flowing.contains(
                "(too little work to spread over the 600 s of --span: the intervals rely on their allowance for drift between runs)"
            ),
            "\(short.standardOutput)")
        // Without a span, nothing is waited for or said.
        let unpaced = try SimBenchBinary.run(arguments + ["--span", "0"], in: scratch.url)
        #expect(unpaced.status == 0, "\(unpaced.standardError)")
        #expect(!unpaced.standardOutput.contains("rounds over"), "\(unpaced.standardOutput)")
        #expect(!unpaced.standardOutput.contains("too little work"))
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
