import Foundation
import Testing

@testable import SimBench

/// Which functions moved between two counted rows: the diff of their `functions` columns,
/// and where `compare` shows it.
struct FunctionDiffTests {
    typealias Function = FunctionProfile.Function

    /// Machine.step() (self, inclusive), State.next() where listed, and swift_retain.
    static func profile(step: (Double, Double), next: Double?, retain: Double) -> FunctionProfile {
        var functions = [
            Function(
                name: "Machine.step()", mechanism: .own, selfPerEvent: step.0,
                inclusivePerEvent: step.1)
        ]
        if let next {
            functions.append(
                Function(
                    name: "State.next()", mechanism: .own, selfPerEvent: next,
                    inclusivePerEvent: next))
        }
        functions.append(
            Function(
                name: "swift_retain", mechanism: .refcount, selfPerEvent: retain,
                inclusivePerEvent: retain))
        return FunctionProfile(functions)
    }

    static let base = profile(step: (20, 30), next: 10, retain: 5)

    @Test("the largest moves first, each with its share of the row's change; unmoved left out")
    func largestFirst() {
        let head = Self.profile(step: (20, 33), next: 11, retain: 7)
        let diff = FunctionDiff(baseline: Self.base, current: head, rowChange: 3)
        #expect(diff.changes.map(\.name) == ["swift_retain", "State.next()"])
        #expect(diff.changes.map(\.change) == [2, 1])
        let shares: [Double] = diff.changes.compactMap { diff.share(of: $0) }
        let expected: [Double] = [2.0 / 3, 1.0 / 3]
        #expect(shares == expected)
        #expect(
            diff.lines.first == "+2.00 instr/event (+67%) refcount swift_retain", "\(diff.lines)")
    }

    @Test("a callee inlined away: gone on one side, its caller's own and inclusive cost say where")
    func inlinedAway() {
        let head = Self.profile(step: (29, 34), next: nil, retain: 5)
        let diff = FunctionDiff(baseline: Self.base, current: head, rowChange: -1)
        #expect(diff.changes.map(\.name) == ["State.next()", "Machine.step()"])
        #expect(diff.changes[0].side == .baselineOnly && diff.changes[0].change == -10)
        #expect(diff.changes[1].side == .both && diff.changes[1].change == 9)
        #expect(diff.changes[1].inclusiveChange == 4, "self +9, inclusive +4: its callee came in")
        #expect(diff.lines[0].hasSuffix("only in the baseline: inlined into its caller, or gone"))
        #expect(diff.lines[1].hasSuffix("; inclusive +4.00"), "\(diff.lines)")
    }

    @Test("a function new in the current run is listed as such")
    func currentOnly() {
        var functions = Self.base.functions
        functions.append(Function(name: "swift_allocObject", mechanism: .alloc, selfPerEvent: 4))
        let diff = FunctionDiff(
            baseline: Self.base, current: FunctionProfile(functions), rowChange: 4)
        #expect(diff.changes.count == 1 && diff.changes[0].side == .currentOnly)
        #expect(diff.changes[0].baseline == nil && diff.changes[0].current == 4)
        #expect(diff.share(of: diff.changes[0]) == 1)
    }

    @Test("the same functions on both sides: an empty diff, no share")
    func emptyDiff() {
        let diff = FunctionDiff(baseline: Self.base, current: Self.base, rowChange: 0)
        #expect(diff.changes.isEmpty && diff.lines.isEmpty)
        let empty = FunctionDiff(
            baseline: FunctionProfile([]), current: FunctionProfile([]), rowChange: nil)
        #expect(empty.changes.isEmpty)
    }

    @Test("code without a symbol, named by an address that moved, is one entry and did not move")
    func addressesThatMoved() {
        func profile(_ address: String, _ cost: Double) -> FunctionProfile {
            FunctionProfile([
                Function(name: "Machine.step()", mechanism: .own, selfPerEvent: 20),
                Function(
                    name: address, mechanism: .own, selfPerEvent: cost, inclusivePerEvent: cost),
            ])
        }
        let moved = FunctionDiff(
            baseline: profile("0x00000000002766e0", 6.75),
            current: profile("0x0000000000276710", 6.75), rowChange: 0)
        #expect(moved.changes.isEmpty, "\(moved.changes)")
        let grew = FunctionDiff(
            baseline: profile("0x00000000002766e0", 6.75),
            current: profile("0x0000000000276710", 7.75), rowChange: 1)
        #expect(grew.changes.map(\.name) == ["code without a symbol (own)"])
        #expect(grew.changes.first?.change == 1 && grew.changes.first?.side == .both)
        #expect(!FunctionDiff.hasNoSymbol("0x") && !FunctionDiff.hasNoSymbol("0xmain"))
    }

    @Test("at most five functions are listed")
    func limit() {
        let before = FunctionProfile(
            (0..<9).map { Function(name: "f\($0)", mechanism: .own, selfPerEvent: 1) })
        let after = FunctionProfile(
            (0..<9).map { Function(name: "f\($0)", mechanism: .own, selfPerEvent: Double(2 + $0)) })
        let diff = FunctionDiff(baseline: before, current: after, rowChange: 45)
        #expect(diff.changes.map(\.name) == ["f8", "f7", "f6", "f5", "f4"])
    }

    // MARK: - In compare

    static func comparison(
        _ before: FunctionProfile?, _ after: FunctionProfile?, counts: (Double, Double),
        every: Bool = false, cell: String? = nil
    ) throws -> ResultsComparison {
        func row(_ profile: FunctionProfile?, count: Double, run: String) -> [String: String] {
            var row = [String: String].row("state-objects", median: 100, run: run)
            row["instructions_per_event"] = "\(count)"
            row["instructions_source"] = "callgrind"
            row["functions"] = profile?.cell ?? ""
            return row
        }
        var head = row(after, count: counts.1, run: "b")
        if let cell { head["functions"] = cell }
        var comparison = try ResultsComparison(
            baseline: ResultsFixture([row(before, count: counts.0, run: "a")]).file("a.csv"),
            current: ResultsFixture([head]).file("b.csv"))
        comparison.listsEveryRowsFunctions = every
        return comparison
    }

    static let retained = profile(step: (20, 30), next: 10, retain: 10)

    @Test(
        "compare lists the functions under a flagged count, in text and JSON, from the files alone")
    func inCompare() throws {
        let comparison = try Self.comparison(Self.base, Self.retained, counts: (35, 40))
        let verdict = try #require(comparison.comparisons.first { $0.metric == .instructions })
        #expect(verdict.verdict == .regression)
        #expect(verdict.functions?.changes.first?.name == "swift_retain")
        let text = comparison.render(.text, width: 140)
        #expect(text.contains("+5.00 instr/event (+100%) refcount swift_retain"), "\(text)")
        let json = comparison.render(.json)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let figures = try #require(document["figures"] as? [[String: Any]])
        let counted = try #require(figures.first { $0["metric"] as? String == "instructions" })
        let functions = try #require(counted["functions"] as? [[String: Any]])
        #expect(functions.first?["name"] as? String == "swift_retain")
        #expect(functions.first?["share"] as? Double == 1)
        #expect(functions.first?["side"] as? String == "both")
        let markdown = comparison.render(.markdown)
        #expect(markdown.contains("<details><summary>`vending.state-objects"), "\(markdown)")
        #expect(
            markdown.contains("| `swift_retain` | refcount | 5.00 | 10.0 | +5.00 | +100% |"),
            "\(markdown)")
    }

    @Test("an unchanged count lists its functions only with --functions, and an A/A none")
    func unchangedRows() throws {
        let same = try Self.comparison(Self.base, Self.base, counts: (35, 35))
        #expect(!same.render(.text, width: 140).contains("functions"))
        let every = try Self.comparison(Self.base, Self.base, counts: (35, 35), every: true)
        #expect(every.render(.text, width: 140).contains("functions: none moved"))
        let verdict = try #require(every.comparisons.first { $0.metric == .instructions })
        #expect(verdict.functions?.changes == [])
    }

    @Test("rows without the column say nothing of functions; an unreadable cell says so")
    func missingOrMalformed() throws {
        let none = try Self.comparison(nil, nil, counts: (35, 40))
        #expect(none.comparisons.allSatisfy { $0.functions == nil })
        let bad = try Self.comparison(Self.base, nil, counts: (35, 40), cell: "x y own f")
        let verdict = try #require(bad.comparisons.first { $0.metric == .instructions })
        #expect(verdict.functions == nil)
        #expect(
            verdict.note.contains("functions not compared: the current run's functions cell"),
            "\(verdict.note)")
    }
}
