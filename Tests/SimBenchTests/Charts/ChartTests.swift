import Foundation
import Testing

@testable import SimBench

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The elements of an SVG document as a parser sees them: the proof that it is XML, and
/// the means to check where things are drawn.
final class SVGElements: NSObject, XMLParserDelegate {
    struct Element {
        let name: String
        let attributes: [String: String]
        var text = ""
        /// The text of its `<title>` child: what a browser shows on hover.
        var tooltip = ""
        /// The `class` of the nearest enclosing group with a `data-label`, if any.
        var groupLabel: String?
    }

    private(set) var elements = [Element]()
    private var open = [Int]()
    private var labels = [String?]()
    private(set) var error: Error?

    /// Parses `svg`; records the parser's error, if any.
    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        let label = attributes["data-label"] ?? labels.last ?? nil
        labels.append(label)
        elements.append(Element(name: name, attributes: attributes, groupLabel: label))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        let index = open.removeLast()
        labels.removeLast()
        if name == "title", let parent = open.last {
            elements[parent].tooltip = elements[index].text
        }
    }

    func all(_ name: String, cssClass: String? = nil) -> [Element] {
        elements.filter {
            $0.name == name && (cssClass == nil || $0.attributes["class"] == cssClass)
        }
    }
}

extension SVGElements.Element {
    func number(_ attribute: String) -> Double { Double(attributes[attribute] ?? "") ?? .nan }
}

@Suite("charts")
struct ChartTests {
    // MARK: - Scales

    @Test("a linear scale puts a value at its pixel, within one pixel, either way round")
    func linearPixels() {
        let x = ChartScale(.linear, domain: 0...100, pixels: (50, 550))
        #expect(abs(x.pixel(25) - 175) < 1)
        #expect(abs(x.pixel(0) - 50) < 1 && abs(x.pixel(100) - 550) < 1)
        let y = ChartScale(.linear, domain: 10...20, pixels: (400, 100))
        #expect(abs(y.pixel(15) - 250) < 1)
        #expect(abs(y.pixel(12) - 340) < 1)
    }

