/// `marks.type-cast`, the baseline: the traversal asks every mark `as? Dot`, `as? Vertex`,
/// `as? Stroke` in an if-let chain, the type checks the article's visitor exists to remove.
enum TypeCastMarks: MarkClassifier {
    @inline(__always)
    static func classify<Handler: MarkClassHandler>(
        _ mark: any Mark, _ handler: inout Handler, _ walk: inout MarkWalk
    ) {
        if let dot = mark as? Dot {
            handler.dot(dot)
        } else if let vertex = mark as? Vertex {
            handler.vertex(vertex)
        } else if let stroke = mark as? Stroke {
            walk.enter(stroke)
        }
    }

    static func prepare(_ shard: MarksShard) -> () -> MarksOutcome {
        shard.prepare(makePage: { $0.makeMarkTree() }, makeRunner: { ClassTreeRunner<Self>() })
    }
}
