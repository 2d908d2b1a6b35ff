/// The article's `MarkVisitor`: one method per concrete mark class.
///
/// `accept` calls the method of its own class (the second dispatch), so a visitor learns
/// what a mark is without asking.
protocol MarkVisitor: AnyObject {
    func visitMark(_ mark: any Mark)
    func visitVertex(_ vertex: Vertex)
    func visitDot(_ dot: Dot)
    func visitStroke(_ stroke: Stroke)
}

extension MarkVisitor {
    /// The article's default behaviour: nothing. No mark calls it; every concrete mark
    /// dispatches to the method of its own class.
    func visitMark(_ mark: any Mark) {}
}

/// The explicit stack that replaces the recursion of the article's `Stroke.accept`.
///
/// Every traversal of the class tree runs on it: the visitor variant through `visit(_:with:)`,
/// the type-cast and type-switch variants through `walk(from:visit:leave:)` directly. A
/// frame is a stroke and the index of its next child, so the order is the article's: a
/// stroke's children first, in order, then the stroke itself.
///
/// Keeping the stack on the heap means a deeply nested doodle cannot overflow the small
/// stacks of Swift's concurrency pool; `frames` keeps its capacity from page to page.
struct MarkWalk {
    private struct Frame {
        let stroke: Stroke
        /// The stroke's children, held so that each step does not fetch them again.
        let children: [any Mark]
        var next: Int
    }

    private var frames: [Frame] = []

    init() {}

    /// Schedules `stroke`'s children, then `leave(stroke)`.
    mutating func enter(_ stroke: Stroke) {
        frames.append(Frame(stroke: stroke, children: stroke.children, next: 0))
    }

    /// Hands `root` and every mark beneath it to `visit`, and each stroke, after its
    /// children, to `leave`.
    ///
    /// `visit` decides what a mark is: for a stroke it calls `enter`.
    ///
    /// - Complexity: O(marks); the stack holds one frame per open stroke.
    @inline(__always)
    mutating func walk(
        from root: any Mark, visit: (any Mark, inout MarkWalk) -> Void, leave: (Stroke) -> Void
    ) {
        visit(root, &self)
        while !frames.isEmpty {
            let top = frames.count &- 1
            let next = frames[top].next
            if next < frames[top].children.count {
                frames[top].next = next &+ 1
                visit(frames[top].children[next], &self)
            } else {
                leave(frames.removeLast().stroke)
            }
        }
    }

    /// The article's `[mark acceptMarkVisitor:visitor]`: double dispatch at every mark.
    mutating func visit(_ root: any Mark, with visitor: any MarkVisitor) {
        walk(
            from: root,
            visit: { mark, walk in mark.accept(visitor, walk: &walk) },
            leave: { stroke in stroke.finishAccept(visitor) })
    }
}

extension Mark {
    /// Visits this mark and everything beneath it, children before their stroke.
    func accept(_ visitor: any MarkVisitor) {
        var walk = MarkWalk()
        walk.visit(self, with: visitor)
    }
}
