import Foundation
import Testing

/// The run plan's memory estimate against the peak resident memory runs really reach.
///
/// The runs are the release build's, the one users measure with (`SimBenchBinary.release`;
/// scripts/long-tests.sh makes it first): a debug build took about 8 s a shape, 272 s in all
/// beside the other lanes of `.ci/run`.
@Suite(
    "run: the memory estimate follows the shape", .serialized,
    .enabled(if: LongTests.enabled, "long: scripts/long-tests.sh runs it (.ci/run)"),
    .enabled(
        if: SimBenchBinary.releaseBuilt,
        "needs a release build of simbench (swift build -c release)"))
struct MemoryEstimateTests {
    /// Every scenario, each of its shape parameters at the values that move its bytes most
    /// (or, where none does, at an extreme), and every marks `op` on each marks shape; one
    /// round each.
    ///
    /// A marks run names the four operations, which the plan measures as four groups one
    /// after another, each with its own estimate. At these sizes the process's own 30 MB
    /// is much of every peak, so the test catches gross misses: the deep page of 20,000
    /// marks caught the enum-tree transform's leak (3.2× its estimate). The fitted figures
    /// themselves come from release runs 10-1000× larger (README, "Memory").
    static let shapes: [[String]] = {
        let ops = ["--param", "marks.op=render,bounds,transform,stats"]
        return [
            ["--scenario", "vending", "--machines", "5000", "--param", "vending.products=0"],
            ["--scenario", "vending", "--machines", "5000", "--param", "vending.products=1000000"],
            ["--scenario", "fleet", "--machines", "2000", "--param", "fleet.products=0"],
            [
                "--scenario", "workday", "--machines", "200000", "--events", "10",
                "--param", "workday.step=2", "--param", "workday.finished=1",
            ],
            [
                "--scenario", "workday", "--machines", "5000",
                "--param", "workday.step=0.25", "--param", "workday.finished=0",
            ],
            ["--scenario", "workday", "--machines", "5000", "--param", "workday.step=0.5"],
            [
                "--scenario", "validation", "--machines", "5000",
                "--param", "validation.matcher=scan", "--param", "validation.invalid=0",
            ],
            [
                "--scenario", "validation", "--machines", "5000",
                "--param", "validation.matcher=scan", "--param", "validation.invalid=1",
            ],
            [
                "--scenario", "validation", "--machines", "300", "--param",
                "validation.matcher=regex",
            ],
            [
                "--scenario", "validation", "--machines", "300", "--param",
                "validation.matcher=nsregex",
            ],
            // The three matchers, measured side by side: three configurations held at once.
            ["--scenario", "validation", "--machines", "300"],
            [
                "--scenario", "optional-views", "--machines", "5000",
                "--param", "optional-views.appearances=0", "--param", "optional-views.unloaded=1",
            ],
            [
                "--scenario", "optional-views", "--machines", "5000",
                "--param", "optional-views.appearances=255", "--param", "optional-views.changes=1",
            ],
            // Two work values side by side: two configurations held at once.
            [
                "--scenario", "calibrate", "--machines", "200000", "--events", "10",
                "--param", "calibrate.work=1,2", "--param", "calibrate.twin-extra=1000",
            ],
            ["--scenario", "selftest", "--machines", "5000", "--variant", "same"],
            ["--scenario", "marks", "--machines", "50", "--events", "400"] + ops,
            [
                "--scenario", "marks", "--machines", "1", "--events", "20000",
                "--param", "marks.nest=1", "--param", "marks.nesting=10000",
            ] + ops,
            [
                "--scenario", "marks", "--machines", "50", "--events", "400",
                "--param", "marks.nest=1", "--param", "marks.nesting=2",
            ] + ops,
            [
                "--scenario", "marks", "--machines", "1", "--events", "20000",
                "--param", "marks.stroke=1",
            ] + ops,
            [
                "--scenario", "marks", "--machines", "50", "--events", "400",
                "--param", "marks.stroke=1000",
            ] + ops,
            [
                "--scenario", "marks", "--machines", "50", "--events", "400",
                "--param", "marks.dots=1",
            ] + ops,
            [
                "--scenario", "marks", "--machines", "50", "--events", "400",
                "--param", "marks.nest=0", "--param", "marks.nesting=0",
            ] + ops,
            // All four operations in one configuration, on one page.
            [
                "--scenario", "marks", "--machines", "1", "--events", "20000", "--param",
                "marks.op=all",
            ],
        ]
    }()

