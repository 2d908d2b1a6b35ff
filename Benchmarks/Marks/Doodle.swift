/// What kind of mark a doodle entry is.
public enum MarkKind: UInt8, Sendable {
    case vertex
    case dot
    case stroke
}

/// One page's marks as plain data, before any variant builds its own representation.
///
/// Marks are listed in the order the article visits them (post-order): a stroke comes after
/// its children, and records how many there are, so the list reads like reverse Polish
/// notation. That is enough to rebuild the tree with a stack and no recursion, and it is
/// already the `flat` variant's layout. A page with marks has one root, the last entry.
public struct Doodle: Sendable, Hashable {
    public private(set) var kinds: [MarkKind] = []
    /// Where each leaf is; strokes, which have no location of their own, hold the origin.
    public private(set) var locations: [MarkPoint] = []
    /// A dot's diameter, a vertex's or a stroke's pen width.
    public private(set) var sizes: [Double] = []
    /// How many children each stroke has; 0 for leaves.
    public private(set) var childCounts: [Int32] = []

    /// The page size, the canvas of an early iPad.
    public static let width = 1024.0
    public static let height = 768.0

    public init() {}

    public var count: Int { kinds.count }

    public mutating func reserveCapacity(_ count: Int) {
        kinds.reserveCapacity(count)
        locations.reserveCapacity(count)
        sizes.reserveCapacity(count)
        childCounts.reserveCapacity(count)
    }

    public mutating func appendVertex(at location: MarkPoint, size: Double = 1) {
        append(.vertex, location, size, 0)
    }

    public mutating func appendDot(at location: MarkPoint, size: Double = 2) {
        append(.dot, location, size, 0)
    }

    /// Appends a stroke holding the `childCount` subtrees that end just before it.
    public mutating func appendStroke(childCount: Int, size: Double = 1) {
        append(.stroke, .zero, size, Int32(childCount))
    }

    private mutating func append(
        _ kind: MarkKind, _ location: MarkPoint, _ size: Double, _ childCount: Int32
    ) {
        kinds.append(kind)
        locations.append(location)
        sizes.append(size)
        childCounts.append(childCount)
    }

    /// Builds a tree bottom-up: `leaf` makes a vertex's or dot's node, `stroke` makes a
    /// stroke's node from its children, in order.
    ///
    /// - Returns: the root, or nil for a blank page.
    /// - Complexity: O(marks), with a stack instead of recursion.
    func assemble<Node>(
        leaf: (MarkKind, MarkPoint, Double) -> Node,
        stroke: (ArraySlice<Node>, Double) -> Node
    ) -> Node? {
        var built = [Node]()
        for index in kinds.indices {
            if kinds[index] == .stroke {
                let start = built.count - Int(childCounts[index])
                let node = stroke(built[start...], sizes[index])
                built.removeSubrange(start...)
                built.append(node)
            } else {
                built.append(leaf(kinds[index], locations[index], sizes[index]))
            }
        }
        precondition(built.count <= 1, "a doodle has one root")
        return built.popLast()
    }
}
