import SimBenchCore

/// What the operations computed over a set of pages: drawing commands, ink bounds, where the
/// transform moved the marks, and counts by kind.
///
/// Fields of an operation that did not run keep their initial values. Every per-page result
/// also goes into one digest per operation, so a variant that draws one page wrong cannot
/// agree with its baseline through totals that happen to match.
public struct MarksOutcome: ScenarioOutcome {
    public var pages = 0

    // MARK: render
    public var moves = 0
    public var lines = 0
    public var strokedPaths = 0
    public var filledDots = 0
    /// Per-page hashes of the command sequences.
    public var renderDigest: UInt64 = 0

    // MARK: bounds
    /// The union of every page's ink bounds; infinite while no page has ink.
    public var minX = Double.infinity
    public var minY = Double.infinity
    public var maxX = -Double.infinity
    public var maxY = -Double.infinity
    public var boundsDigest: UInt64 = 0

    // MARK: transform
    /// Per-page digests of where the forward and the inverse passes moved each mark.
    public var transformDigest: UInt64 = 0

    // MARK: stats
    public var vertices = 0
    public var dots = 0
    public var strokes = 0
    /// The deepest nesting of strokes on any page, the page's own stroke counted.
    public var maximumDepth = 0
    public var statsDigest: UInt64 = 0

    public init() {}

    /// Adds one page's drawing commands.
    mutating func recordRender(page: Int, commands: [PathCommand]) {
        // One overlapped mix per command (see `SequenceDigest`), not a chain of dependent
        // folds: the commands are many, and the recording is the same work for every variant.
        var sequence = SequenceDigest()
        var counts = (moves: 0, lines: 0, strokes: 0, fills: 0)
        for command in commands {
            switch command.verb {
            case .move: counts.moves &+= 1
            case .line: counts.lines &+= 1
            case .strokePath: counts.strokes &+= 1
            case .fillEllipse: counts.fills &+= 1
            }
            // The command's four fields in one word; the multipliers are odd, so each field
            // moves the word.
            sequence.append(
                UInt64(command.verb.rawValue) ^ (command.x.bitPattern &* 0x9E37_79B9_7F4A_7C15)
                    ^ (command.y.bitPattern &* 0xBF58_476D_1CE4_E5B9)
                    ^ (command.size.bitPattern &* 0x94D0_49BB_1331_11EB))
        }
        moves += counts.moves
        lines += counts.lines
        strokedPaths += counts.strokes
        filledDots += counts.fills
        renderDigest &+= Checksum.entityContribution(index: page, hash: sequence.value)
    }

    /// Adds one page's ink bounds.
    mutating func recordBounds(page: Int, bounds: MarkBounds) {
        minX = min(minX, bounds.minX)
        minY = min(minY, bounds.minY)
        maxX = max(maxX, bounds.maxX)
        maxY = max(maxY, bounds.maxY)
        var digest = Checksum()
        for value in [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY] { digest.combine(value) }
        boundsDigest &+= Checksum.entityContribution(index: page, hash: digest.value)
    }

    /// Adds the digests of one page's forward and inverse transform passes.
    mutating func recordTransform(page: Int, forward: UInt64, inverse: UInt64) {
        var digest = Checksum()
        digest.combine(forward)
        digest.combine(inverse)
        transformDigest &+= Checksum.entityContribution(index: page, hash: digest.value)
    }

    /// Adds one page's counts and depth.
    mutating func recordStatistics(page: Int, statistics: MarkStatistics) {
        vertices += statistics.vertices
        dots += statistics.dots
        strokes += statistics.strokes
        maximumDepth = max(maximumDepth, statistics.maximumDepth)
        var digest = Checksum()
        digest.combine(statistics.vertices)
        digest.combine(statistics.dots)
        digest.combine(statistics.strokes)
        digest.combine(statistics.maximumDepth)
        statsDigest &+= Checksum.entityContribution(index: page, hash: digest.value)
    }

    public mutating func merge(_ other: MarksOutcome) {
        pages += other.pages
        moves += other.moves
        lines += other.lines
        strokedPaths += other.strokedPaths
        filledDots += other.filledDots
        renderDigest &+= other.renderDigest
        minX = min(minX, other.minX)
        minY = min(minY, other.minY)
        maxX = max(maxX, other.maxX)
        maxY = max(maxY, other.maxY)
        boundsDigest &+= other.boundsDigest
        transformDigest &+= other.transformDigest
        vertices += other.vertices
        dots += other.dots
        strokes += other.strokes
        maximumDepth = max(maximumDepth, other.maximumDepth)
        statsDigest &+= other.statsDigest
    }

    public var checksum: UInt64 {
        var checksum = Checksum()
        checksum.combine(pages)
        checksum.combine(contentsOf: [moves, lines, strokedPaths, filledDots])
        checksum.combine(renderDigest)
        for value in [minX, minY, maxX, maxY] { checksum.combine(value) }
        checksum.combine(boundsDigest)
        checksum.combine(transformDigest)
        checksum.combine(contentsOf: [vertices, dots, strokes, maximumDepth])
        checksum.combine(statsDigest)
        return checksum.value
    }

    public var summary: [(label: String, value: String)] {
        var lines: [(label: String, value: String)] = [("pages", "\(pages)")]
        if renderDigest != 0 {
            lines += [
                ("moves", "\(moves)"), ("lines", "\(self.lines)"),
                ("stroked paths", "\(strokedPaths)"), ("filled dots", "\(filledDots)"),
            ]
        }
        if boundsDigest != 0 {
            let box = minX > maxX ? "no ink" : "(\(minX), \(minY))–(\(maxX), \(maxY))"
            lines.append(("ink bounds", box))
        }
        if transformDigest != 0 {
            lines.append(("transform digest", String(transformDigest, radix: 16)))
        }
        if statsDigest != 0 {
            lines += [
                ("vertices", "\(vertices)"), ("dots", "\(dots)"), ("strokes", "\(strokes)"),
                ("deepest nesting", "\(maximumDepth)"),
            ]
        }
        return lines
    }
}
