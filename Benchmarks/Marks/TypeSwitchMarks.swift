/// `marks.type-switch`: the traversal switches over every mark's class with `case let … as`.
enum TypeSwitchMarks: MarkClassifier {
    @inline(__always)
    static func classify<Handler: MarkClassHandler>(
        _ mark: any Mark, _ handler: inout Handler, _ walk: inout MarkWalk
    ) {
        switch mark {
        case let dot as Dot:
            handler.dot(dot)
        case let vertex as Vertex:
            handler.vertex(vertex)
        case let stroke as Stroke:
            walk.enter(stroke)
        default:
            break
        }
    }

    static func prepare(_ shard: MarksShard) -> () -> MarksOutcome {
        shard.prepare(makePage: { $0.makeMarkTree() }, makeRunner: { ClassTreeRunner<Self>() })
    }
}
