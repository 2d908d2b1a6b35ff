import SimBenchCore

/// How the doodle generator draws a page: how many marks, how long strokes are, how deep
/// and how often they nest, how many taps are dots.
///
/// A page is a stroke holding the user's gestures: taps (dots) and strokes. A stroke is a
/// random walk of vertices; now and then it holds a flourish, a stroke nested inside it,
/// which may nest again up to `nesting` levels.
public struct DoodleShape: Sendable, Hashable {
    /// Marks on the page, the page's own stroke included.
    public var marks: Int
    /// The mean number of vertices in a stroke; lengths are uniform in 1...2·mean-1.
    public var strokeLength: Int
    /// The most strokes that can be nested inside a gesture stroke, one in another.
    public var nesting: Int
    /// The chance that a stroke's next mark opens a nested stroke instead of a vertex.
    public var nestChance: Double
    /// The chance that a gesture is a dot instead of a stroke.
    public var dotChance: Double

    public init(
        marks: Int, strokeLength: Int, nesting: Int, nestChance: Double, dotChance: Double
    ) {
        self.marks = marks
        self.strokeLength = strokeLength
        self.nesting = nesting
        self.nestChance = nestChance
        self.dotChance = dotChance
    }

    private struct OpenStroke {
        var children = 0
        var verticesLeft: Int
        let size: Double
    }

    /// Draws one page.
    ///
    /// - Complexity: O(marks), without recursion at any nesting depth.
    public func draw(_ random: inout SplitMix64) -> Doodle {
        var doodle = Doodle()
        guard marks > 0 else { return doodle }
        doodle.reserveCapacity(marks)
        var budget = marks - 1
        var open = [OpenStroke(verticesLeft: 0, size: 1)]
        var pen = MarkPoint.zero

        func randomPoint() -> MarkPoint {
            MarkPoint(
                x: Double(random.next(below: Int(Doodle.width))),
                y: Double(random.next(below: Int(Doodle.height))))
        }
        func newStroke() -> OpenStroke {
            OpenStroke(
                verticesLeft: 1 + random.next(below: 2 * strokeLength - 1),
                size: Double(1 + random.next(below: 3)))
        }

        while budget > 0 {
            let top = open.count - 1
            if top == 0 {
                // The page: a tap, or a new gesture starting somewhere.
                open[0].children += 1
                budget -= 1
                if random.chance(dotChance) {
                    doodle.appendDot(at: randomPoint(), size: Double(1 + random.next(below: 4)))
                } else {
                    pen = randomPoint()
                    open.append(newStroke())
                }
            } else if open[top].verticesLeft == 0 {
                doodle.appendStroke(childCount: open[top].children, size: open[top].size)
                open.removeLast()
            } else {
                open[top].children += 1
                budget -= 1
                if top <= nesting && random.chance(nestChance) {
                    // A flourish starts where the pen is.
                    open.append(newStroke())
                } else {
                    pen.x = min(max(pen.x + Double(random.next(below: 13) - 6), 0), Doodle.width)
                    pen.y = min(max(pen.y + Double(random.next(below: 13) - 6), 0), Doodle.height)
                    doodle.appendVertex(at: pen, size: open[top].size)
                    open[top].verticesLeft -= 1
                }
            }
        }
        // Out of marks: every open stroke ends, the innermost first.
        while let stroke = open.popLast() {
            doodle.appendStroke(childCount: stroke.children, size: stroke.size)
        }
        return doodle
    }
}
