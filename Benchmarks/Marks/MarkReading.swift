/// What a read-only operation (render, bounds, stats) does with each mark, once the variant
/// has found out what the mark is.
///
/// A reading also handles the class tree's marks by reading their data, so the class-tree
/// variants can hand them over as they are.
///
/// Every variant feeds the same readings in the same order, the article's: a stroke's
/// children first, then the stroke. So the variants differ only in how they reach a mark's
/// kind and data, which is what simbench measures.
protocol MarkReading: MarkClassHandler {
    mutating func vertex(at location: MarkPoint)
    mutating func dot(at location: MarkPoint, size: Double)
    /// A stroke, after its `childCount` children.
    mutating func stroke(childCount: Int)
}
