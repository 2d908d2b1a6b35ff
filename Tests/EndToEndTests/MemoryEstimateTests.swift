import Foundation
import Testing

/// The run plan's memory estimate against the peak resident memory runs really reach.
@Suite("run: the memory estimate follows the shape", .serialized)
struct MemoryEstimateTests {
    /// Small runs of every scenario and of the marks shapes that change what a page holds
    /// (long strokes, only dots, deep nesting), one round each.
    static let shapes: [[String]] = [
        ["--scenario", "marks", "--param", "marks.op=render", "--machines", "200", "--events", "1000"],
        ["--scenario", "marks", "--param", "marks.op=render", "--machines", "200", "--events", "1000",
         "--param", "marks.nest=1", "--param", "marks.nesting=1000000"],
        ["--scenario", "marks", "--param", "marks.op=render", "--machines", "200", "--events", "1000",
         "--param", "marks.stroke=1"],
        ["--scenario", "marks", "--param", "marks.op=render", "--machines", "200", "--events", "1000",
         "--param", "marks.dots=1"],
        ["--scenario", "marks", "--param", "marks.op=render", "--machines", "2", "--events", "100000",
         "--param", "marks.nest=1", "--param", "marks.nesting=10000000"],
        ["--scenario", "marks", "--param", "marks.op=render", "--machines", "1", "--events", "300000",
         "--param", "marks.nest=1", "--param", "marks.nesting=10000000"],
        ["--scenario", "marks", "--param", "marks.op=render", "--machines", "1", "--events", "300000",
         "--param", "marks.stroke=1"],
        ["--scenario", "marks", "--param", "marks.op=render,transform", "--machines", "20000", "--events", "10"],
        ["--scenario", "marks", "--machines", "1", "--events", "1000"],
        ["--scenario", "vending", "--machines", "20000"],
        ["--scenario", "workday", "--machines", "20000"],
        ["--scenario", "validation", "--param", "validation.matcher=scan", "--machines", "5000"],
        ["--scenario", "optional-views", "--machines", "20000"],
    ]

    @Test("within 2× of the peak resident memory, small runs and every shape", arguments: shapes)
    func withinTwice(_ shape: [String]) throws {
        let scratch = try ScratchDirectory()
        let csv = scratch.path("out.csv")
        let result = try SimBenchBinary.run(
            ["run"] + shape + ["--rounds", "1", "--warmup", "0", "--csv", csv, "--allow-debug", "--quiet"],
            in: scratch.url)
        #expect(result.status == 0, "\(shape): \(result.standardError)")
        let rows = try csvRows(at: csv)
        let peak = try #require(rows.compactMap { Double($0["peak_rss_bytes"] ?? "") }.max())
        let estimates = Set(rows.compactMap { $0["estimated_peak_bytes"] })
        let estimate = try #require(estimates.first.flatMap(Double.init))
        #expect(estimates.count == 1, "\(shape): one estimate per group")
        let ratio = peak / estimate
        #expect((0.5...2).contains(ratio), "\(shape): peak \(Int(peak)) B, estimated \(Int(estimate)) B, ratio \(ratio)")
    }
}
