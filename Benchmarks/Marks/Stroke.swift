/// The article's composite mark: a line made of vertices, and of other strokes nested in it.
///
/// As in the article, a stroke has no location of its own: it reports its first child's, or
/// the origin when it is empty, and setting it does nothing.
final class Stroke: Mark {
    // Checked, like every class property of every subject (see Package.swift): the dynamic
    // exclusivity checks Swift adds for a class property that is modified in place are paid
    // by every variant that walks the class tree (type-cast, type-switch, visitor) alike.
    private(set) var children: [any Mark] = []
    /// The line width.
    var size: Double

    init(size: Double = 1) {
        self.size = size
    }

    var location: MarkPoint {
        get {
            // The first child may itself be a stroke asking its own first child; the chain is
            // followed in a loop so that deeply nested strokes cannot exhaust the stack.
            var stroke = self
            while let first = stroke.children.first {
                guard let inner = first as? Stroke else { return first.location }
                stroke = inner
            }
            return .zero
        }
        set {
            // It doesn't set any arbitrary location.
        }
    }

    var lastChild: (any Mark)? { children.last }

    func addMark(_ mark: any Mark) {
        children.append(mark)
    }

    /// Removes every occurrence of `mark`, as `NSMutableArray.removeObject:` does.
    func removeMark(_ mark: any Mark) {
        children.removeAll { $0 === mark }
    }

    func accept(_ visitor: any MarkVisitor, walk: inout MarkWalk) {
        // The article: `for (id <Mark> dot in self.children) [dot acceptMarkVisitor:visitor];`
        // `[visitor visitStroke:self];`. The loop becomes a frame on the walk's stack, so that
        // nesting depth costs heap instead of call stack; the walk calls `finishAccept` after
        // the last child.
        walk.enter(self)
    }

    /// The last line of the article's `acceptMarkVisitor:`, run once every child is visited.
    func finishAccept(_ visitor: any MarkVisitor) {
        visitor.visitStroke(self)
    }

    deinit {
        // Released the ordinary way, a chain of nested strokes frees each level from inside
        // the release of the level above: one stack frame per level, enough to overflow a
        // 512 KB concurrency-pool stack at a few thousand levels. Instead, strokes that this
        // tree alone owns are unlinked into a list first, so that each release frees one
        // level. Strokes someone else still holds are left intact.
        guard children.contains(where: { $0 is Stroke }) else { return }
        var orphans = [Stroke]()
        Stroke.adoptUniqueStrokes(from: &children, into: &orphans)
        while let stroke = orphans.popLast() {
            Stroke.adoptUniqueStrokes(from: &stroke.children, into: &orphans)
        }
    }

    /// Empties `children`, moving the strokes only they referenced to `orphans`.
    private static func adoptUniqueStrokes(
        from children: inout [any Mark], into orphans: inout [Stroke]
    ) {
        while let mark = children.popLast() {
            guard var stroke = (consume mark) as? Stroke else { continue }
            if isKnownUniquelyReferenced(&stroke) { orphans.append(stroke) }
        }
    }
}
