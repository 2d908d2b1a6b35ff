/// `marks.enum-tree`: the doodle as an indirect enum, each operation a switch over it.
///
/// Enum trees are values: the transform cannot move a mark in place, so it builds a moved
/// copy of the tree and drops the old one, which is the honest cost of the design.
enum EnumTreeMarks {
    indirect enum MarkNode {
        case vertex(MarkPoint, size: Double)
        case dot(MarkPoint, size: Double)
        case stroke([MarkNode], size: Double)

        var isStroke: Bool {
            if case .stroke = self { return true }
            return false
        }

        /// A stroke holding a copy of exactly `children`, taken from a builder's stack.
        ///
        /// `Array(children)` would adopt the builder's whole buffer when the slice spans it
        /// (a deep stroke's children often are the whole buffer): the node would keep the
        /// spare capacity alive, and the builder would copy its buffer at every such stroke.
        /// A page nested 10 million deep then held thousands of 8 MB buffers and exhausted
        /// the process's memory mappings; a transform of a page nested 100,000 deep peaked
        /// at 1.7 GB for 200,000 marks. Both the page's build and the transform's rebuild
        /// make their strokes here.
        static func stroke(copying children: ArraySlice<MarkNode>, size: Double) -> MarkNode {
            var own = [MarkNode]()
            own.reserveCapacity(children.count)
            own.append(contentsOf: children)
            return .stroke(own, size: size)
        }

        /// Frees a tree without recursion.
        ///
        /// Freed the ordinary way, each stroke's box frees its children from inside its own
        /// release, one stack frame per level. Here every nested stroke is first held by a
        /// list, so that freeing a box frees at most its leaves. Requires the only reference.
        static func dismantle(_ root: consuming MarkNode) {
            var pending = [consume root]
            while let node = pending.popLast() {
                if case .stroke(let children, _) = node {
                    for child in children where child.isStroke { pending.append(child) }
                }
            }
        }
    }

    /// One page's tree; it takes the tree apart when it goes, however deep.
    final class Page {
        private(set) var root: MarkNode?

        init(_ doodle: Doodle) {
            root = doodle.assemble(
                leaf: { kind, location, size in
                    kind == .dot ? .dot(location, size: size) : .vertex(location, size: size)
                },
                stroke: { children, size in MarkNode.stroke(copying: children, size: size) })
        }

        /// Installs a new tree and takes the old one apart.
        func replaceRoot(with newRoot: consuming MarkNode) {
            var tree: MarkNode? = consume newRoot
            swap(&tree, &root)
            Page.dismantle(&tree)
        }

        deinit {
            Page.dismantle(&root)
        }

        /// Takes `tree` apart, leaving nil.
        private static func dismantle(_ tree: inout MarkNode?) {
            // `consume` ends every other binding of the root, even in debug builds, so that
            // `dismantle` holds the only reference.
            if let old = tree.take() { MarkNode.dismantle(consume old) }
        }
    }

    struct Runner: MarkPageReader {
        private struct Frame {
            let children: [MarkNode]
            let size: Double
            var next: Int
        }

        /// One frame per open stroke; kept from page to page.
        private var frames: [Frame] = []
        /// The transform's finished subtrees waiting for their stroke.
        private var built: [MarkNode] = []

        /// Switches over `root` and every node beneath it, children before their stroke.
        ///
        /// - Complexity: O(marks), with a stack instead of recursion.
        @inline(__always)
        private mutating func walk(
            _ root: MarkNode, vertex: (MarkPoint, Double) -> Void,
            dot: (MarkPoint, Double) -> Void, leave: ([MarkNode], Double) -> Void
        ) {
            var node = root
            while true {
                switch node {
                case .vertex(let location, let size):
                    vertex(location, size)
                case .dot(let location, let size):
                    dot(location, size)
                case .stroke(let children, let size):
                    frames.append(Frame(children: children, size: size, next: 0))
                }
                // The next node to switch over: the next child of the innermost open stroke,
                // after leaving every stroke whose children are done.
                var top = frames.count &- 1
                while top >= 0 && frames[top].next == frames[top].children.count {
                    let finished = frames.removeLast()
                    leave(finished.children, finished.size)
                    top &-= 1
                }
                guard top >= 0 else { return }
                node = frames[top].children[frames[top].next]
                frames[top].next &+= 1
            }
        }

        @inline(__always)
        mutating func read<Reading: MarkReading>(_ page: Page, into reading: inout Reading) {
            guard let root = page.root else { return }
            walk(
                root,
                vertex: { location, _ in reading.vertex(at: location) },
                dot: { location, size in reading.dot(at: location, size: size) },
                leave: { children, _ in reading.stroke(childCount: children.count) })
        }

        mutating func transform(_ page: inout Page, by pass: inout MarkTransformPass) {
            // The moved tree is built in a function of its own, so that no binding of the
            // old root outlives it (not even in a debug build) and the page can take the old
            // tree apart alone.
            guard let moved = moved(page, by: &pass) else { return }
            page.replaceRoot(with: moved)
        }

        /// A copy of `page`'s tree with every leaf moved by `pass`.
        private mutating func moved(_ page: Page, by pass: inout MarkTransformPass) -> MarkNode? {
            guard let root = page.root else { return nil }
            var built = self.built
            self.built = []
            walk(
                root,
                vertex: { location, size in
                    built.append(.vertex(pass.move(location), size: size))
                },
                dot: { location, size in
                    built.append(.dot(pass.move(location), size: size))
                },
                leave: { children, size in
                    let start = built.count - children.count
                    let stroke = MarkNode.stroke(copying: built[start...], size: size)
                    built.removeSubrange(start...)
                    built.append(stroke)
                })
            let moved = built.removeLast()
            self.built = built
            return moved
        }
    }

    static func prepare(_ shard: MarksShard) -> () -> MarksOutcome {
        shard.prepare(makePage: { Page($0) }, makeRunner: { Runner() })
    }
}
