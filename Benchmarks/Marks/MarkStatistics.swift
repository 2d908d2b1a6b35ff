/// Counts marks by kind and measures how deeply strokes nest.
///
/// Marks arrive children first, so depth is computed bottom-up, as a post-order evaluator
/// would: each finished mark leaves its height (0 for a leaf, one more than its tallest
/// child for a stroke) on a stack, and a stroke takes its children's heights off it. Runs
/// of leaves share one entry, so the stack holds a few entries per open stroke.
struct MarkStatistics: MarkReading {
    private(set) var vertices = 0
    private(set) var dots = 0
    private(set) var strokes = 0

    /// Heights of finished marks whose stroke has not arrived yet; `count` equal marks.
    private var waiting: [(height: Int, count: Int)] = []

    init() {}

    /// Starts a new page, keeping the stack's capacity.
    mutating func start() {
        vertices = 0
        dots = 0
        strokes = 0
        waiting.removeAll(keepingCapacity: true)
    }

    /// The most strokes nested inside one another, the page's own stroke included: 0 for a
    /// page without strokes.
    var maximumDepth: Int {
        waiting.reduce(0) { Swift.max($0, $1.height) }
    }

    @inline(__always)
    private mutating func leaf() {
        let top = waiting.count &- 1
        if top >= 0 && waiting[top].height == 0 {
            waiting[top].count &+= 1
        } else {
            waiting.append((height: 0, count: 1))
        }
    }

    @inline(__always)
    mutating func vertex(at location: MarkPoint) {
        vertices &+= 1
        leaf()
    }

    @inline(__always)
    mutating func dot(at location: MarkPoint, size: Double) {
        dots &+= 1
        leaf()
    }

    @inline(__always)
    mutating func stroke(childCount: Int) {
        strokes &+= 1
        var remaining = childCount
        var tallest = 0
        while remaining > 0 {
            let top = waiting.count &- 1
            let run = waiting[top]
            tallest = Swift.max(tallest, run.height)
            if run.count <= remaining {
                remaining &-= run.count
                waiting.removeLast()
            } else {
                // Only leaves share an entry, and they all have height 0, so part of a run
                // can be taken.
                waiting[top].count &-= remaining
                remaining = 0
            }
        }
        waiting.append((height: tallest &+ 1, count: 1))
    }
}
