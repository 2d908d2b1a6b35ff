import Testing

@testable import SimBench

/// `report` opens with the run's summary, the table `run` ends with: one row per pattern,
/// every column, before the first scenario's section.
@Suite("report opens with the summary")
struct ReportSummaryTests {
    @Test("the summary comes first, a row per pattern (WRONG said), baselines and floors none")
    func summaryFirst() throws {
        let records = try RunSummaryTests.suite()
        let html = HTMLReport.render(records, scenarios: [], sources: ["suite.csv"])
        let summary = try #require(html.range(of: "<section id=\"summary\">"))
        let firstScenario = try #require(
            html.range(of: "<section", range: summary.upperBound..<html.endIndex))
        #expect(summary.lowerBound < firstScenario.lowerBound)
        let table = String(html[summary.upperBound..<firstScenario.lowerBound])
        for header in [
            "pattern", "CPU ratio", "95% CI", "ns added", "ns CI", "B added", "break-even",
        ] {
            #expect(table.contains("<th scope=\"col\">\(header)</th>"), "\(header)")
        }
        // The header, six measured patterns and the wrong one.
        #expect(table.components(separatedBy: "<tr>").count - 1 == 1 + 7, "\(table)")
        #expect(table.contains("<td>vending.broken</td>"), "\(table)")
        #expect(table.contains("WRONG"), "\(table)")
        #expect(table.contains("<td>fleet.actor-per-machine-batched</td>"), "\(table)")
        #expect(!table.contains("enum-switch"), "a baseline has no row")
        #expect(html.contains("<a href=\"#summary\">Summary</a>"))
    }
}
