import Foundation
import SimBench
import Testing

/// The instruction split by runtime mechanism (`MechanismRules`) under real Callgrind: the
/// tests' own probes, each adding one known mechanism per event to the same plain work, and
/// the default suite's patterns, whose extra instructions the rules must name.
struct MechanismSplitTests {
    static let valgrindPresent = FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind")

    /// The probes (`Tests/MechanismProbes`), built beside simbench, optimised in every build.
    static let probes = SimBenchBinary.url.deletingLastPathComponent()
        .appendingPathComponent("mechanism-probes")

    /// A release build of simbench (`SimBenchBinary.release`): the split of unoptimised
    /// subjects would be the optimiser's leftovers.
    static let releaseBinary = SimBenchBinary.release

    /// The least share of a probe's extra instructions its mechanism must hold. The checks'
    /// is lower: their calls' set-up (the access record on the stack, the registers the call
    /// saves) is compiled into the caller, the measured binary's own code, about 11 of the
    /// 87 instructions a check adds.
    static let leastShare: [Mechanism: Double] = [
        .refcount: 0.9, .alloc: 0.9, .dispatch: 0.9, .exclusivity: 0.85,
    ]

    /// The probes' variant for each mechanism (MechanismProbeScenario.probes).
    static let probeVariants: [Mechanism: String] = [
        .refcount: "retain", .alloc: "allocate", .dispatch: "cast", .exclusivity: "exclusive",
    ]

    /// The calls each probe adds to the plain one's per event, by kind; every kind not named
    /// adds none. The retain probe's weak load hands back a strong reference, released after.
    static let probeCalls: [String: [MechanismCall: Double]] = [
        "retain": [.weakLoad: 1, .release: 1], "allocate": [.allocation: 1, .free: 1],
        "cast": [:], "exclusive": [.exclusivity: 1],
    ]

