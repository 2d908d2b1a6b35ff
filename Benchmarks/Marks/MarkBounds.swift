/// The bounding box of the ink on a page: every vertex, and every dot's ellipse.
///
/// Strokes add nothing of their own: their location is their first child's, which is
/// already inside, and an empty stroke leaves no ink (its location, the origin, is not a
/// place it drew).
struct MarkBounds: MarkReading {
    private(set) var minX = Double.infinity
    private(set) var minY = Double.infinity
    private(set) var maxX = -Double.infinity
    private(set) var maxY = -Double.infinity

    init() {}

    var isEmpty: Bool { minX > maxX }

    @inline(__always)
    private mutating func include(_ x: Double, _ y: Double) {
        minX = Swift.min(minX, x)
        minY = Swift.min(minY, y)
        maxX = Swift.max(maxX, x)
        maxY = Swift.max(maxY, y)
    }

    @inline(__always)
    mutating func vertex(at location: MarkPoint) {
        include(location.x, location.y)
    }

    @inline(__always)
    mutating func dot(at location: MarkPoint, size: Double) {
        include(location.x, location.y)
        include(location.x + size, location.y + size)
    }

    @inline(__always)
    mutating func stroke(childCount: Int) {}

    /// The union of two boxes.
    mutating func formUnion(_ other: MarkBounds) {
        minX = Swift.min(minX, other.minX)
        minY = Swift.min(minY, other.minY)
        maxX = Swift.max(maxX, other.maxX)
        maxY = Swift.max(maxY, other.maxY)
    }
}
