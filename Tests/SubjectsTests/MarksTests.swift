import Foundation
import SimBenchCore
import Testing

@testable import Subjects

/// Runs every variant of `marks` over hand-made pages and checks that they agree.
///
/// - Returns: the baseline's outcome.
@discardableResult
private func expectMarksVariantsAgree(
    _ doodles: [Doodle], operations: [MarksOperation] = MarksOperation.allCases,
    _ label: String, sourceLocation: SourceLocation = #_sourceLocation
) -> MarksOutcome {
    let shard = MarksShard(firstPage: 0, doodles: doodles, operations: operations)
    let outcomes = MarksScenario.checkedVariants.map { ($0.name, $0.prepare(shard)()) }
    let baseline = outcomes.first { $0.0 == MarksScenario.baselineName }!.1
    for (name, outcome) in outcomes {
        #expect(
            outcome == baseline, "marks.\(name) differs from type-cast on \(label)",
            sourceLocation: sourceLocation)
    }
    return baseline
}

/// Builds a doodle with `build`, in the article's visiting order.
private func doodle(_ build: (inout Doodle) -> Void) -> Doodle {
    var doodle = Doodle()
    build(&doodle)
    return doodle
}

/// Runs `body` on a thread with a 512 KB stack, the size of a concurrency-pool thread's,
/// so that any recursion over a deep doodle crashes the test.
func onSmallStack(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            body()
            done.resume()
        }
        thread.stackSize = 512 * 1024
        thread.start()
    }
}

@Suite("marks")
struct MarksTests {
    @Test("every variant agrees with type-cast", arguments: 0..<30)
    func variantsAgree(seed: UInt64) {
        for (pages, marks) in [(0, 10), (1, 0), (1, 1), (1, 2), (1, 3), (3, 7), (5, 60), (9, 60)] {
            expectVariantsAgree(
                MarksScenario.self, entities: pages, events: marks, seed: seed,
                parameters: ["op": "all"])
        }
        let shapes: [[String: String]] = [
            ["stroke": "1"], ["stroke": "40", "nest": "0.3", "nesting": "8"],
            ["nest": "1", "nesting": "5"], ["dots": "1"], ["dots": "0", "nesting": "0"],
        ]
        // Three pages, one per slice, each as long as before: long strokes and deep nests
        // still fit on a page.
        for var shape in shapes {
            shape["op"] = "all"
            expectVariantsAgree(
                MarksScenario.self, entities: 3, events: 90, seed: seed, parameters: shape)
        }
        for operation in MarksOperation.allCases {
            expectVariantsAgree(
                MarksScenario.self, entities: 4, events: 40, seed: seed,
                parameters: ["op": operation.rawValue])
        }
    }

    @Test("a page that is one empty stroke")
    func emptyStroke() {
        let page = doodle { $0.appendStroke(childCount: 0) }
        let outcome = expectMarksVariantsAgree([page], "an empty stroke")
        #expect(outcome.strokedPaths == 1 && outcome.moves == 0 && outcome.lines == 0)
        #expect(outcome.minX == .infinity, "an empty stroke leaves no ink")
        #expect(outcome.strokes == 1 && outcome.vertices == 0 && outcome.dots == 0)
        #expect(outcome.maximumDepth == 1)
    }

    @Test("a page that is a single dot")
    func singleDot() {
        let page = doodle { $0.appendDot(at: MarkPoint(x: 10, y: 20), size: 2) }
        let outcome = expectMarksVariantsAgree([page], "a single dot")
        #expect(outcome.filledDots == 1 && outcome.strokedPaths == 0)
        #expect([outcome.minX, outcome.minY, outcome.maxX, outcome.maxY] == [10, 20, 12, 22])
        #expect(outcome.dots == 1 && outcome.strokes == 0 && outcome.maximumDepth == 0)
    }

    @Test("a stroke of one vertex")
    func strokeOfOneVertex() {
        let page = doodle {
            $0.appendVertex(at: MarkPoint(x: 5, y: 6))
            $0.appendStroke(childCount: 1)
        }
        let outcome = expectMarksVariantsAgree([page], "a stroke of one vertex")
        #expect(outcome.moves == 1 && outcome.lines == 0 && outcome.strokedPaths == 1)
        #expect([outcome.minX, outcome.minY, outcome.maxX, outcome.maxY] == [5, 6, 5, 6])
        #expect(outcome.vertices == 1 && outcome.strokes == 1 && outcome.maximumDepth == 1)
    }

    @Test("blank pages and a lone vertex")
    func degeneratePages() {
        let lone = doodle { $0.appendVertex(at: MarkPoint(x: 1, y: 1)) }
        let outcome = expectMarksVariantsAgree([Doodle(), lone, Doodle()], "blank pages")
        #expect(outcome.pages == 3)
        // A vertex starts a path that no stroke ever strokes.
        #expect(outcome.moves == 1 && outcome.strokedPaths == 0)
        #expect(outcome.vertices == 1 && outcome.maximumDepth == 0)
    }

