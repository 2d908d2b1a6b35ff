import SimBenchCore

/// The affine transform the transform operation applies to every mark's location.
///
/// The article suggests a visitor that rotates, scales or translates every mark. The
/// transform must not compound over repeated timed runs, so each run applies it and then
/// its inverse; to make the round trip exact, the matrix is integral with determinant 1
/// and locations are whole numbers, so every intermediate value is a small whole number
/// that `Double` holds exactly.
public struct MarkTransform: Sendable, Hashable {
    // CGAffineTransform's fields: x' = a x + c y + tx, y' = b x + d y + ty.
    public let a: Double
    public let b: Double
    public let c: Double
    public let d: Double
    public let tx: Double
    public let ty: Double

    /// A shear-and-translate with determinant 2 · 1 - 1 · 1 = 1.
    public static let doodle = MarkTransform(a: 2, b: 1, c: 1, d: 1, tx: 5, ty: -3)

    @inline(__always)
    public func apply(_ point: MarkPoint) -> MarkPoint {
        MarkPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The exact inverse; requires a determinant of 1.
    public var inverted: MarkTransform {
        precondition(a * d - b * c == 1, "the doodle transform must have determinant 1")
        return MarkTransform(
            a: d, b: -b, c: -c, d: a, tx: -(d * tx - c * ty), ty: -(a * ty - b * tx))
    }
}

/// One pass of the transform over a page: moves every leaf and digests where it went.
///
/// The digest is a sum, so it does not depend on the order in which a variant moves the
/// marks; it only has to move every one of them to the same place.
struct MarkTransformPass {
    let transform: MarkTransform
    private(set) var digest: UInt64 = 0

    init(_ transform: MarkTransform) {
        self.transform = transform
    }

    mutating func start() {
        digest = 0
    }

    /// The new location of a leaf at `location`.
    @inline(__always)
    mutating func move(_ location: MarkPoint) -> MarkPoint {
        let moved = transform.apply(location)
        digest &+= SplitMix64.mix(
            moved.x.bitPattern ^ (moved.y.bitPattern &* 0x9E37_79B9_7F4A_7C15))
        return moved
    }
}