    /// One pattern of every scenario, measured with its baseline (and floor) only: the
    /// estimate counts the variants that run, not all of them. Fleet's designs hold very
    /// different memory per machine (a task or an actor each, or nothing), so each is run.
    static let variantSubsets: [[String]] = [
        ["--scenario", "vending", "--machines", "5000", "--variant", "state-objects"],
        ["--scenario", "workday", "--machines", "5000", "--variant", "state-objects-alloc"],
        ["--scenario", "validation", "--machines", "300", "--variant", "strategy-objects"],
        [
            "--scenario", "marks", "--machines", "50", "--events", "400", "--variant", "visitor",
            "--param", "marks.op=render",
        ],
        ["--scenario", "optional-views", "--machines", "5000", "--variant", "proxy"],
        [
            "--scenario", "calibrate", "--machines", "50000", "--events", "10", "--variant",
            "ruler-twin",
        ],
        ["--scenario", "selftest", "--machines", "5000", "--variant", "same"],
        ["--scenario", "fleet", "--machines", "20000", "--variant", "floor"],
        ["--scenario", "fleet", "--machines", "20000", "--variant", "actor-per-machine"],
        ["--scenario", "fleet", "--machines", "20000", "--variant", "actor-per-machine-batched"],
        ["--scenario", "fleet", "--machines", "20000", "--variant", "task-per-machine"],
        ["--scenario", "fleet", "--machines", "20000", "--variant", "mutex-shared"],
    ]

    @Test(
        "within 2× of the peak resident memory, every scenario, shape parameter and op; and one variant with its baseline",
        arguments: shapes + variantSubsets)
    func withinTwice(_ shape: [String]) throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("out.csv")
        let result = try SimBenchBinary.run(
            ["run"] + shape + [
                "--rounds", "1", "--warmup", "0", "--processes", "1", "--csv", csv, "--quiet",
            ],
            // Beside other work in .ci/run: the slowest shape (optional-views at 255
            // appearances) took over 120 s on a loaded host in a debug build.
            in: scratch.url, timeout: 600, executable: SimBenchBinary.release)
        #expect(result.status == 0, "\(shape): \(result.standardError)")
        let rows = try csvRows(at: csv)
        #expect(!rows.isEmpty, "\(shape): no rows")
        // Configurations measured together share a group and its estimate; marks'
        // operations, the one axis whose values are not compared, are groups measured one
        // after another, each against its own.
        let groups = Dictionary(grouping: rows) { row in
            (row["params"] ?? "").split(separator: ";").first { $0.hasPrefix("op=") }.map(
                String.init) ?? ""
        }
        for (group, rows) in groups.sorted(by: { $0.key < $1.key }) {
            let peak = try #require(rows.compactMap { Double($0["peak_rss_bytes"] ?? "") }.max())
            let estimates = Set(rows.compactMap { $0["estimated_peak_bytes"] })
            let estimate = try #require(estimates.first.flatMap(Double.init))
            #expect(estimates.count == 1, "\(shape) [\(group)]: one estimate per group")
            let ratio = peak / estimate
            #expect(
                (0.5...2).contains(ratio),
                "\(shape) [\(group)]: peak \(Int(peak)) B, estimated \(Int(estimate)) B, ratio \(ratio)"
            )
        }
    }
}
