import Testing

@testable import SimBench

/// compare's verdicts on counts when the simulated caches differ: estimated cycles come from
/// Callgrind's simulation of a geometry (`cache_geometry`), so they are judged only between
/// rows of one geometry; instructions do not depend on it.
@Suite("compare's counts and cache geometries")
struct CountsComparisonTests {
    /// An AMD host's caches and a host's with a 48 KiB L1d, as the column holds them.
    static let amd = "L1d 32768 B 8-way, LL 33554432 B 16-way"
    static let wider = "L1d 49152 B 12-way, LL 33554432 B 16-way"

    /// The instructions and cycles verdicts between a counted row of `state-objects` in one
    /// file and in another, each with its figures and geometry cell.
    static func verdicts(
        _ before: (instructions: Double, cycles: Double, geometry: String),
        _ after: (instructions: Double, cycles: Double, geometry: String)
    ) throws -> (instructions: MetricComparison, cycles: MetricComparison) {
        func row(_ figures: (Double, Double, String), run: String) -> [String: String] {
            var row = [String: String].row("state-objects", median: 100, run: run)
            row["instructions_per_event"] = "\(figures.0)"
            row["estimated_cycles_per_event"] = "\(figures.1)"
            row["instructions_source"] = "callgrind"
            row["cache_geometry"] = figures.2
            return row
        }
        let comparison = try ResultsComparison(
            baseline: ResultsFixture([row(before, run: "a")]).file("a.csv"),
            current: ResultsFixture([row(after, run: "b")]).file("b.csv"),
            thresholds: RegressionThresholds())
        let instructions = try #require(
            comparison.comparisons.first { $0.metric == .instructions })
        let cycles = try #require(comparison.comparisons.first { $0.metric == .cycles })
        return (instructions, cycles)
    }

    @Test("equal cycles in other geometries: not comparable, while instructions are judged")
    func otherGeometry() throws {
        let verdicts = try Self.verdicts((1000, 2000, Self.amd), (1100, 2000, Self.wider))
        #expect(verdicts.cycles.verdict == .notJudged, "\(verdicts.cycles)")
        #expect(verdicts.cycles.change == nil, "\(verdicts.cycles)")
        #expect(
            verdicts.cycles.note
                == "simulated with other caches (\(Self.amd), then \(Self.wider)): not comparable")
        #expect(verdicts.instructions.verdict == .regression, "\(verdicts.instructions)")
        #expect(verdicts.instructions.changeText == "+10.00%")
    }

    @Test("cycles far apart in other geometries are not judged either")
    func otherGeometryMoved() throws {
        let verdicts = try Self.verdicts((1000, 2000, Self.amd), (1000, 3000, Self.wider))
        #expect(verdicts.cycles.verdict == .notJudged, "\(verdicts.cycles)")
        #expect(verdicts.instructions.verdict == .unchanged, "\(verdicts.instructions)")
    }

    @Test("one geometry on both sides: cycles judged")
    func sameGeometry() throws {
        let verdicts = try Self.verdicts((1000, 2000, Self.amd), (1000, 2100, Self.amd))
        #expect(verdicts.cycles.verdict == .regression, "\(verdicts.cycles)")
        #expect(verdicts.cycles.changeText == "+5.00%")
    }

    @Test("an empty cell is the fixed geometry every count had before the column")
    func emptyIsFixed() throws {
        let fixed = CacheGeometry.fixed.description
        #expect(fixed == "L1d 32768 B 8-way, LL 8388608 B 16-way")
        for (before, after) in [("", fixed), (fixed, ""), ("", "")] {
            let verdicts = try Self.verdicts((1000, 2000, before), (1000, 1900, after))
            #expect(
                verdicts.cycles.verdict == .improvement, "'\(before)' then '\(after)': \(verdicts)"
            )
        }
        let moved = try Self.verdicts((1000, 2000, ""), (1000, 2000, Self.amd))
        #expect(moved.cycles.verdict == .notJudged, "\(moved.cycles)")
        #expect(moved.cycles.note.contains("(\(fixed), then \(Self.amd))"), "\(moved.cycles)")
    }
}
