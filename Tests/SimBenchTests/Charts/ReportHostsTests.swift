import Testing

@testable import SimBench

/// `report` over files from several processors: a point per host under each pattern in the
/// ratio chart, a legend naming each host, and a summary with each host's ratio and the
/// range over them. Over one host, the report is the one it always was.
@Suite("report across hosts")
struct ReportHostsTests {
    /// The identity columns of an AMD EPYC Turin (family 26, model 2, stepping 1).
    static let epyc = [
        "cpu": "AMD EPYC", "cpu_vendor": "AuthenticAMD", "cpu_family": "26", "cpu_model": "2",
        "cpu_stepping": "1", "cpu_microcode": "0xb002110", "l2_cache_bytes": "1048576",
        "l3_cache_bytes": "33554432", "hypervisor": "KVM",
    ]
    /// The identity columns of a Sapphire Rapids Xeon (family 6, model 207, stepping 2).
    static let xeon = [
        "cpu": "Intel(R) Xeon(R) Processor", "cpu_vendor": "GenuineIntel", "cpu_family": "6",
        "cpu_model": "207", "cpu_stepping": "2", "cpu_microcode": "0x1",
        "l2_cache_bytes": "2097152", "hypervisor": "KVM",
    ]

    /// The chart suite of `ChartTests` run on `host`, its patterns' ratios (CPU ratios, as
    /// the summary reads them) times `scale`.
    static func run(_ run: String, on host: [String: String], scale: Double = 1)
        -> [[String: String]]
    {
        ChartTests.suite(run: run).map { row in
            var row = row.merging(host) { $1 }
            guard row["role"] == "pattern" else { return row }
            for (wall, cpu) in [
                ("ratio_to_baseline", "cpu_ratio_to_baseline"),
                ("ratio_ci_low", "cpu_ratio_ci_low"),
                ("ratio_ci_high", "cpu_ratio_ci_high"),
            ] {
                row[cpu] = row[wall].flatMap(Double.init).map { "\($0 * scale)" }
            }
            return row
        }
    }

    static func records(_ rows: [[String: String]], old: Bool = false) throws -> [ResultsRecord] {
        var fixture = ResultsFixture(rows)
        if old {
            let identity = Set(ResultColumn.hostIdentityColumns.map(\.name))
            fixture.columns = fixture.columns.filter { !identity.contains($0) }
        }
        return try fixture.file(runs: .several).records
    }

    static func ratioChart(_ records: [ResultsRecord]) throws -> SVGElements {
        SVGElements(try #require(try Charts.svg(.ratios, records: records)))
    }

    static let xeonLabel =
        "Intel(R) Xeon(R) Processor: family 6 model 207 stepping 2, L2 2 MB, KVM"
    static let epycLabel = "AMD EPYC: family 26 model 2 stepping 1, L2 1 MB, L3 32 MB, KVM"

    @Test(
        "two hosts: a point per host under each pattern, where its ratio falls; a legend naming both"
    )
    func twoHosts() throws {
        let records = try Self.records(
            Self.run("run-1", on: Self.xeon) + Self.run("run-2", on: Self.epyc, scale: 2))
        let svg = try Self.ratioChart(records)
        #expect(svg.error == nil, "\(String(describing: svg.error))")
        #expect(svg.all("g", cssClass: "legend").count == 1)
        let legend = svg.elements.filter { $0.name == "text" }.map(\.text)
        #expect(legend.contains(Self.xeonLabel), "\(legend)")
        #expect(legend.contains(Self.epycLabel), "\(legend)")
        let points = svg.elements.filter { $0.attributes["class"] == "ratio" }
        #expect(
            points.map(\.groupLabel) == [
                Self.xeonLabel, Self.epycLabel, Self.xeonLabel, Self.epycLabel,
            ], "a point per host under state-objects, then under table")
        #expect(points.map(\.name) == ["circle", "path", "circle", "path"], "a shape per host")
        let ticks = ChartTests.ticks(svg, coordinate: "x", parse: ChartTests.ratioLabel)
        let circles = svg.all("circle", cssClass: "ratio")
        for (circle, ratio) in zip(circles, [2.5, 0.8]) {
            #expect(abs(circle.number("cx") - ChartTests.logPixel(ratio, ticks)) <= 1, "\(ratio)")
        }
        let figures = svg.all("text").map(\.text)
        #expect(figures.contains("5.00× [4.60, 5.40]"), "the second host's figure: \(figures)")
        #expect(svg.all("g", cssClass: "configuration").count == 1, "the runs side by side")
    }

