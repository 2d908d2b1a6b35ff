/// `marks.visitor`: the article's design. Each operation is a `MarkVisitor`; a mark's
/// `accept` calls the visitor's method for its own class (double dispatch), and no code
/// asks a mark what it is.
///
/// Each visitor keeps its operation's state in a stored property, as the article's visitor
/// objects do. Modifying a class's property in place costs a dynamic exclusivity check per
/// visit; that is what a Swift port of the design pays, so it is measured (the policy is one
/// for every subject: see Package.swift and the README).
enum VisitorMarks {
    /// The article's `MarkRenderer`, drawing into a command buffer instead of a `CGContext`.
    final class MarkRenderer: MarkVisitor {
        var recorder = PathRecorder()

        func visitVertex(_ vertex: Vertex) { recorder.vertex(vertex) }
        func visitDot(_ dot: Dot) { recorder.dot(dot) }
        func visitStroke(_ stroke: Stroke) { recorder.stroke(stroke) }
    }

    /// Measures the ink's bounding box.
    final class BoundsVisitor: MarkVisitor {
        var bounds = MarkBounds()

        func visitVertex(_ vertex: Vertex) { bounds.vertex(vertex) }
        func visitDot(_ dot: Dot) { bounds.dot(dot) }
        func visitStroke(_ stroke: Stroke) { bounds.stroke(stroke) }
    }

    /// Counts marks by kind and measures nesting.
    final class StatisticsVisitor: MarkVisitor {
        var statistics = MarkStatistics()

        func visitVertex(_ vertex: Vertex) { statistics.vertex(vertex) }
        func visitDot(_ dot: Dot) { statistics.dot(dot) }
        func visitStroke(_ stroke: Stroke) { statistics.stroke(stroke) }
    }

    /// The affine-transform visitor the article proposes as a second visitor.
    final class TransformVisitor: MarkVisitor {
        var pass = MarkTransformPass(.doodle)

        func visitVertex(_ vertex: Vertex) { pass.vertex(vertex) }
        func visitDot(_ dot: Dot) { pass.dot(dot) }
        func visitStroke(_ stroke: Stroke) { pass.stroke(stroke) }
    }

    /// Sends each operation's visitor over a page; the visitors live for a whole run, and
    /// the driver's buffers are lent to them page by page.
    struct Runner: MarkPageRunner {
        typealias Page = (any Mark)?

        private var walk = MarkWalk()
        private let renderer = MarkRenderer()
        private let boundsVisitor = BoundsVisitor()
        private let statisticsVisitor = StatisticsVisitor()
        private let transformVisitor = TransformVisitor()

        mutating func render(_ page: Page, into recorder: inout PathRecorder) {
            guard let root = page else { return }
            swap(&renderer.recorder, &recorder)
            walk.visit(root, with: renderer)
            swap(&renderer.recorder, &recorder)
        }

        mutating func measure(_ page: Page, into bounds: inout MarkBounds) {
            guard let root = page else { return }
            swap(&boundsVisitor.bounds, &bounds)
            walk.visit(root, with: boundsVisitor)
            swap(&boundsVisitor.bounds, &bounds)
        }

        mutating func count(_ page: Page, into statistics: inout MarkStatistics) {
            guard let root = page else { return }
            swap(&statisticsVisitor.statistics, &statistics)
            walk.visit(root, with: statisticsVisitor)
            swap(&statisticsVisitor.statistics, &statistics)
        }

        mutating func transform(_ page: inout Page, by pass: inout MarkTransformPass) {
            guard let root = page else { return }
            swap(&transformVisitor.pass, &pass)
            walk.visit(root, with: transformVisitor)
            swap(&transformVisitor.pass, &pass)
        }
    }

    static func prepare(_ shard: MarksShard) -> () -> MarksOutcome {
        shard.prepare(makePage: { $0.makeMarkTree() }, makeRunner: { Runner() })
    }
}