    /// The figure of each of `keys` in `row`, a CSV row, read by its column's name.
    private static func figures<Key: Hashable>(
        _ row: [String: String], _ keys: [Key], column: (Key) -> String
    ) throws -> [Key: Double] {
        var figures = [Key: Double]()
        for key in keys {
            figures[key] = try #require(
                row[column(key)].flatMap(Double.init), "\(key) in \(row)")
        }
        return figures
    }

    /// The calls per event of `row` read from a CSV row by the columns' names.
    private static func calls(_ row: [String: String]) throws -> MechanismCalls {
        MechanismCalls(try figures(row, MechanismCall.allCases) { $0.columnName })
    }

    /// The split of `row` read from a CSV row by the columns' names.
    private static func split(_ row: [String: String]) throws -> MechanismSplit {
        MechanismSplit(try figures(row, Mechanism.allCases) { $0.columnName })
    }

    @Test(
        "each probe's extra instructions land in the mechanism it adds and its calls are the ones it makes, and every counted row's six columns sum to its count",
        .enabled(if: valgrindPresent, "needs valgrind"))
    func probesLandInTheirMechanism() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("probes.csv")
        let raw = scratch.path("probes-raw.csv")
        let result = try SimBenchBinary.run(
            [
                "run", "--machines", "50", "--rounds", "1", "--warmup", "0", "--instructions",
                "callgrind", "--allow-debug", "--quiet", "--csv", csv, "--raw", raw,
            ],
            in: scratch.url, timeout: 600, executable: MechanismSplitTests.probes)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let rows = try csvRows(at: csv)
        try MechanismSplitTests.expectSums(rows)
        // --raw lists each variant's runtime-other functions after its samples: each with
        // its share of the variant's instructions, and no sample's cells.
        let functions = try csvRows(at: raw).filter { !($0["function"] ?? "").isEmpty }
        #expect(!functions.isEmpty, "no runtime-other function listed")
        for function in functions {
            #expect(function["round"] == "" && function["wall_ns"] == "", "\(function)")
            let share = try #require(Double(function["function_share"] ?? ""), "\(function)")
            #expect(share > 0 && share < 1, "\(function)")
            #expect(function["object"]?.hasPrefix("/") == true, "\(function)")
        }
        let baselineRow = try #require(rows.first { $0["role"] == "baseline" })
        let baseline = try MechanismSplitTests.split(baselineRow)
        // Counted calls, not instructions: a call counted twice (or missed) shows here as
        // a whole call per event, where its instructions would hide in the share.
        let baselineCalls = try MechanismSplitTests.calls(baselineRow)
        for (variant, made) in MechanismSplitTests.probeCalls {
            let row = try #require(rows.first { $0["variant"] == variant }, "\(variant)")
            let added = try MechanismSplitTests.calls(row).subtracting(baselineCalls)
            for kind in MechanismCall.allCases {
                #expect(
                    abs(added[kind] - made[kind, default: 0]) < 0.01,
                    "\(variant) adds \(added[kind]) \(kind) calls per event, not \(made[kind, default: 0])"
                )
            }
        }
        for (mechanism, variant) in MechanismSplitTests.probeVariants {
            let row = try #require(rows.first { $0["variant"] == variant }, "\(variant)")
            let added = try MechanismSplitTests.split(row).subtracting(baseline)
            let share = added[mechanism] / added.total
            #expect(added.total > 20, "\(variant) adds \(added.total) instructions per event")
            #expect(
                share >= MechanismSplitTests.leastShare[mechanism]!,
                "\(variant): \(Int(share * 100))% of its +\(Int(added.total)) instructions in \(mechanism): \(added)"
            )
        }
    }

    /// Every counted row's six mechanism columns sum to its `instructions_per_event`.
    static func expectSums(_ rows: [[String: String]]) throws {
        let counted = rows.filter { !($0["instructions_per_event"] ?? "").isEmpty }
        #expect(!counted.isEmpty, "no counted row")
        for row in counted {
            let total = try #require(Double(row["instructions_per_event"]!))
            let sum = try split(row).total
            #expect(
                abs(sum - total) <= 0.001 * total,
                "\(row["scenario"]!).\(row["variant"]!): columns sum to \(sum), count \(total)")
        }
    }

    /// Long (about 40 s of Valgrind, one process after another, the longest test of the
    /// plain loop): scripts/long-tests.sh runs it in `.ci/run`, after the release build it
    /// needs, where `swift test` runs before that build and would leave it out.
    @Test(
        "in the default suite's counted pass, runtime-other holds under 10% of every pattern's extra instructions",
        .enabled(if: LongTests.enabled, "long: scripts/long-tests.sh runs it (.ci/run)"),
        .enabled(if: valgrindPresent, "needs valgrind"),
        .enabled(
            if: SimBenchBinary.releaseBuilt,
            "needs a release build of simbench (swift build -c release)"))
    func catalogRuntimeOther() throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("suite.csv")
        let result = try SimBenchBinary.run(
            [
                "run", "--machines", "1000", "--rounds", "1", "--warmup", "0", "--instructions",
                "callgrind", "--quiet", "--csv", csv,
            ],
            in: scratch.url, timeout: 1200, executable: MechanismSplitTests.releaseBinary)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let rows = try csvRows(at: csv)
        try MechanismSplitTests.expectSums(rows)
        let scenarios = Set(rows.map { $0["scenario"]! })
        #expect(
            scenarios.isSuperset(of: [
                "vending", "workday", "validation", "marks", "optional-views",
            ]),
            "\(scenarios)")
        var patterns = 0
        for row in rows
        where row["role"] == "pattern" && !(row["instructions_per_event"] ?? "").isEmpty {
            let baseline = try #require(
                rows.first {
                    $0["role"] == "baseline" && $0["scenario"] == row["scenario"]
                        && $0["params"] == row["params"]
                })
            let added = try MechanismSplitTests.split(row).subtracting(
                MechanismSplitTests.split(baseline))
            patterns += 1
            // A pattern that adds next to nothing has no split to speak of: judged on what
            // it adds, runtime-other must stay under a tenth of it.
            guard added.total > 1 else { continue }
            #expect(
                added[.runtimeOther] < 0.1 * added.total,
                "\(row["scenario"]!) \(row["params"]!) \(row["variant"]!): runtime-other holds \(added[.runtimeOther]) of +\(added.total): a rule is missing (run --raw lists the functions)"
            )
        }
        #expect(patterns > 0, "no counted pattern")
    }
}
