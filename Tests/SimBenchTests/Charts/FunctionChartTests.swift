import Testing

@testable import SimBench

/// The diverging bar chart of the functions that moved, and the HTML comparison that holds it.
struct FunctionChartTests {
    typealias Function = FunctionProfile.Function

    static let base = FunctionProfile([
        Function(name: "Machine.step()", mechanism: .own, selfPerEvent: 20, inclusivePerEvent: 30),
        Function(name: "State.next()", mechanism: .own, selfPerEvent: 10, inclusivePerEvent: 10),
        Function(name: "swift_retain", mechanism: .refcount, selfPerEvent: 5),
    ])
    /// step() fewer by 4, retain more by 6, next() gone, swift_allocObject new (+2).
    static let head = FunctionProfile([
        Function(name: "Machine.step()", mechanism: .own, selfPerEvent: 16, inclusivePerEvent: 30),
        Function(name: "swift_retain", mechanism: .refcount, selfPerEvent: 11),
        Function(name: "swift_allocObject", mechanism: .alloc, selfPerEvent: 2),
    ])

    /// The `<g class="function">` groups of `svg`, each with its bar's class and its
    /// figures' text.
    static func bars(_ svg: String) -> [(name: String, bar: String, value: String)] {
        svg.components(separatedBy: "<g class=\"function\" data-label=\"").dropFirst().map {
            group in
            let name = String(group.prefix { $0 != "\"" })
            let bar =
                group.components(separatedBy: "class=\"bar ").dropFirst().first.map {
                    String($0.prefix { $0 != "\"" })
                } ?? ""
            let value =
                group.components(separatedBy: "class=\"value\">").dropFirst().first.map {
                    String($0.prefix { $0 != "<" })
                } ?? ""
            return (name, bar, value)
        }
    }

    @Test("a bar a function, right of zero for more and left for fewer, with both sides' figures")
    func barsAndSigns() throws {
        let diff = FunctionDiff(baseline: Self.base, current: Self.head, rowChange: -6)
        let svg = try #require(try FunctionChart.svg(diff, row: "vending.table")?.text)
        let bars = Self.bars(svg)
        #expect(
            bars.map(\.name) == [
                "State.next()", "swift_retain", "Machine.step()", "swift_allocObject",
            ])
        #expect(bars.map(\.bar) == ["fewer", "more", "fewer", "more"], "\(bars)")
        #expect(bars[0].value == "−10.0: 10.0 → — (one side only)", "\(bars[0])")
        #expect(bars[1].value == "+6.00: 5.00 → 11.0", "\(bars[1])")
        #expect(bars[3].value == "+2.00: — → 2.00 (one side only)", "\(bars[3])")
        #expect(svg.hasPrefix("<svg") && svg.contains("data-chart=\"functions\""))
        // The largest move spans half the bars' width, from zero at its centre.
        let zero = FunctionChart.labelWidth + FunctionChart.barWidth / 2
        #expect(svg.contains("<rect x=\"\(SVGCanvas.number(zero - 150))\""), "\(svg)")
        #expect(svg.contains("width=\"150\""), "the largest bar, 10 instructions: \(svg)")
    }

    @Test("no function moved: no chart")
    func emptyDiff() throws {
        let diff = FunctionDiff(baseline: Self.base, current: Self.base, rowChange: 0)
        #expect(try FunctionChart.svg(diff, row: "vending.table")?.text == nil)
    }

    @Test(
        "compare --format html: a chart under the flagged row; a row with none that moved says so")
    func inTheHTMLComparison() throws {
        let flagged = try FunctionDiffTests.comparison(Self.base, Self.head, counts: (35, 29))
        let page = flagged.render(.html)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        #expect(page.contains("<pre class=\"report\">"))
        #expect(
            page.contains("<section class=\"functions\" data-row=\"vending.state-objects"),
            "\(page)")
        #expect(Self.bars(page).count == 4, "\(page)")
        let unchanged = try FunctionDiffTests.comparison(
            Self.base, Self.base, counts: (35, 35), every: true)
        let quiet = unchanged.render(.html)
        #expect(quiet.contains("<p class=\"none\">No function moved.</p>"), "\(quiet)")
        #expect(Self.bars(quiet).isEmpty)
        let none = try FunctionDiffTests.comparison(Self.base, Self.base, counts: (35, 35))
        #expect(
            !none.render(.html).contains("class=\"functions\""), "unflagged, without --functions")
    }
}
