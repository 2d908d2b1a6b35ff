import Foundation
import Testing

@testable import SimBench

/// `compare --format json`: every field the manual documents, and nothing else, with the
/// figures and verdicts the comparison holds.
@Suite("compare as JSON")
struct ComparisonJSONTests {
    /// The document's fields, as the manual's Output article lists them.
    static let documentFields: Set = [
        "schema", "title", "baseline", "current", "thresholds", "tally", "figures",
        "onlyInBaseline", "onlyInCurrent", "notes",
    ]
    static let thresholdFields: Set = [
        "metric", "time", "ratio", "allocations", "allocationSlack", "instructions", "cycles",
        "judgesAbsoluteTime",
    ]
    static let tallyFields: Set = [
        "regressions", "improvements", "layoutShifts", "withinLayoutBand", "movedWithBaseline",
        "notJudged", "unchanged",
    ]
    static let identityFields: Set = ["scenario", "params", "sweep", "variant", "benchmark"]
    static let figureFields =
        identityFields.union([
            "isBaselineVariant", "metric", "basis", "baseline", "current", "change", "changeLow",
            "changeHigh", "verdict", "reason", "visibleChange", "detectableChange", "functions",
        ])

    /// The pattern 25% slower against its baseline variant, one row only in each file.
    static func comparison() throws -> ResultsComparison {
        let before = try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ci: (99, 101), ratio: 1),
            .row("table", median: 80, ci: (79, 81), ratio: 0.8, ratioCI: (0.79, 0.81)),
            .row("gone", median: 90, ratio: 0.9),
        ]).file("a.csv")
        let after = try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ci: (99, 101), ratio: 1),
            .row("table", median: 100, ci: (99, 101), ratio: 1, ratioCI: (0.99, 1.01)),
            .row("new", median: 90, ratio: 0.9),
        ]).file("b.csv")
        return try ResultsComparison(baseline: before, current: after)
    }

    static func document(_ comparison: ResultsComparison) throws -> [String: Any] {
        let json = comparison.render(.json)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
    }

    @Test("the document has the documented fields, and each figure every documented field")
    func fields() throws {
        let document = try Self.document(Self.comparison())
        #expect(Set(document.keys) == Self.documentFields)
        #expect(document["schema"] as? String == ResultsComparison.jsonSchema)
        #expect(document["title"] as? String == "comparison")
        let thresholds = try #require(document["thresholds"] as? [String: Any])
        #expect(Set(thresholds.keys) == Self.thresholdFields)
        #expect(thresholds["metric"] as? String == "cpu")
        let tally = try #require(document["tally"] as? [String: Int])
        #expect(Set(tally.keys) == Self.tallyFields)
        for side in ["baseline", "current"] {
            let file = try #require(document[side] as? [String: String], "\(side)")
            #expect(Set(file.keys) == ["path", "summary"])
        }
        let figures = try #require(document["figures"] as? [[String: Any]])
        #expect(!figures.isEmpty)
        for figure in figures {
            #expect(Set(figure.keys) == Self.figureFields, "\(figure)")
            let verdict = try #require(figure["verdict"] as? String)
            #expect(ResultsComparison.jsonVerdicts.contains(verdict), "\(verdict)")
        }
        for side in ["onlyInBaseline", "onlyInCurrent"] {
            let rows = try #require(document[side] as? [[String: String]], "\(side)")
            #expect(rows.count == 1 && Set(rows[0].keys) == Self.identityFields, "\(rows)")
        }
    }

    @Test("the figures, their changes and verdicts are the comparison's own")
    func figures() throws {
        let comparison = try Self.comparison()
        let document = try Self.document(comparison)
        let figures = try #require(document["figures"] as? [[String: Any]])
        #expect(figures.count == comparison.comparisons.count)
        let table = try #require(
            figures.first {
                $0["variant"] as? String == "table" && $0["metric"] as? String == "time"
            })
        #expect(table["verdict"] as? String == "regression")
        #expect(table["basis"] as? String == "ratio")
        #expect(table["scenario"] as? String == "vending")
        #expect(table["params"] as? String == "products=40")
        #expect(table["sweep"] as? String == "")
        #expect(table["benchmark"] as? String == "vending.table[products=40]")
        #expect(table["isBaselineVariant"] as? Bool == false)
        #expect(table["baseline"] as? Double == 0.8 && table["current"] as? Double == 1)
        let change = try #require(table["change"] as? Double)
        #expect(abs(change - 0.25) < 1e-9)
        let low = try #require(table["changeLow"] as? Double)
        let high = try #require(table["changeHigh"] as? Double)
        #expect(low > 0 && low < change && high > change)
        #expect((table["reason"] as? String)?.contains("CI above 0") == true)
        // A figure without an interval says so with null, not by leaving the field out.
        let ruler = try #require(
            figures.first { $0["variant"] as? String == "enum-switch" })
        #expect(ruler["isBaselineVariant"] as? Bool == true)
        let tally = try #require(document["tally"] as? [String: Int])
        #expect(tally["regressions"] == comparison.regressions && comparison.regressions == 1)
        #expect(tally["unchanged"] == comparison.unchanged)
        let gone = try #require(document["onlyInBaseline"] as? [[String: String]])
        #expect(gone.first?["variant"] == "gone")
        let new = try #require(document["onlyInCurrent"] as? [[String: String]])
        #expect(new.first?["variant"] == "new")
    }

    @Test("an absent value is null, and the field is still there")
    func nulls() throws {
        let before = try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ratio: 1),
            .row("table", median: 80, ratio: 0.8),
        ]).file("a.csv")
        let after = try ResultsFixture([
            .row("enum-switch", role: "baseline", median: 100, ratio: 1),
            .row("table", median: 90, ratio: 0.9),
        ]).file("b.csv")
        let document = try Self.document(ResultsComparison(baseline: before, current: after))
        let figures = try #require(document["figures"] as? [[String: Any]])
        let table = try #require(figures.first { $0["variant"] as? String == "table" })
        #expect(table["verdict"] as? String == "not-judged")
        #expect(table["changeLow"] is NSNull && table["changeHigh"] is NSNull, "\(table)")
    }

    @Test("the manual's Output article documents every field and every verdict")
    func documented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/SimBench/SimBench.docc/Output.md"),
            encoding: .utf8)
        let start = try #require(article.range(of: "## Comparisons as JSON"))
        let section = article[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        let text = section[..<end]
        let fields =
            Self.documentFields.union(Self.thresholdFields).union(Self.tallyFields)
            .union(Self.figureFields).union(["path", "summary"])
        for field in fields.sorted() {
            #expect(text.contains("`\(field)`"), "\(field) is not in Output.md")
        }
        for verdict in ResultsComparison.jsonVerdicts {
            #expect(text.contains("`\(verdict)`"), "\(verdict) is not in Output.md")
        }
        #expect(text.contains("`\(ResultsComparison.jsonSchema)`"))
    }
}
