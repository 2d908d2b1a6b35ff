import Testing

@testable import SimBench

/// `report` of several files shows every run's answers, labelled by run: two files with the
/// same configuration each keep theirs, whatever the order the files are given in.
@Suite("report answers from several files")
struct ReportAnswersTests {
    static func file(_ name: String, run: String, host: String, overhead: Double) throws
        -> [ResultsRecord]
    {
        var baseline = [String: String].row(
            "enum-switch", role: "baseline", median: 100, ratio: 1, run: run, host: host)
        baseline["overhead_ns_per_event"] = ""
        var pattern = [String: String].row(
            "state-objects", median: 100 + overhead, ratio: 1 + overhead / 100, run: run,
            host: host)
        pattern["overhead_ns_per_event"] = "\(overhead)"
        pattern["overhead_ci_low"] = "\(overhead - 1)"
        pattern["overhead_ci_high"] = "\(overhead + 1)"
        return try ResultsFixture([baseline, pattern]).file(name).records
    }

    @Test("two same-configuration files: both runs' answers, each under its run, in either order")
    func twoFiles() throws {
        let first = try Self.file("xeon.csv", run: "run-xeon", host: "vm", overhead: 30)
        let second = try Self.file("epyc.csv", run: "run-epyc", host: "vm2", overhead: 12)
        for records in [first + second, second + first] {
            let html = HTMLReport.answers(records, scenario: nil)
            #expect(html.components(separatedBy: "<li>").count - 1 == 2, "\(html)")
            #expect(html.contains("state-objects: +30.0 ns per customer action"), "\(html)")
            #expect(html.contains("state-objects: +12.0 ns per customer action"), "\(html)")
            #expect(html.contains("· run run-xeon on vm</p>"), "\(html)")
            #expect(html.contains("· run run-epyc on vm2</p>"), "\(html)")
            // Each answer sits under its own run's heading.
            let xeon = try #require(html.range(of: "run run-xeon"))
            let thirty = try #require(html.range(of: "+30.0 ns"))
            let epyc = try #require(html.range(of: "run run-epyc"))
            let twelve = try #require(html.range(of: "+12.0 ns"))
            #expect(
                (xeon.lowerBound < thirty.lowerBound)
                    && (epyc.lowerBound < twelve.lowerBound)
                    && ((thirty.lowerBound < epyc.lowerBound)
                        || (twelve.lowerBound < xeon.lowerBound)),
                "\(html)")
        }
    }

    @Test("one run: no run label")
    func oneRun() throws {
        let html = HTMLReport.answers(
            try Self.file("a.csv", run: "r", host: "h", overhead: 5), scenario: nil)
        #expect(html.components(separatedBy: "<li>").count - 1 == 1)
        #expect(!html.contains("run r on"), "\(html)")
    }
}
