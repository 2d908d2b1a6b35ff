/// What a traversal of the class tree does with a mark once it knows the mark's class.
///
/// The type-cast and type-switch variants call it after asking a mark what it is; the
/// visitor variant's visitors call it from `visitVertex`, `visitDot` and `visitStroke`. Every
/// operation conforms, so the three class-tree variants run the very same operation code.
protocol MarkClassHandler {
    mutating func vertex(_ vertex: Vertex)
    mutating func dot(_ dot: Dot)
    /// A stroke, after its children.
    mutating func stroke(_ stroke: Stroke)
}

extension MarkReading {
    @inline(__always)
    mutating func vertex(_ vertex: Vertex) {
        self.vertex(at: vertex.location)
    }

    @inline(__always)
    mutating func dot(_ dot: Dot) {
        self.dot(at: dot.location, size: dot.size)
    }

    @inline(__always)
    mutating func stroke(_ stroke: Stroke) {
        self.stroke(childCount: stroke.children.count)
    }
}

extension MarkTransformPass: MarkClassHandler {
    @inline(__always)
    mutating func vertex(_ vertex: Vertex) {
        vertex.location = move(vertex.location)
    }

    @inline(__always)
    mutating func dot(_ dot: Dot) {
        dot.location = move(dot.location)
    }

    /// Nothing: setting a stroke's location does nothing, and it follows its first child.
    @inline(__always)
    mutating func stroke(_ stroke: Stroke) {}
}

extension Doodle {
    /// The page as the article's class tree: `Vertex`, `Dot` and `Stroke` objects.
    ///
    /// - Returns: the root mark, or nil for a blank page.
    func makeMarkTree() -> (any Mark)? {
        assemble(
            leaf: { kind, location, size -> any Mark in
                kind == .dot
                    ? Dot(location: location, size: size) : Vertex(location: location, size: size)
            },
            stroke: { children, size -> any Mark in
                let stroke = Stroke(size: size)
                for child in children { stroke.addMark(child) }
                return stroke
            })
    }
}
