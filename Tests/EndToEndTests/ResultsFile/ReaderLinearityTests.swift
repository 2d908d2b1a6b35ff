import Foundation
import Testing

/// Every reader of results files takes work linear in the rows, as Callgrind counts it: the
/// instructions a reader runs over files of 2N rows are under 2.15 times its instructions
/// over files of N rows (the process's fixed work keeps a linear reader under twice). The
/// reader counts nothing itself: Valgrind counts every instruction of the process, so slow
/// work anywhere (a row copied whole for every row, a list searched per row) shows.
///
/// The readers run in a tool of their own (`Tests/ReaderProbes`), each as its command runs
/// it, synchronously: Valgrind cannot run the command line's main loop.
struct ReaderLinearityTests {

    /// The probes' release build (`swift build -c release --product reader-probes`, which
    /// scripts/long-tests.sh makes): the readers as users run them, the harness optimised.
    static let probes = SimBenchBinary.release.deletingLastPathComponent()
        .appendingPathComponent("reader-probes")

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// N: rows enough that a quadratic term of a tenth of the linear work at N shows.
    static let rows = 2_000

    /// The most that twice the rows may multiply a reader's instructions by.
    static let mostGrowth = 2.15

    /// Each reader, and the files it reads: `runs` of one suite, or a history.
    static let readers: [(name: String, files: [String])] = [
        ("read", ["amd"]), ("compare", ["amd", "intel"]), ("export-github", ["amd"]),
        ("export-bencher", ["amd"]), ("export-influx", ["history"]), ("merge", ["amd"]),
        ("spread", ["amd", "intel"]), ("coverage", ["amd", "intel", "amd"]),
        ("report", ["history"]), ("plot-history", ["history"]),
    ]

    @Test(
        "each reader's instructions under Callgrind grow linearly from N to 2N rows",
        .enabled(if: LongTests.enabled, "long: scripts/long-tests.sh runs it (.ci/run)"),
        .enabled(if: MechanismSplitTests.valgrindPresent, "needs valgrind"),
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: ReaderLinearityTests.probes.path),
            "needs a release build of reader-probes (swift build -c release --product reader-probes)"
        ))
    func linear() throws {
        let scratch = try ScratchDirectory()
        // Valgrind cannot read Swift's DWARF 5: a copy without debug info, as the counted
        // pass runs (CallgrindPass).
        let stripped = scratch.path("reader-probes")
        let strip = try SimBenchBinary.run(
            ["-g", "-o", stripped, Self.probes.path],
            executable: URL(fileURLWithPath: "/usr/bin/strip"))
        try #require(strip.status == 0, "strip: \(strip.standardError)")
        for size in [Self.rows, 2 * Self.rows] {
            for (name, seed, flags) in [
                ("amd", "amd-epyc-f25-m17-s1.csv", [String]()),
                ("intel", "intel-xeon-f6-m207-s2.csv", []),
                ("history", "amd-epyc-f25-m17-s1.csv", ["--history"]),
            ] {
                let made = try SimBenchBinary.run(
                    [
                        Self.root.appendingPathComponent("scripts/big-results.py").path,
                        Self.root.appendingPathComponent("results/hosts/\(seed)").path,
                        "\(size)", scratch.path("\(name)-\(size).csv"),
                    ] + flags, executable: URL(fileURLWithPath: "/usr/bin/python3"))
                try #require(made.status == 0, "big-results.py: \(made.standardError)")
            }
        }
        for (reader, files) in Self.readers {
            var counts = [Double]()
            for size in [Self.rows, 2 * Self.rows] {
                let out = scratch.path("callgrind-\(reader)-\(size)")
                let result = try SimBenchBinary.run(
                    [
                        "--tool=callgrind", "--vgdb=no", "--callgrind-out-file=\(out)", stripped,
                        reader,
                    ]
                        + files.map { scratch.path("\($0)-\(size).csv") },
                    timeout: 600, executable: URL(fileURLWithPath: "/usr/bin/valgrind"))
                try #require(
                    result.status == 0, "\(reader) at \(size) rows: \(result.standardError)")
                counts.append(try Self.instructions(in: out))
            }
            #expect(
                counts[1] < Self.mostGrowth * counts[0],
                "\(reader): \(Int(counts[0])) instructions at \(Self.rows) rows, \(Int(counts[1])) at \(2 * Self.rows): ×\((counts[1] / counts[0] * 100).rounded() / 100), more than ×\(Self.mostGrowth)"
            )
        }
    }

    /// The instructions a Callgrind output file counts (its `summary:` or `totals:` line).
    static func instructions(in path: String) throws -> Double {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n")
        where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
            if let count = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) {
                return count
            }
        }
        throw CocoaError(.fileReadCorruptFile)
    }
}
