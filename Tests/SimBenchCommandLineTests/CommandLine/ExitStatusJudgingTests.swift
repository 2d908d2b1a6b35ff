import Foundation
import SimBench
import Testing

@testable import SimBenchCommandLine

/// `compare`'s and `ab`'s status: a wrong outcome on the current side (the head's runs for
/// `ab`) is a failure of the code under test, whatever the times; on the baseline's side
/// alone it is what the current side fixed.
@Suite("compare's and ab's status on a wrong outcome")
struct ExitStatusJudgingTests {
    /// A results file of vending's baseline variant and `table`, `table`'s status `status`.
    static func file(_ name: String, status: String, ratio: Double = 0.8) throws -> ResultsFile {
        func row(_ variant: String, _ role: String, _ median: Double, _ ratio: Double) -> [String] {
            let cells: [String: String] = [
                "run_id": "r", "host": "h", "scenario": "vending", "params": "products=40",
                "variant": variant, "role": role, "status": role == "pattern" ? status : "ok",
                "ns_per_event_median": "\(median)", "ns_per_event_ci_low": "\(median * 0.99)",
                "ns_per_event_ci_high": "\(median * 1.01)", "ratio_to_baseline": "\(ratio)",
                "ratio_ci_low": "\(ratio * 0.99)", "ratio_ci_high": "\(ratio * 1.01)",
            ]
            return ResultRow.columns.map { cells[$0] ?? "" }
        }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("judging-\(UUID().uuidString)-\(name).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try OutputFile.document(
            header: ResultRow.columns,
            rows: [
                row("enum-switch", "baseline", 100, 1), row("table", "pattern", 100 * ratio, ratio),
            ]
        ).write(toFile: path, atomically: true, encoding: .utf8)
        return try ResultsFile.read(path)
    }

    static func status(pairs: [(base: ResultsFile, head: ResultsFile)]) throws
        -> SimBenchCommandLine.ExitStatus
    {
        let comparison = try ResultsComparison(
            pairs: pairs, baseSummary: "base", headSummary: "head")
        return SimBenchCommandLine.ExitStatus.judging(
            comparison, failOnImprovement: false, current: pairs.map(\.head),
            side: "working tree's runs", command: "ab")
    }

    @Test("ab: the head's runs holding a wrong outcome exit 3, even beside a regression")
    func headWrong() throws {
        let good = try Self.file("good", status: "ok")
        let wrong = try Self.file("wrong", status: "wrong", ratio: 1.0)
        #expect(try Self.status(pairs: [(good, wrong), (good, good)]) == .wrongOutcome)
        #expect(try Self.status(pairs: [(good, good), (good, good)]) == .success)
    }

    @Test("ab: a wrong outcome in the base's runs alone is judged as before")
    func baseWrong() throws {
        let good = try Self.file("good", status: "ok")
        let wrong = try Self.file("wrong", status: "wrong")
        #expect(try Self.status(pairs: [(wrong, good), (wrong, good)]) == .success)
    }

    @Test(
        "compare: the current file's wrong outcome exits 3; a status this version does not know does not"
    )
    func compare() throws {
        let good = try Self.file("good", status: "ok")
        for (status, expected) in [
            ("wrong", SimBenchCommandLine.ExitStatus.wrongOutcome), ("later", .success),
        ] {
            let current = try Self.file(status, status: status)
            let comparison = try ResultsComparison(baseline: good, current: current)
            let judged = SimBenchCommandLine.ExitStatus.judging(
                comparison, failOnImprovement: false, current: [current], side: "current run",
                command: "compare")
            #expect(judged == expected, "\(status)")
        }
    }
}
