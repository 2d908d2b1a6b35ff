/// A drawing command, as the article's renderer sends them to its `CGContext`.
public struct PathCommand: Sendable, Hashable {
    public enum Verb: UInt8, Sendable {
        /// `CGContextMoveToPoint`.
        case move
        /// `CGContextAddLineToPoint`.
        case line
        /// `CGContextStrokePath`: draws the current path and clears it.
        case strokePath
        /// `CGContextFillEllipseInRect` with the rect (x, y, size, size).
        case fillEllipse
    }

    public let verb: Verb
    public let x: Double
    public let y: Double
    public let size: Double

    public init(_ verb: Verb, x: Double = 0, y: Double = 0, size: Double = 0) {
        self.verb = verb
        self.x = x
        self.y = y
        self.size = size
    }
}

/// The drawing logic of the article's `MarkRenderer`, recording commands into a buffer.
///
/// The first vertex after a stroked path moves the pen; the next vertices add lines; a
/// stroke strokes the path and makes the next vertex move again; a dot fills an ellipse.
/// Nested strokes keep the article's quirk: the outer stroke's vertices before a nested
/// stroke are drawn in one path with the nested stroke's vertices.
struct PathRecorder: MarkReading {
    /// The context's commands since `start`, one per mark.
    private(set) var commands: [PathCommand] = []
    private var shouldMoveContextToDot = true

    init() {}

    /// Starts a new page, keeping the buffer's capacity.
    mutating func start() {
        commands.removeAll(keepingCapacity: true)
        shouldMoveContextToDot = true
    }

    @inline(__always)
    mutating func vertex(at location: MarkPoint) {
        if shouldMoveContextToDot {
            commands.append(PathCommand(.move, x: location.x, y: location.y))
            shouldMoveContextToDot = false
        } else {
            commands.append(PathCommand(.line, x: location.x, y: location.y))
        }
    }

    @inline(__always)
    mutating func dot(at location: MarkPoint, size: Double) {
        // The article fills a fixed CGRectMake(x, y, 2, 2); simbench's dots have sizes 1–4
        // and fill their own size (a deviation on record in the README).
        commands.append(PathCommand(.fillEllipse, x: location.x, y: location.y, size: size))
    }

    @inline(__always)
    mutating func stroke(childCount: Int) {
        commands.append(PathCommand(.strokePath))
        shouldMoveContextToDot = true
    }
}
