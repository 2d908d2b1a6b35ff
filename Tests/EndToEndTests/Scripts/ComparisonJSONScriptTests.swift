import Foundation
import SimBench
import Testing

/// The proof scripts judge from `compare --format json` (and `ab --format json`), read by
/// `scripts/comparison-json.sh`: the fields that file reads are the ones the built binary
/// writes, and no proof script matches the text report instead.
@Suite("proof scripts read comparisons as JSON")
struct ComparisonJSONScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let hasPython =
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/python3")
        }
    /// The scripts that judge a comparison, each of which must read it as JSON.
    static let proofScripts = [
        "scripts/ab-proof.sh", "scripts/aa-proof.sh", "scripts/detector-proof.sh",
        "scripts/layout-proof.sh", "scripts/function-proof.sh",
    ]

    @Test(
        "comparison-json.sh reads the verdicts, tally and summary of compare --format json",
        .enabled(if: hasPython, "needs python3 for scripts/comparison-json.sh"))
    func readsTheBinarysJSON() throws {
        let scratch = try ScratchDirectory()
        // The pattern `table` 25% slower against its baseline variant: one regression.
        try TrackingCommandTests().writeRun(scratch.path("base.csv"))
        try TrackingCommandTests().writeRun(scratch.path("slower.csv"), ratio: 1.0)
        let compare = try SimBenchBinary.run(
            ["compare", "base.csv", "slower.csv", "--format", "json"], in: scratch.url)
        #expect(compare.status == 2, "\(compare.standardError)")
        try compare.standardOutput.write(
            toFile: scratch.path("compare.json"), atomically: true, encoding: .utf8)

        let library = Self.root.appendingPathComponent("scripts/comparison-json.sh").path
        let script = """
            source '\(library)'
            figures compare.json
            echo '--'
            tally compare.json
            echo '--'
            field compare.json current path
            """
        let read = try SimBenchBinary.run(
            ["-c", script], in: scratch.url, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(read.status == 0, "\(read.standardError)")
        let parts = read.standardOutput.components(separatedBy: "--\n")
        try #require(parts.count == 3, "\(read.standardOutput)")
        let figures = parts[0].split(separator: "\n").map { $0.split(separator: "\t") }
        let table = figures.first { $0.count >= 6 && $0[4] == "table" && $0[2] == "time" }
        #expect(
            table.map { Array($0[0..<4]) } == [
                "regression", "vending.table[products=40]", "time", "vending",
            ], "\(parts[0])")
        #expect(parts[1].contains("regressions 1"), "\(parts[1])")
        #expect(parts[2].hasSuffix("slower.csv\n"), "\(parts[2])")
    }

    /// Two counted runs of vending `table` whose `functions` columns differ: `send` new in the
    /// second (+6 own instructions per event), `run` 1 fewer.
    static func writeCountedRun(_ path: String, functions: String, count: Double) throws {
        let cells: [String: String] = [
            "run_id": "r", "host": "h", "scenario": "vending", "params": "products=40",
            "variant": "table", "role": "baseline", "status": "ok",
            "ns_per_event_median": "100", "ns_per_event_ci_low": "99",
            "ns_per_event_ci_high": "101", "instructions_per_event": "\(count)",
            "instructions_source": "callgrind", "functions": functions,
        ]
        try OutputFile.document(
            header: ResultRow.columns, rows: [ResultRow.columns.map { cells[$0] ?? "" }]
        ).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test(
        "comparison-json.sh's functions reader lists the functions under each counted figure",
        .enabled(if: hasPython, "needs python3 for scripts/comparison-json.sh"))
    func readsTheFunctions() throws {
        let scratch = try ScratchDirectory()
        try Self.writeCountedRun(
            scratch.path("base.csv"), functions: "20 30 own SaleMachine.run()", count: 30)
        try Self.writeCountedRun(
            scratch.path("head.csv"),
            functions: "19 35 own SaleMachine.run();6 6 own SaleMachine.send(_:)", count: 35)
        let compare = try SimBenchBinary.run(
            ["compare", "base.csv", "head.csv", "--format", "json"], in: scratch.url)
        #expect(compare.status == 2, "\(compare.standardError)")
        try compare.standardOutput.write(
            toFile: scratch.path("compare.json"), atomically: true, encoding: .utf8)
        let library = Self.root.appendingPathComponent("scripts/comparison-json.sh").path
        let read = try SimBenchBinary.run(
            ["-c", "source '\(library)'; functions compare.json"], in: scratch.url,
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(read.status == 0, "\(read.standardError)")
        #expect(
            read.standardOutput == """
                vending\tproducts=40\ttable\t1\t30\t6\town\tcurrent-only\tSaleMachine.send(_:)
                vending\tproducts=40\ttable\t2\t30\t-1\town\tboth\tSaleMachine.run()

                """, "\(read.standardOutput)")
    }

    @Test(
        "the proof scripts judge from --format json, through comparison-json.sh, never REGRESSION")
    func proofScriptsReadJSON() throws {
        for path in Self.proofScripts {
            let text = try String(
                contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(text.contains("source scripts/comparison-json.sh"), "\(path)")
            #expect(text.contains("--format json"), "\(path)")
            #expect(!text.contains("REGRESSION"), "\(path) names the text report's REGRESSION")
        }
    }
}
