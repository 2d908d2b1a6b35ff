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

    @Test(
        "each variant's answer is its latest row's, a configuration of few or many variants, ASCII or not",
        arguments: [
            (0..<5).map { "variant-\($0)" },
            // Past the variants a configuration's answers are scanned among, and a variant
            // that is not ASCII: each found by its key.
            (0..<20).map { "variant-\($0)" }, ["a", "état", "b", "c"],
        ])
    func latestRowPerVariant(variants: [String]) throws {
        // Every variant in two files of one run, in the same order: the second file's row is
        // the latest.
        var records = [ResultsRecord]()
        for pass in 0..<2 {
            let rows = variants.enumerated().map { index, variant in
                let overhead = Double(100 * (pass + 1) + index)
                var row = [String: String].row(variant, median: 100 + overhead, ratio: 2)
                row["overhead_ns_per_event"] = "\(overhead)"
                return row
            }
            records += try ResultsFixture(rows).file("\(pass).csv").records
        }
        let html = HTMLReport.answers(records, scenario: nil)
        #expect(html.components(separatedBy: "<li>").count - 1 == variants.count, "\(html)")
        for (index, variant) in variants.enumerated() {
            let escaped = SVGCanvas.escaped(variant)
            #expect(html.contains("<li>\(escaped): +\(200 + index) ns "), "\(variant): \(html)")
        }
    }

    @Test("a variant written in other bytes but equal text (é composed or not) is one answer")
    func canonicallyEqualVariants() throws {
        var records = [ResultsRecord]()
        for (pass, variant) in ["\u{E9}tat", "e\u{301}tat"].enumerated() {
            var rows = [[String: String]]()
            for name in ["a", variant, "b"] {
                let overhead = Double(100 * (pass + 1) + 1)
                var row = [String: String].row(name, median: 100 + overhead, ratio: 2)
                row["overhead_ns_per_event"] = "\(overhead)"
                rows.append(row)
            }
            records += try ResultsFixture(rows).file("\(pass).csv").records
        }
        let html = HTMLReport.answers(records, scenario: nil)
        #expect(html.components(separatedBy: "<li>").count - 1 == 3, "\(html)")
        #expect(html.contains(": +201 ns "), "\(html)")
        #expect(!html.contains(": +101 ns "), "\(html)")
    }

    @Test("one run: no run label")
    func oneRun() throws {
        let html = HTMLReport.answers(
            try Self.file("a.csv", run: "r", host: "h", overhead: 5), scenario: nil)
        #expect(html.components(separatedBy: "<li>").count - 1 == 1)
        #expect(!html.contains("run r on"), "\(html)")
    }
}
