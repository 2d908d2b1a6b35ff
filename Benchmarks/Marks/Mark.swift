/// A point on a page, the article's `CGPoint`.
///
/// Coordinates are whole numbers held in `Double`s, so that the transform operation can be
/// undone exactly (see `MarkTransform`).
public struct MarkPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = MarkPoint(x: 0, y: 0)
}

/// The article's `Mark` protocol: anything a finger leaves on the doodle pad.
///
/// Dots and vertices are leaves; a stroke is the composite that holds other marks. The
/// visitor variant reaches a mark's class through `accept`; the type-cast and type-switch
/// variants walk the same classes and ask each mark what it is.
protocol Mark: AnyObject {
    var location: MarkPoint { get set }
    var size: Double { get set }
    var lastChild: (any Mark)? { get }

    func addMark(_ mark: any Mark)
    func removeMark(_ mark: any Mark)

    /// The article's `acceptMarkVisitor:`, with the recursion moved onto `walk`.
    ///
    /// A leaf calls its own `visit…` method on the visitor; a stroke schedules its children
    /// on the walk, which calls `visitor.visitStroke` once they have all been accepted.
    func accept(_ visitor: any MarkVisitor, walk: inout MarkWalk)
}

/// A single tap: drawn as a small filled ellipse.
final class Dot: Mark {
    var location: MarkPoint
    /// The width and height of the ellipse.
    var size: Double

    init(location: MarkPoint, size: Double) {
        self.location = location
        self.size = size
    }

    var lastChild: (any Mark)? { nil }

    // A dot has no children, so it cannot add or remove any.
    func addMark(_ mark: any Mark) {}
    func removeMark(_ mark: any Mark) {}

    func accept(_ visitor: any MarkVisitor, walk: inout MarkWalk) {
        visitor.visitDot(self)
    }
}

/// One point of a stroke: consecutive vertices are drawn as connected lines.
final class Vertex: Mark {
    var location: MarkPoint
    /// The pen width; drawing ignores it, as the article's renderer does.
    var size: Double

    init(location: MarkPoint, size: Double) {
        self.location = location
        self.size = size
    }

    var lastChild: (any Mark)? { nil }

    // A vertex is a point of a line, not a container.
    func addMark(_ mark: any Mark) {}
    func removeMark(_ mark: any Mark) {}

    func accept(_ visitor: any MarkVisitor, walk: inout MarkWalk) {
        visitor.visitVertex(self)
    }
}
