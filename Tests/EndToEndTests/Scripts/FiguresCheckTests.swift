import Foundation
import Testing

/// The figures the README and the manual quote are generated from the committed CSVs
/// (`scripts/figures.py`, run by `scripts/readme-charts.sh` and checked by
/// `scripts/figures-check.sh`): the tree's text matches its CSVs, and a hand-edited figure
/// fails the check, naming it. Run on a copy of the files, so that the tree is never touched.
@Suite("quoted figures that cannot go stale")
struct FiguresCheckTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// python3 wherever PATH finds it, through env.
    static let env = URL(fileURLWithPath: "/usr/bin/env")
    static let hasPython =
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/python3")
        }

    /// A copy of the script, the quoting files and the CSVs, under `scratch`.
    static func copy(into scratch: ScratchDirectory) throws {
        let manager = FileManager.default
        for path in [
            "scripts/figures.py", "scripts/model_table.py", "README.md",
            "Sources/SimBench/SimBench.docc/Output.md",
            "Sources/SimBench/SimBench.docc/Scenarios.md",
            "Sources/SimBench/SimBench.docc/Mechanisms.md",
            "Sources/SimBench/SimBench.docc/Methodology.md", "results/charts/suite.csv",
            "results/charts/vending-sweep.csv",
        ] + hostFiles {
            let target = scratch.url.appendingPathComponent(path)
            try manager.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: root.appendingPathComponent(path), to: target)
        }
    }

    /// Every host's CSV in `results/hosts/`, which the hosts block is made from, and the
    /// model's checks in `results/hosts/model/`, which the model blocks are made from.
    static var hostFiles: [String] {
        ["results/hosts", "results/hosts/model"].flatMap { folder in
            let names = try? FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent(folder).path)
            return (names ?? []).filter { $0.hasSuffix(".csv") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    static func check(in scratch: ScratchDirectory) throws -> CommandResult {
        try SimBenchBinary.run(
            ["python3", scratch.path("scripts/figures.py"), "check"], in: scratch.url,
            executable: env)
    }

    @Test(
        "the tree's quoted figures match the committed CSVs",
        .enabled(if: hasPython, "needs python3 for scripts/figures.py"))
    func current() throws {
        let scratch = try ScratchDirectory()
        try Self.copy(into: scratch)
        let result = try Self.check(in: scratch)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test(
        "a hand-edited figure in the README fails the check, naming the block and the number",
        .enabled(if: hasPython, "needs python3 for scripts/figures.py"))
    func handEdited() throws {
        let scratch = try ScratchDirectory()
        try Self.copy(into: scratch)
        let readme = scratch.path("README.md")
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        let block = try #require(text.range(of: "<!-- figures:summary -->"))
        let end = try #require(text.range(of: "<!-- /figures:summary -->"))
        // The block's first ratio, the first pattern's CPU ratio (the columns the summary
        // keeps at 80 columns move with the figures; its ratio stays), becomes `99.9×`.
        let figure = try #require(
            text.range(
                of: #"[0-9]+\.[0-9]+×"#, options: .regularExpression,
                range: block.upperBound..<end.lowerBound))
        let edited = text.replacingCharacters(in: figure, with: "99.9×")
        try edited.write(toFile: readme, atomically: true, encoding: .utf8)
        let result = try Self.check(in: scratch)
        #expect(result.status == 1, "\(result.standardOutput)")
        #expect(
            result.standardOutput.contains(
                "README.md: block 'summary' differs from what the CSVs give (quoted but not in the CSV: 99.9)"
            ), "\(result.standardOutput)")
    }

    @Test(
        "a host's file is named by its CPU's name and CPUID family, model and stepping",
        .enabled(if: hasPython, "needs python3 for scripts/figures.py"),
        arguments: [
            ("Intel(R) Xeon(R) Processor", "6", "207", "2", "intel-xeon-f6-m207-s2"),
            (
                "AMD EPYC 9B14 96-Core Processor", "25", "17", "1",
                "amd-epyc-9b14-96-core-f25-m17-s1"
            ),
            (
                "Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz", "6", "158", "10",
                "intel-core-i7-8700-f6-m158-s10"
            ),
            ("AMD EPYC", "", "", "", "amd-epyc-identity-unknown"),
        ])
    func hostName(cpu: String, family: String, model: String, stepping: String, name: String)
        throws
    {
        let scratch = try ScratchDirectory()
        try Self.copy(into: scratch)
        let csv = scratch.path("host.csv")
        try "cpu,cpu_family,cpu_model,cpu_stepping\n\"\(cpu)\",\(family),\(model),\(stepping)\n"
            .write(toFile: csv, atomically: true, encoding: .utf8)
        let result = try SimBenchBinary.run(
            ["python3", scratch.path("scripts/figures.py"), "host-name", csv], in: scratch.url,
            executable: Self.env)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == name + "\n", "\(cpu)")
    }

    /// A check on record of `patterns` patterns, each measured at +10 ns [+8, +12] and
    /// predicted at `predicted` [predicted − 2, predicted + 2].
    static func check(patterns: Int, predicted: Double) -> String {
        var text =
            "scenario,params,variant,role,status,overhead_ns_per_event,overhead_ci_low,"
            + "overhead_ci_high,predicted_ns_added_per_event,predicted_ns_added_low,"
            + "predicted_ns_added_high\n"
        for pattern in 0..<patterns {
            text +=
                "vending,,pattern-\(pattern),pattern,ok,10,8,12,"
                + "\(predicted),\(predicted - 2),\(predicted + 2)\n"
        }
        return text
    }

    @Test(
        "whether the model holds on a host is read from its checks on record: every one met, one missed, none kept, one damaged",
        .enabled(if: hasPython, "needs python3 for scripts/figures.py"))
    func modelHolds() throws {
        let scratch = try ScratchDirectory()
        try Self.copy(into: scratch)
        let model = scratch.url.appendingPathComponent("results/hosts/model")
        for (name, text) in [
            ("held-run-1", Self.check(patterns: 10, predicted: 10)),
            ("held-run-2", Self.check(patterns: 10, predicted: 11)),
            ("missed-run-1", Self.check(patterns: 10, predicted: 10)),
            ("missed-run-2", Self.check(patterns: 10, predicted: 40)),
            ("damaged-run-1", "not a results file\n"),
        ] {
            try text.write(
                to: model.appendingPathComponent("\(name).csv"), atomically: true, encoding: .utf8)
        }
        for (host, status, said) in [
            ("held", Int32(0), "held: the model holds by its checks on record"),
            ("missed", 3, "missed: the model does not hold by its checks on record"),
            ("absent", 4, "absent: no model check on record"),
            ("damaged", 1, ""),
        ] {
            let result = try SimBenchBinary.run(
                ["python3", scratch.path("scripts/figures.py"), "model-holds", host],
                in: scratch.url, executable: Self.env)
            #expect(result.status == status, "\(host): \(result.standardOutput)")
            #expect(result.standardOutput.hasPrefix(said), "\(host): \(result.standardOutput)")
        }
    }
}