    /// The page of `articleCommands`: a gesture whose vertices surround a nested flourish,
    /// and a tap.
    static let articlePage = doodle {
        $0.appendVertex(at: MarkPoint(x: 1, y: 1))
        $0.appendVertex(at: MarkPoint(x: 2, y: 1))
        $0.appendVertex(at: MarkPoint(x: 3, y: 2))
        $0.appendStroke(childCount: 1)  // the flourish: one vertex
        $0.appendVertex(at: MarkPoint(x: 4, y: 4))
        $0.appendStroke(childCount: 4)  // the gesture: two vertices, the flourish, a vertex
        $0.appendDot(at: MarkPoint(x: 9, y: 9), size: 3)
        $0.appendStroke(childCount: 2)  // the page
    }

    @Test("the article's renderer: move, lines, stroke at the end of each stroke, ellipses")
    func articleCommands() {
        let renderer = VisitorMarks.MarkRenderer()
        Self.articlePage.makeMarkTree()!.accept(renderer)
        #expect(
            renderer.recorder.commands == [
                PathCommand(.move, x: 1, y: 1), PathCommand(.line, x: 2, y: 1),
                // The flourish's vertex continues the gesture's path, as in the article.
                PathCommand(.line, x: 3, y: 2), PathCommand(.strokePath),
                PathCommand(.move, x: 4, y: 4), PathCommand(.strokePath),
                PathCommand(.fillEllipse, x: 9, y: 9, size: 3), PathCommand(.strokePath),
            ])
        let outcome = expectMarksVariantsAgree([Self.articlePage], "the article's page")
        #expect(outcome.moves == 2 && outcome.lines == 2)
        #expect(outcome.strokedPaths == 3 && outcome.filledDots == 1)
        #expect([outcome.minX, outcome.minY, outcome.maxX, outcome.maxY] == [1, 1, 12, 12])
        #expect(outcome.vertices == 4 && outcome.dots == 1 && outcome.strokes == 3)
        #expect(outcome.maximumDepth == 3)
    }

    /// The depth that overflows a 512 KB stack under any recursion: every call pushes at least
    /// 16 bytes (its return address, kept 16-byte aligned by the x86-64 and arm64 ABIs), so a
    /// walk that recursed once per level would need 16 × 40,000 = 640,000 bytes, more than the
    /// 524,288 the thread has; a debug build's frames are many times larger still.
    static let overflowingDepth = 40_000

    @Test("a stroke nested 40,000 deep crashes no variant on a 512 KB stack")
    func deepNesting() async {
        await onSmallStack {
            let depth = Self.overflowingDepth
            let configuration = MarksScenario.makeConfiguration(
                entities: 1, events: depth + 10, seed: 3,
                parameters: ["op": "all", "nest": "1", "nesting": "\(depth)"])
            let scenario = MarksScenario(configuration: configuration)
            let shard = scenario.makeShard(entities: 0..<1)
            let outcome = expectMarksVariantsAgree(
                shard.doodles, "a doodle nested \(depth) strokes deep")
            // The page, the gesture and `depth` flourishes, one inside another.
            #expect(outcome.maximumDepth == depth + 2)
            #expect(outcome.vertices + outcome.dots + outcome.strokes == depth + 10)

            // The class tree's location lookup follows first children without recursion, to
            // the first mark the article visits.
            let doodle = shard.doodles[0]
            #expect(doodle.kinds[0] != .stroke)
            #expect(doodle.makeMarkTree()!.location == doodle.locations[0])
        }
    }

    @Test("one page of a million marks")
    func millionMarks() {
        // Stats only, the operation that checks the whole structure: all four take about
        // 20 s in a debug build, this one about 7. The shard's operations are passed on, or
        // the helper's default would run all four.
        let configuration = MarksScenario.makeConfiguration(
            entities: 1, events: 1_000_000, seed: 11, parameters: ["op": "stats"])
        let shard = MarksScenario(configuration: configuration).makeShard(entities: 0..<1)
        #expect(shard.operations == [.stats])
        let outcome = expectMarksVariantsAgree(
            shard.doodles, operations: shard.operations, "a page of 1,000,000 marks")
        #expect(outcome.vertices + outcome.dots + outcome.strokes == 1_000_000)
        #expect(outcome.maximumDepth <= 4, "nesting 2 allows page, gesture and two flourishes")
    }

    @Test(
        "a run can be repeated: the transform is undone",
        arguments: MarksScenario.variants.map(\.name))
    func repeatedRuns(variant: String) {
        let configuration = MarksScenario.makeConfiguration(
            entities: 5, events: 120, seed: 4, parameters: ["op": "transform,bounds,render,stats"])
        let shard = MarksScenario(configuration: configuration).makeShard(entities: 0..<5)
        let run = MarksScenario.variants.first { $0.name == variant }!.prepare(shard)
        let first = run()
        #expect(run() == first, "marks.\(variant): a second run differs")
        #expect(run() == first, "marks.\(variant): a third run differs")
    }

    @Test("the transform is affine, exactly invertible, and moves leaves only")
    func transform() {
        let point = MarkPoint(x: 10, y: 20)
        #expect(MarkTransform.doodle.apply(point) == MarkPoint(x: 45, y: 27))
        for x in stride(from: 0.0, through: Doodle.width, by: 97) {
            for y in stride(from: 0.0, through: Doodle.height, by: 89) {
                let p = MarkPoint(x: x, y: y)
                #expect(MarkTransform.doodle.inverted.apply(MarkTransform.doodle.apply(p)) == p)
            }
        }
        // The article's transform visitor on a class tree: leaves move, strokes follow.
        let tree = Self.articlePage.makeMarkTree()!
        #expect(tree.location == MarkPoint(x: 1, y: 1))
        tree.accept(VisitorMarks.TransformVisitor())
        #expect(tree.location == MarkTransform.doodle.apply(MarkPoint(x: 1, y: 1)))
        #expect(tree.lastChild!.location == MarkTransform.doodle.apply(MarkPoint(x: 9, y: 9)))
    }

    @Test("the checksum changes when one page's result changes")
    func checksumCoversOutcome() {
        var statistics = MarkStatistics()
        statistics.vertex(at: .zero)
        statistics.stroke(childCount: 1)
        var a = MarksOutcome()
        a.recordStatistics(page: 0, statistics: statistics)
        var b = MarksOutcome()
        b.recordStatistics(page: 1, statistics: statistics)
        #expect(a != b && a.checksum != b.checksum, "the page index must count")
        var render = MarksOutcome()
        render.recordRender(page: 0, commands: [PathCommand(.move, x: 1, y: 2)])
        var moved = MarksOutcome()
        moved.recordRender(page: 0, commands: [PathCommand(.move, x: 2, y: 1)])
        #expect(render.checksum != moved.checksum, "coordinates must count")
    }

    @Test("doodles depend on the seed and the page index only")
    func doodlesAreDeterministic() {
        let scenario = MarksScenario(
            configuration: MarksScenario.makeConfiguration(entities: 10, events: 80, seed: 7))
        let whole = scenario.makeShard(entities: 0..<10)
        let tail = scenario.makeShard(entities: 6..<10)
        #expect(Array(whole.doodles[6...]) == tail.doodles)
        #expect(whole.doodles.allSatisfy { $0.count == 80 })
        let other = MarksScenario(
            configuration: MarksScenario.makeConfiguration(entities: 10, events: 80, seed: 8))
        #expect(other.makeShard(entities: 0..<10).doodles != whole.doodles)
    }

    @Test("the shape parameters shape the doodle")
    func shapes() {
        func outcome(_ parameters: [String: String]) -> MarksOutcome {
            runVariant(
                MarksScenario.self, "flat", entities: 5, events: 300, seed: 2,
                parameters: parameters.merging(["op": "stats"]) { $1 })
        }
        let dots = outcome(["dots": "1"])
        #expect(dots.vertices == 0 && dots.strokes == 5 && dots.maximumDepth == 1)
        let plain = outcome(["dots": "0", "nesting": "0"])
        #expect(plain.dots == 0 && plain.maximumDepth == 2)
        let deep = outcome(["nest": "1", "nesting": "7"])
        #expect(deep.maximumDepth == 9)
        // Gestures of one vertex each: the page's stroke and 299 marks, so 149 gestures of
        // two marks and one that runs out of marks before its vertex, on each of 5 pages.
        let short = outcome(["stroke": "1", "dots": "0", "nesting": "0"])
        #expect(short.vertices == 5 * 149 && short.strokes == 5 * 151)
    }

    @Test("the op parameter and the event count")
    func operations() {
        let spec = MarksOperation.parameter
        for good in ["all", "render", "stats,render", "render,bounds,transform,stats"] {
            #expect(spec.accepts(good), "op=\(good) should be accepted")
        }
        for bad in ["", "draw", "render,", "render,,stats", "render,render", "all,stats"] {
            #expect(!spec.accepts(bad), "op=\(bad) should be refused")
        }
        #expect(spec.accepts(spec.defaultValue))
        let scenario = MarksScenario(
            configuration: MarksScenario.makeConfiguration(
                entities: 3, events: 50, seed: 1, parameters: ["op": "all"]))
        // Render, bounds and stats visit each mark once, the transform twice.
        #expect(scenario.eventCount(of: scenario.makeShard(entities: 0..<3)) == 3 * 50 * 5)
    }
}
