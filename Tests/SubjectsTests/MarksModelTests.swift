import SimBenchCore
import Testing

@testable import Subjects

/// Records the order in which `accept` calls a visitor.
private final class RecordingVisitor: MarkVisitor {
    var visits: [String] = []
    var marksVisited = 0

    func visitMark(_ mark: any Mark) { marksVisited += 1 }
    func visitVertex(_ vertex: Vertex) { visits.append("v\(Int(vertex.location.x))") }
    func visitDot(_ dot: Dot) { visits.append("d\(Int(dot.location.x))") }
    func visitStroke(_ stroke: Stroke) { visits.append("s\(stroke.children.count)") }
}

@Suite("marks model")
struct MarksModelTests {
    @Test("a stroke's location is its first child's, or the origin; setting it does nothing")
    func strokeLocation() {
        let stroke = Stroke()
        #expect(stroke.location == .zero)
        stroke.location = MarkPoint(x: 3, y: 4)
        #expect(stroke.location == .zero, "setting a stroke's location must do nothing")
        let inner = Stroke()
        stroke.addMark(inner)
        #expect(stroke.location == .zero, "an empty first stroke has the origin")
        inner.addMark(Vertex(location: MarkPoint(x: 7, y: 8), size: 1))
        stroke.addMark(Dot(location: MarkPoint(x: 1, y: 1), size: 2))
        #expect(stroke.location == MarkPoint(x: 7, y: 8), "the first child's first child")
    }

    @Test("addMark, removeMark and lastChild")
    func children() {
        let stroke = Stroke()
        #expect(stroke.lastChild == nil)
        let first = Vertex(location: MarkPoint(x: 1, y: 1), size: 1)
        let second = Dot(location: MarkPoint(x: 2, y: 2), size: 2)
        stroke.addMark(first)
        stroke.addMark(second)
        stroke.addMark(first)
        #expect(stroke.lastChild === first)
        stroke.removeMark(first)
        #expect(stroke.children.count == 1 && stroke.lastChild === second)
        // Leaves have no children to add or remove.
        second.addMark(first)
        #expect(second.lastChild == nil && first.lastChild == nil)
    }

    @Test("accept visits a stroke's children before the stroke, by their own classes")
    func postOrder() {
        let page = Stroke()
        let gesture = Stroke()
        gesture.addMark(Vertex(location: MarkPoint(x: 1, y: 0), size: 1))
        let flourish = Stroke()
        flourish.addMark(Vertex(location: MarkPoint(x: 2, y: 0), size: 1))
        gesture.addMark(flourish)
        gesture.addMark(Vertex(location: MarkPoint(x: 3, y: 0), size: 1))
        page.addMark(gesture)
        page.addMark(Dot(location: MarkPoint(x: 4, y: 0), size: 2))
        page.addMark(Stroke())
        let visitor = RecordingVisitor()
        page.accept(visitor)
        #expect(visitor.visits == ["v1", "v2", "s1", "v3", "s3", "d4", "s0", "s3"])
        #expect(visitor.marksVisited == 0, "no mark falls back to visitMark")
    }

    @Test("a tree 100,000 strokes deep is built, read and freed without recursion")
    func deepTree() async {
        await onSmallStack {
            var doodle = Doodle()
            doodle.appendVertex(at: MarkPoint(x: 9, y: 9))
            for _ in 0..<100_000 { doodle.appendStroke(childCount: 1) }
            let tree = doodle.makeMarkTree()!
            #expect(tree.location == MarkPoint(x: 9, y: 9))
            let visitor = VisitorMarks.StatisticsVisitor()
            tree.accept(visitor)
            #expect(visitor.statistics.maximumDepth == 100_000)
            // A subtree someone still holds survives the teardown of the rest.
            var stroke = tree
            for _ in 0..<50_000 { stroke = stroke.lastChild! }
            let kept = stroke
            _ = consume tree
            _ = consume stroke
            #expect(kept.location == MarkPoint(x: 9, y: 9))
            let rest = VisitorMarks.StatisticsVisitor()
            kept.accept(rest)
            #expect(rest.statistics.strokes == 50_000 && rest.statistics.vertices == 1)
        }
    }

    @Test("the SVG has one path per stroked path that drew, and one ellipse per dot")
    func svgOfArticlePage() {
        let svg = MarksSVG.document(of: MarksTests.articlePage)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        // The gesture's path up to the flourish, the rest of the gesture; the page's own
        // stroke finds an empty path and draws nothing.
        #expect(svg.components(separatedBy: "<path ").count - 1 == 2)
        #expect(svg.contains("<path d=\"M 1 1 L 2 1 L 3 2\""))
        #expect(svg.contains("<path d=\"M 4 4\""))
        #expect(svg.components(separatedBy: "<ellipse ").count - 1 == 1)
        #expect(svg.contains("cx=\"10.5\" cy=\"10.5\" rx=\"1.5\" ry=\"1.5\""))
    }

    @Test("the SVG of a generated page draws what render counts", arguments: 0..<5)
    func svgOfGeneratedPage(page: Int) {
        let configuration = MarksScenario.makeConfiguration(
            entities: 5, events: 300, seed: 21, parameters: ["op": "render"])
        let svg = MarksSVG.document(configuration: configuration, page: page)
        let doodle = MarksScenario(configuration: configuration).doodle(page: page)
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
        // One element per line: the opening tag, the background, the marks, the closing tag.
        let lines = svg.split(separator: "\n")
        let paths = lines.filter { $0.hasPrefix("<path ") }
        let ellipses = lines.filter { $0.hasPrefix("<ellipse ") }
        #expect(lines.count == 3 + paths.count + ellipses.count, "page \(page)")
        #expect(ellipses.count == doodle.kinds.filter { $0 == .dot }.count, "page \(page)")
        // Every path starts with a move; every vertex is a point of some path, except ones
        // after the last stroked path.
        #expect(paths.allSatisfy { $0.hasPrefix("<path d=\"M ") }, "page \(page)")
        let points = paths.reduce(0) {
            $0 + $1.split(separator: " ").filter { $0 == "L" || $0 == "d=\"M" }.count
        }
        #expect(points == doodle.kinds.filter { $0 == .vertex }.count, "page \(page)")
    }
}