    @Test("a logarithmic scale gives equal ratios equal distances, within one pixel")
    func logarithmicPixels() {
        let x = ChartScale(.logarithmic, domain: 1...1000, pixels: (0, 300))
        #expect(abs(x.pixel(10) - 100) < 1)
        #expect(abs(x.pixel(100) - 200) < 1)
        #expect(abs(x.pixel(1000.0.squareRoot()) - 150) < 1)
        let ratio = ChartScale(.logarithmic, domain: 0.5...2, pixels: (600, 200))
        #expect(abs(ratio.pixel(1) - 400) < 1)
        #expect(abs((ratio.pixel(0.5) - ratio.pixel(1)) - (ratio.pixel(1) - ratio.pixel(2))) < 1)
        #expect(
            ratio.pixelIfShown(0) == nil && ratio.pixelIfShown(-1) == nil
                && ratio.pixelIfShown(4) == nil)
    }

    @Test("ticks are round numbers inside the domain: 1-2-5 steps, powers of ten, at least three")
    func ticks() {
        #expect(
            ChartScale(.linear, domain: 0...10, pixels: (0, 100)).ticks() == [0, 2, 4, 6, 8, 10])
        #expect(
            ChartScale(.linear, domain: 0...0.35, pixels: (0, 100)).ticks() == [0, 0.1, 0.2, 0.3])
        #expect(
            ChartScale(.logarithmic, domain: 0.5...2_000_000, pixels: (0, 100)).ticks() == [
                1, 10, 100, 1000, 10_000, 100_000, 1_000_000,
            ])
        #expect(ChartScale(.logarithmic, domain: 0.4...3, pixels: (0, 100)).ticks() == [0.5, 1, 2])
        let narrow = ChartScale(.logarithmic, domain: 0.8...1.6, pixels: (0, 100)).ticks()
        #expect(
            narrow.count >= 3 && narrow.contains(1)
                && narrow.allSatisfy { (0.8...1.6).contains($0) }, "\(narrow)")
        var counts = ChartScale(.linear, domain: 0.7...4.3, pixels: (0, 100))
        counts.minimumTickStep = 1
        #expect(counts.ticks() == [1, 2, 3, 4])
    }

    @Test("a fitted logarithmic scale holds every positive value and leaves out the rest")
    func fitted() {
        let scale = ChartScale.fitted(
            .logarithmic, to: [0.9, 1.3, -2, 0, .nan], pixels: (0, 100), including: [1])
        #expect(scale.domain.lowerBound < 0.9 && scale.domain.upperBound > 1.3)
        #expect(scale.domain.upperBound / scale.domain.lowerBound >= 4 * 0.999)
    }

    // MARK: - Fixtures

    static func suite(run: String = "run-1", tableMedian: Double = 80, spread: Double = 0.02)
        -> [[String: String]]
    {
        var floor = [String: String].row(
            "floor", role: "floor", median: 30, ci: (29, 31), ratio: 0.3, allocations: 0, run: run)
        floor["ratio_to_baseline"] = ""
        var table = [String: String].row(
            "table", median: tableMedian,
            ci: (tableMedian * (1 - spread), tableMedian * (1 + spread)), ratio: tableMedian / 100,
            ratioCI: (tableMedian / 100 * 0.97, tableMedian / 100 * 1.03), allocations: 0.5,
            run: run)
        table["ratio_net_of_floor"] = "\((tableMedian - 30) / 70)"
        table["ratio_net_ci_low"] = "\((tableMedian - 30) / 70 * 0.95)"
        table["ratio_net_ci_high"] = "\((tableMedian - 30) / 70 * 1.05)"
        return [
            .row(
                "enum-switch", role: "baseline", median: 100,
                ci: (100 * (1 - spread), 100 * (1 + spread)), ratio: 1, allocations: 0, run: run),
            .row(
                "state-objects", median: 250, ci: (240, 260), ratio: 2.5, ratioCI: (2.3, 2.7),
                allocations: 2, run: run),
            table, floor,
        ]
    }

    static func records(_ rows: [[String: String]], runs: ResultsFile.Runs = .one) throws
        -> [ResultsRecord]
    {
        try ResultsFixture(rows).file(runs: runs).records
    }

    /// A sweep over machines: the baseline's time grows with the fleet, the pattern's twice
    /// as fast.
    static func sweep() throws -> [ResultsRecord] {
        var records = [ResultsRecord]()
        for (index, machines) in [1000, 10_000, 100_000].enumerated() {
            let base = 100 * pow(1.5, Double(index))
            let pattern = 2 * base * pow(1.2, Double(index))
            var rows: [[String: String]] = [
                .row(
                    "enum-switch", role: "baseline", median: base, ci: (base * 0.98, base * 1.02),
                    ratio: 1, run: "run-\(index)"),
                .row(
                    "state-objects", median: pattern, ci: (pattern * 0.97, pattern * 1.03),
                    ratio: pattern / base,
                    ratioCI: (pattern / base * 0.95, pattern / base * 1.05), run: "run-\(index)"),
            ]
            for row in rows.indices { rows[row]["machines"] = "\(machines)" }
            records += try Self.records(rows)
        }
        return records
    }

    /// The tick labels of an axis and their positions: (value, pixel) for each `text` whose
    /// label `parse` reads, at the attribute `coordinate`.
    static func ticks(
        _ svg: SVGElements, in group: String? = nil, coordinate: String, parse: (String) -> Double?
    ) -> [(value: Double, pixel: Double)] {
        svg.all("text").filter { group == nil || $0.groupLabel == group }
            .compactMap { text in parse(text.text).map { ($0, text.number(coordinate)) } }
    }

    static func ratioLabel(_ text: String) -> Double? {
        guard text.hasSuffix("×") else { return nil }
        return Double(text.dropLast())
    }

    /// Where `value` falls on a logarithmic axis whose ticks are `ticks`.
    static func logPixel(_ value: Double, _ ticks: [(value: Double, pixel: Double)]) -> Double {
        let a = ticks.first!
        let b = ticks.last!
        return a.pixel + (log10(value) - log10(a.value)) / (log10(b.value) - log10(a.value))
            * (b.pixel - a.pixel)
    }

    // MARK: - Charts

    @Test("every kind of chart is XML that parses, with a title and its kind on the root")
    func parsesAsXML() throws {
        var history = try Self.records(
            Self.suite(run: "run-1") + Self.suite(run: "run-2", tableMedian: 120), runs: .several)
        history += []
        var actors = [ResultsRecord]()
        for count in [1, 2, 4] {
            var rows = Self.suite(run: "a\(count)")
            for row in rows.indices { rows[row]["actors"] = "\(count)" }
            actors += try Self.records(rows)
        }
        let inputs: [(ChartKind, [ResultsRecord])] = [
            (.ratios, try Self.records(Self.suite())), (.allocs, try Self.records(Self.suite())),
            (.sweep, try Self.sweep()),
            (.scaling, actors), (.history, history),
        ]
        for (kind, records) in inputs {
            let svg = try #require(try Charts.svg(kind, records: records), "\(kind)")
            let parsed = SVGElements(svg)
            #expect(parsed.error == nil, "\(kind): \(String(describing: parsed.error))")
            let root = try #require(parsed.elements.first)
            #expect(root.name == "svg" && root.attributes["data-chart"] == kind.rawValue)
            #expect(parsed.all("title").count >= 1)
            #expect(parsed.all("g", cssClass: "legend").count >= 1, "\(kind) has a legend")
        }
    }

    @Test("the same rows give the same SVG, byte for byte")
    func deterministic() throws {
        for kind in [ChartKind.ratios, .allocs] {
            let first = try Charts.svg(kind, records: try Self.records(Self.suite()))
            let second = try Charts.svg(kind, records: try Self.records(Self.suite()))
            #expect(first != nil && first == second)
        }
        #expect(
            try Charts.svg(.sweep, records: try Self.sweep())
                == Charts.svg(.sweep, records: try Self.sweep()))
    }

    @Test(
        "forest plot: each ratio sits where the log axis's ticks say, within one pixel; 1× line; net ratio drawn"
    )
    func ratioGeometry() throws {
        let svg = SVGElements(
            try #require(try Charts.svg(.ratios, records: try Self.records(Self.suite()))))
        let ticks = Self.ticks(svg, coordinate: "x", parse: Self.ratioLabel)
        #expect(ticks.count >= 3, "x ticks: \(ticks)")
        let points = svg.all("circle", cssClass: "ratio")
        #expect(
            points.map(\.groupLabel) == ["state-objects", "table"],
            "patterns only: no baseline, no floor")
        for (point, ratio) in zip(points, [2.5, 0.8]) {
            #expect(
                abs(point.number("cx") - Self.logPixel(ratio, ticks)) <= 1,
                "\(ratio): \(point.number("cx"))")
        }
        let unity = try #require(svg.all("line", cssClass: "unity").first)
        #expect(abs(unity.number("x1") - Self.logPixel(1, ticks)) <= 1)
        let net = svg.all("path", cssClass: "net-ratio")
        #expect(net.count == 1 && net[0].groupLabel == "table")
    }

    @Test("sweep: ns/event and ratio panels on log-log axes; a point sits where the ticks say")
    func sweepGeometry() throws {
        let svg = SVGElements(try #require(try Charts.svg(.sweep, records: try Self.sweep())))
        let series = svg.all("g", cssClass: "series")
        #expect(
            series.map { $0.attributes["data-label"] } == [
                "enum-switch", "state-objects", "state-objects",
            ], "ns panel: both; ratio panel: the pattern")
        #expect(svg.all("path", cssClass: "band").count == 3, "a 95% band per line")
        // The left panel's y axis: labels at x = 64 (the frame's left − 6), ns values.
        let yTicks = svg.all("text").filter { $0.number("x") == 64 }.compactMap { text in
            Double(text.text).map { ($0, text.number("y") - 4) }
        }
        #expect(yTicks.count >= 2, "\(yTicks)")
        let baseline = svg.all("circle", cssClass: "point").filter {
            $0.groupLabel == "enum-switch"
        }
        #expect(baseline.count == 3)
        for (point, index) in zip(baseline, 0...) {
            let expected = Self.logPixel(
                100 * pow(1.5, Double(index)), yTicks.map { (value: $0.0, pixel: $0.1) })
            #expect(
                abs(point.number("cy") - expected) <= 1,
                "\(index): \(point.number("cy")) vs \(expected)")
        }
        let xs = baseline.map { $0.number("cx") }
        #expect(
            abs((xs[1] - xs[0]) - (xs[2] - xs[1])) <= 1,
            "10× apart is the same distance on a log axis")
    }

    @Test(
        "nothing to draw: one size is no sweep, one run is no history, no actors sweep is no scaling"
    )
    func nothingToDraw() throws {
        let one = try Self.records(Self.suite())
        #expect(try Charts.svg(.sweep, records: one) == nil)
        #expect(try Charts.svg(.history, records: one) == nil)
        #expect(try Charts.svg(.scaling, records: one) == nil)
        #expect(
            try Charts.svg(
                .ratios,
                records: try Self.records([
                    .row("enum-switch", role: "baseline", median: 1, ratio: 1)
                ])) == nil)
        for kind in ChartKind.allCases { #expect(!Charts.nothingToDraw(kind).description.isEmpty) }
    }

    @Test("history: a run that compare flags is ringed; a steady history has no ring")
    func historyFlags() throws {
        let steady = try Self.records(
            Self.suite(run: "r1") + Self.suite(run: "r2") + Self.suite(run: "r3"), runs: .several)
        let steadySVG = SVGElements(try #require(try Charts.svg(.history, records: steady)))
        #expect(steadySVG.all("circle", cssClass: "flagged").isEmpty)
        let jump = try Self.records(
            Self.suite(run: "r1") + Self.suite(run: "r2")
                + Self.suite(run: "r3", tableMedian: 160, spread: 0.01), runs: .several)
        let jumpSVG = SVGElements(try #require(try Charts.svg(.history, records: jump)))
        let flagged = jumpSVG.all("circle", cssClass: "flagged")
        #expect(
            !flagged.isEmpty && flagged.allSatisfy { $0.tooltip.hasPrefix("table: regression") },
            "\(flagged.map(\.tooltip))")
        let runLabels = jumpSVG.all("text").map(\.text).filter { $0.hasPrefix("#") }
        #expect(Set(runLabels) == ["#1", "#2", "#3"])
    }

    @Test("scaling: events/s per actor count and a dashed ideal line per variant")
    func scaling() throws {
        var records = [ResultsRecord]()
        for count in [1, 2, 4] {
            var rows = Self.suite(run: "a\(count)")
            for row in rows.indices { rows[row]["actors"] = "\(count)" }
            records += try Self.records(rows)
        }
        let svg = SVGElements(try #require(try Charts.svg(.scaling, records: records)))
        #expect(svg.all("path", cssClass: "ideal").count == 4)
        #expect(svg.all("circle", cssClass: "point").count == 12)
    }

    @Test("names are escaped: a variant called <a&b\"> still gives XML")
    func escaping() throws {
        var rows = Self.suite()
        rows[1]["variant"] = "<a&b\">"
        let svg = try #require(try Charts.svg(.ratios, records: try Self.records(rows)))
        let parsed = SVGElements(svg)
        #expect(parsed.error == nil)
        #expect(parsed.all("text").contains { $0.text == "<a&b\">" })
    }

    @Test("a ratio net of the floor: its diamond's tooltip and the row's annotation say it")
    func netOfFloorTexts() throws {
        var rows = Self.suite()
        rows[1]["ratio_net_of_floor"] = "1.5"
        rows[1]["ratio_net_ci_low"] = "1.25"
        rows[1]["ratio_net_ci_high"] = "1.75"
        let svg = SVGElements(
            try #require(try Charts.svg(.ratios, records: try Self.records(rows))))
        #expect(svg.error == nil)
        let variant = rows[1]["variant"]!
        let diamonds = svg.all("path", cssClass: "net-ratio")
        #expect(
            diamonds.map(\.tooltip).contains("\(variant) net of floor: 1.50×, 95% CI [1.25, 1.75]"),
            "\(diamonds.map(\.tooltip))")
        #expect(svg.all("text").contains { $0.text.hasSuffix(" · net 1.50×") })
    }

    // MARK: - Report

    @Test(
        "report: a section per scenario with title, event, ratio chart, table and environment; nothing fetched"
    )
    func report() throws {
        var rows = Self.suite()
        var other = [String: String].row(
            "plain", scenario: "workday", role: "baseline", params: "", median: 10, ratio: 1)
        other["event_unit"] = "hour tick"
        rows.append(other)
        rows.append(
            .row(
                "objects", scenario: "workday", params: "", median: 20, ratio: 2,
                ratioCI: (1.9, 2.1)))
        let html = HTMLReport.render(
            try Self.records(rows),
            scenarios: [
                .init(
                    name: "vending", title: "State objects vs enum", event: "customer action",
                    entity: "vending machine")
            ],
            sources: ["a.csv"])
        #expect(html.components(separatedBy: "<section class=\"scenario\"").count == 3)
        #expect(html.contains("vending — State objects vs enum"))
        #expect(html.contains("One event: customer action"))
        #expect(
            html.contains("One event: hour tick"),
            "the CSV's event_unit when the catalog does not know the scenario")
        #expect(
            html.components(separatedBy: "data-chart=\"ratios\"").count - 1 == 4,
            "figure and svg, per scenario")
        #expect(
            html.contains("<table class=\"results\">")
                && html.contains("<dt>host</dt><dd>ci-host</dd>"))
        #expect(html.contains("break-before:page"))
        for fetch in ["src=", "href=\"http", "@import", "url("] {
            #expect(!html.contains(fetch), "\(fetch)")
        }
        #expect(
            html
                == HTMLReport.render(
                    try Self.records(rows),
                    scenarios: [
                        .init(
                            name: "vending", title: "State objects vs enum",
                            event: "customer action", entity: "vending machine")
                    ], sources: ["a.csv"]))
    }
}