    @Test("the same host in two files is one host: the chart and summary of a single host")
    func sameHostTwice() throws {
        let records = try Self.records(
            Self.run("run-1", on: Self.xeon) + Self.run("run-2", on: Self.xeon, scale: 2))
        let svg = try Self.ratioChart(records)
        #expect(svg.all("g", cssClass: "host-ratio").isEmpty)
        #expect(svg.all("g", cssClass: "configuration").count == 2, "a group per run, as before")
        #expect(svg.all("circle", cssClass: "ratio").count == 4)
        let legend = svg.all("g", cssClass: "legend")
        #expect(legend.count == 1)
        #expect(!svg.all("text").map(\.text).contains(Self.xeonLabel))
        var budget = HTMLReport.Budget()
        let summary = HTMLReport.summary(records, budget: &budget)
        #expect(!summary.contains("class=\"hosts\""))
        #expect(summary.contains("<th scope=\"col\">95% CI</th>"), "\(summary)")
        #expect(summary.components(separatedBy: "<tr>").count - 1 == 1 + 4, "a row per run")
    }

    @Test("a file from before the identity was recorded is a host named 'identity unknown'")
    func oldFile() throws {
        var old = Self.xeon
        for column in ResultColumn.hostIdentityColumns { old[column.name] = nil }
        let records =
            try Self.records(Self.run("run-1", on: Self.xeon))
            + Self.records(Self.run("run-2", on: old), old: true)
        let unknown = "Intel(R) Xeon(R) Processor: identity unknown"
        let svg = try Self.ratioChart(records)
        let texts = svg.all("text").map(\.text)
        #expect(texts.contains(unknown) && texts.contains(Self.xeonLabel), "\(texts)")
        var budget = HTMLReport.Budget()
        let summary = HTMLReport.summary(records, budget: &budget)
        #expect(summary.contains("<th scope=\"col\">\(HTMLReport.escaped(unknown))</th>"))
    }

    @Test("the summary across hosts: a line per pattern, the range over hosts, a column per host")
    func summaryAcrossHosts() throws {
        let records = try Self.records(
            Self.run("run-1", on: Self.xeon) + Self.run("run-2", on: Self.epyc, scale: 2))
        let table = RunSummary.acrossHosts(RunSummary.rows(records))
        #expect(
            table.header == ["pattern", "CPU ratio over hosts", Self.xeonLabel, Self.epycLabel])
        #expect(
            table.rows == [
                [
                    "vending.state-objects", "2.50×–5.00× over 2 hosts", "2.50× [2.30, 2.70]",
                    "5.00× [4.60, 5.40]",
                ],
                [
                    "vending.table", "0.80×–1.60× over 2 hosts", "0.80× [0.78, 0.82]",
                    "1.60× [1.55, 1.65]",
                ],
            ])
        var budget = HTMLReport.Budget()
        #expect(HTMLReport.summary(records, budget: &budget).contains("class=\"hosts\""))
    }

    @Test("the range over hosts: one host, several runs of one host, none")
    func range() {
        #expect(RunSummary.range([2.5], hosts: 1) == "2.50× on 1 host")
        #expect(RunSummary.range([2.5, 2.7], hosts: 1) == "2.50×–2.70× on 1 host")
        #expect(RunSummary.range([2.5, 9.7, 5], hosts: 3) == "2.50×–9.70× over 3 hosts")
        #expect(RunSummary.range([], hosts: 0) == "—")
    }
}
