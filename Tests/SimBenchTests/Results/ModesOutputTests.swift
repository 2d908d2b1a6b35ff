import Foundation
import Testing

@testable import SimBench

@Suite("results: modes across processes in the CSV, the sentence and the report")
struct ModesOutputTests {
    /// 26 processes near 5×, 4 slow ones from 7.7× to 11.5×: the measured row's shape.
    static let twoModes: [Double] = {
        let fast: [Double] = (0..<26).map { index in 4.98 + 0.01 * Double(index % 5) }
        return fast + [7.7, 8.9, 10.2, 11.5]
    }()

    @Test("the CSV's last columns: modes, the slow mode's share and median, each process")
    func csvColumns() throws {
        var row = ResultRow.sample(variant: "state-objects-alloc")
        row.processCPURatios = Self.twoModes
        row.processModes = ModeDetector.modes(of: Self.twoModes)
        let cells = Dictionary(uniqueKeysWithValues: zip(ResultRow.columns, row.cells))
        #expect(cells["modes"] == "2")
        #expect(cells["slow_mode_share"] == "\(4.0 / 30)")
        #expect(cells["slow_mode_ratio"] == "\((8.9 + 10.2) / 2)")
        #expect(cells["process_cpu_ratios"]?.split(separator: ";").count == 30)
        // Added together, in this order, after the columns before them; later ones follow.
        let first = try #require(ResultRow.columns.firstIndex(of: "modes"))
        #expect(
            Array(ResultRow.columns[first..<first + 4]) == [
                "modes", "slow_mode_share", "slow_mode_ratio", "process_cpu_ratios",
            ])
        #expect(ResultRow.columns[first - 1] == "entity_unit")
    }

    @Test("one mode is 1 with no slow mode; too few processes are not judged: empty, never 1")
    func oneModeAndNotJudged() {
        var one = ResultRow.sample(variant: "plain")
        one.processCPURatios = [1, 1.01, 0.99, 1.02, 1, 1.01, 0.99, 1, 1.02, 1]
        one.processModes = ModeDetector.modes(of: one.processCPURatios)
        #expect(ResultColumn.modes.cell(of: one) == "1")
        #expect(ResultColumn.slowModeShare.cell(of: one) == "")
        #expect(ResultColumn.slowModeRatio.cell(of: one) == "")
        var single = ResultRow.sample(variant: "plain")
        single.processCPURatios = [1.3]
        single.processModes = ModeDetector.modes(of: single.processCPURatios)
        #expect(ResultColumn.modes.cell(of: single) == "")
    }

    @Test("the sentence gives the split and which figure the row's numbers are")
    func sentence() throws {
        let modes = try #require(ModeDetector.modes(of: Self.twoModes))
        #expect(
            PatternAnswer.split(modes)
                == "Its processes run in 2 modes (CPU ratio to the baseline): 5.00× in 87% of processes, 7.70–11.50× in 13%; the figures above are the median process's, in the 87%."
        )
        let answer = PatternAnswer(
            variant: "state-objects-alloc", event: "hour tick", entity: "worker", overhead: 50,
            overheadLow: 49, overheadHigh: 51, bytesOverBaseline: nil, breakeven: 1000,
            breakevenNote: "", negligible: 0.05, modes: modes)
        #expect(answer.sentence.hasPrefix(answer.costSentence + " Its processes run in 2 modes"))
        let oneMode = try #require(
            ModeDetector.modes(of: [5, 5.1, 4.9, 5, 5.05, 5, 5.1, 4.9, 5, 5.05]))
        #expect(PatternAnswer.split(oneMode) == nil)
    }

    @Test("the report draws one dot per process, the slow mode hollow, the row marked")
    func processChart() throws {
        var pattern: [String: String] = .row(
            "state-objects-alloc", median: 250, ratio: 5, ratioCI: (4.9, 5.2))
        pattern["process_cpu_ratios"] = Self.twoModes.map { "\($0)" }.joined(separator: ";")
        pattern["modes"] = "2"
        var baseline: [String: String] = .row("enum-switch", role: "baseline", median: 50, ratio: 1)
        baseline["process_cpu_ratios"] = "1;1;1;1;1"
        var single: [String: String] = .row("visitor", median: 60, ratio: 1.2)
        single["process_cpu_ratios"] = "1.2"
        let records = try ChartTests.records([baseline, pattern, single])
        let svg = try #require(try Charts.svg(.processes, records: records))
        let elements = SVGElements(svg)
        #expect(elements.all("circle").count == 35, "30 processes and 5 of the baseline")
        #expect(elements.all("circle", cssClass: "process slow").count == 4)
        #expect(elements.all("text").contains { $0.text == "state-objects-alloc — 2 modes" })
        #expect(elements.all("text").contains { $0.text == "enum-switch" })
        #expect(!elements.all("text").contains { $0.text.hasPrefix("visitor") }, "one process")
    }
}