extension ChartTests {
    @Test(
        "report: each scenario opens with its one-line answers before its first chart; the environment once"
    )
    func reportAnswers() throws {
        func pattern(
            _ variant: String, scenario: String, overhead: Double, bytes: Double, breakeven: Double
        ) -> [String: String] {
            var row = [String: String].row(
                variant, scenario: scenario, params: "", median: 100 + overhead,
                ratio: 1 + overhead / 100)
            row["overhead_ns_per_event"] = "\(overhead)"
            row["overhead_ci_low"] = "\(overhead - 1)"
            row["overhead_ci_high"] = "\(overhead + 1)"
            row["bytes_per_entity_over_baseline"] = "\(bytes)"
            row["breakeven_ns_per_event"] = "\(breakeven)"
            row["negligible"] = "0.05"
            return row
        }
        var rows: [[String: String]] = [
            .row("enum-switch", role: "baseline", params: "", median: 100, ratio: 1),
            pattern(
                "state-objects", scenario: "vending", overhead: 30.2, bytes: 212, breakeven: 600),
            .row("plain", scenario: "workday", role: "baseline", params: "", median: 100, ratio: 1),
            pattern("objects", scenario: "workday", overhead: 20, bytes: 64, breakeven: 400),
        ]
        rows[2]["event_unit"] = "hour tick"
        rows[3]["event_unit"] = "hour tick"
        let html = HTMLReport.render(
            try Self.records(rows),
            scenarios: [
                .init(
                    name: "vending", title: "State objects vs enum", event: "customer action",
                    entity: "vending machine")
            ],
            sources: ["two.csv"])
        let main = try #require(html.components(separatedBy: "</main>").first)
        let sections = main.components(separatedBy: "<section class=\"scenario\"").dropFirst()
        #expect(sections.count == 2)
        let expected = [
            "state-objects: +30.2 ns per customer action [29.2, 31.2] (CPU) and +212 B per vending machine; "
                + "negligible (&lt; 5%) once a customer action does ≥ 600 ns of real work.",
            "objects: +20.0 ns per hour tick [19.0, 21.0] (CPU) and +64.0 B per entity; "
                + "negligible (&lt; 5%) once an hour tick does ≥ 400 ns of real work.",
        ]
        for (section, sentence) in zip(sections, expected) {
            let answer = try #require(
                section.range(of: "<li>\(sentence)</li>"), "\(sentence) in \(section.prefix(600))")
            let chart = try #require(
                section.range(of: "<figure class=\"chart\""), "a chart in \(section.prefix(300))")
            #expect(
                answer.upperBound <= chart.lowerBound,
                "the answer before the first chart: \(sentence)")
            #expect(
                !section.contains("class=\"environment\""),
                "no environment inside a scenario's section")
        }
        #expect(html.components(separatedBy: "<section class=\"environment\"").count - 1 == 1)
        #expect(html.components(separatedBy: "<dt>host</dt>").count - 1 == 1)
        let environment = try #require(html.range(of: "<section class=\"environment\""))
        let lastSection = try #require(
            html.range(of: "<section class=\"scenario\"", options: .backwards))
        #expect(
            lastSection.upperBound < environment.lowerBound, "the environment after the scenarios")
    }

    @Test(
        "report: answers of several configurations and runs, each under its title and run")
    func reportAnswersPerConfiguration() throws {
        var rows = [[String: String]]()
        for (machines, overhead, run) in [
            (1000, 10.0, "r1"), (2000, 12.0, "r2"), (1000, 11.0, "r3"),
        ] {
            var row = [String: String].row(
                "state-objects", params: "", median: 100 + overhead, ratio: 1.1, run: run)
            row["machines"] = "\(machines)"
            row["overhead_ns_per_event"] = "\(overhead)"
            rows.append(row)
        }
        let html = HTMLReport.answers(try Self.records(rows, runs: .several), scenario: nil)
        #expect(
            html.components(separatedBy: "<li>").count - 1 == 3,
            "one answer per configuration and run: \(html)")
        for (machines, run) in [("1,000", "r1"), ("2,000", "r2"), ("1,000", "r3")] {
            #expect(
                html.contains(
                    "<p class=\"configuration\">vending · \(machines) machines × 200 events each · run \(run) on ci-host</p>"
                ),
                "\(html)")
        }
        #expect(
            html.contains("state-objects: +11.0 ns per customer action")
                && html.contains("state-objects: +10.0 ns per customer action"),
            "every run answers: \(html)")
        #expect(
            HTMLReport.answers(try Self.records(Self.suite()), scenario: nil).isEmpty,
            "no overhead columns, no answers")
    }

    @Test("sweep: a size measured by several runs is drawn once per variant, from the last row")
    func sweepRepeatedSize() throws {
        var records = try Self.sweep()
        var again: [[String: String]] = [
            .row(
                "enum-switch", role: "baseline", median: 999, ci: (990, 1010), ratio: 1,
                run: "later"),
            .row(
                "state-objects", median: 1998, ci: (1990, 2010), ratio: 2, ratioCI: (1.9, 2.1),
                run: "later"),
        ]
        for row in again.indices { again[row]["machines"] = "1000" }
        records += try Self.records(again)
        let svg = SVGElements(try #require(try Charts.svg(.sweep, records: records)))
        let baseline = svg.all("circle", cssClass: "point").filter {
            $0.groupLabel == "enum-switch"
        }
        #expect(baseline.count == 3)
        #expect(
            baseline.contains { $0.tooltip.contains("999 wall ns/event") },
            "\(baseline.map(\.tooltip))")
    }
}
