import SimBenchCore

/// Doodle pages: the Visitor pattern against type casts, switches, an enum tree and flat
/// arrays.
///
/// Modelled on `visitor-mark-tree.zh.txt`: a doodle pad keeps the user's marks as a
/// Composite tree (`Dot` and `Vertex` leaves, `Stroke` composites whose location is their
/// first child's), and operations on it are `MarkVisitor`s, chiefly the `MarkRenderer`, which
/// moves to a stroke's first vertex, adds lines to the next ones, strokes the path at the end
/// of the stroke and fills a small ellipse for a dot. `Stroke.accept` visits the children
/// before the stroke, and every variant keeps that order.
///
/// Each entity is one page with its own doodle, drawn from the seed before timing; each
/// variant then builds its own representation, also before timing. A run performs the
/// chosen operations on every page: render, bounds, transform (there and back, so that runs
/// do not compound) and stats. One event is one mark visited.
///
/// No traversal, build or teardown recurses, so a doodle nested 100,000 strokes deep runs on
/// the small stacks of Swift's concurrency pool.
public struct MarksScenario: Scenario {
    public static let descriptor = ScenarioDescriptor(
        name: "marks",
        title: "Visitor vs type casts: operations over doodle mark trees",
        seedArticle: "Objective-C设计模式解析-访问者",
        entityUnit: "page (one doodle's mark tree)",
        eventUnit: "mark visited (the transform visits each mark twice: there and back)",
        defaultEventsPerEntity: 40,
        // A mark's inputs and the floor's record, then each variant's own representation:
        // release runs of 100 pages of 20,000 marks peaked 122 B per mark above the process
        // with type-cast and the floor, 138 with flat too, 182 with enum-tree instead, 345
        // with all six (the three class trees alike).
        bytesPerEvent: 49,
        bytesPerEntity: 1024,
        shapeBytes: MarksScenario.shapeBytes,
        variantBytesPerEvent: [
            "type-cast": 73, "visitor": 73, "type-switch": 73, "enum-tree": 60, "flat": 16,
        ],
        parameters: [
            MarksOperation.parameter,
            .integer(
                "stroke", "mean vertices per stroke (lengths are uniform in 1...2*stroke-1)",
                default: 12, range: 1...1_000_000),
            .integer(
                "nesting", "most strokes nested one in another inside a gesture stroke",
                default: 2, range: 0...100_000_000),
            .number(
                "nest", "chance that a stroke's next mark opens a nested stroke",
                default: 0.05, range: 0...1),
            .number(
                "dots", "chance that a gesture on the page is a dot", default: 0.2, range: 0...1),
        ]
    )

    /// What a page's shape adds to the 344 bytes every mark costs with every variant,
    /// fitted to the peak resident memory of release runs (2 million marks):
    /// - nesting: a mark opening a stroke adds a node with its child array to every
    ///   representation; `nest` 0 → 1 on a page nested a million deep took 348 → 498 B per
    ///   mark (165 × nest; on pages nested 2 deep it adds nothing, and the estimate is 0.7×
    ///   generous there);
    /// - short strokes: more strokes per mark; `stroke` 12 → 1 took 348 → 397 (60 / stroke);
    /// - one large page: building it holds transient arrays as long as the page (builder
    ///   stacks grown by doubling), for every `op`: 1 page of 2 million marks peaked 200-210
    ///   MB above 100 pages of 20,000 with `bounds` or `stats` (100 B per mark of one page);
    ///   rendering keeps the page's path commands, and the transform a moved copy of the
    ///   page beside it (the enum tree's, rebuilt), 100 MB more (50 B per mark of one page).
    ///   Doubling makes it grow a little faster than the page: 1 page of 20 million marks
    ///   nested 10 million deep (op transform) peaked at 14.1 GB, 10.8× the same shape a
    ///   tenth the size; 60 B more per mark of one page keep that within its estimate.
    @Sendable static func shapeBytes(_ configuration: ScenarioConfiguration) -> Double {
        let parameters = configuration.parameters
        let perMark = 165 * parameters.number("nest") + 60 / Double(parameters.integer("stroke"))
        let marks = Double(configuration.entities) * Double(configuration.eventsPerEntity)
        let operations =
            MarksOperation.parseList(parameters.string("op")) ?? MarksOperation.allCases
        let keepsAPage = operations.contains(.render) || operations.contains(.transform)
        let perMarkOfPage = 160 + (keepsAPage ? 50.0 : 0)
        return marks * perMark + perMarkOfPage * Double(configuration.eventsPerEntity)
    }

    public static let variants: [Variant<MarksShard, MarksOutcome>] = [
        Variant(
            name: "type-cast", role: .baseline,
            summary: "a traversal asking as? Dot, as? Vertex, as? Stroke in an if-let chain",
            prepare: TypeCastMarks.prepare),
        Variant(
            name: "visitor",
            summary: "the article's double dispatch: accept(visitor) calls visitDot and so on",
            prepare: VisitorMarks.prepare),
        Variant(
            name: "type-switch",
            summary: "a traversal switching on the class: case let dot as Dot, …",
            prepare: TypeSwitchMarks.prepare),
        Variant(
            name: "enum-tree",
            summary: "an indirect enum tree and a switch; the transform rebuilds the tree",
            prepare: EnumTreeMarks.prepare),
        Variant(
            name: "flat",
            summary: "contiguous arrays in visiting order, one linear scan per operation",
            prepare: FlatMarks.prepare),
        Variant(
            name: "floor", role: .floor,
            summary: "every mark's location read and recorded as a vertex, no tree, no kind",
            prepare: FloorMarks.prepare),
    ]

    public let configuration: ScenarioConfiguration
    public let shape: DoodleShape
    public let operations: [MarksOperation]

    public init(configuration: ScenarioConfiguration) {
        self.configuration = configuration
        let parameters = configuration.parameters
        shape = DoodleShape(
            marks: configuration.eventsPerEntity,
            strokeLength: parameters.integer("stroke"),
            nesting: parameters.integer("nesting"),
            nestChance: parameters.number("nest"),
            dotChance: parameters.number("dots"))
        operations =
            MarksOperation.parseList(parameters.string("op")) ?? MarksOperation.allCases
    }

    /// The doodle of page `index`, the same however the pages are sliced.
    public func doodle(page index: Int) -> Doodle {
        var random = SplitMix64(seed: configuration.seed, stream: 0x6D61_726B, index: index)
        return shape.draw(&random)
    }

    public func makeShard(entities: Range<Int>) -> MarksShard {
        MarksShard(
            firstPage: entities.lowerBound, doodles: entities.map(doodle(page:)),
            operations: operations)
    }

    public func eventCount(of shard: MarksShard) -> Int {
        shard.eventCount
    }
}

/// The pages of one slice of the fleet, and what a run does to them.
public struct MarksShard: Sendable {
    /// The fleet index of the first page.
    public let firstPage: Int
    public let doodles: [Doodle]
    public let operations: [MarksOperation]

    public init(firstPage: Int, doodles: [Doodle], operations: [MarksOperation]) {
        self.firstPage = firstPage
        self.doodles = doodles
        self.operations = operations
    }

    /// Marks visited by one run: every mark of every page, once per pass of each operation.
    public var eventCount: Int {
        doodles.reduce(0) { $0 + $1.count } * operations.reduce(0) { $0 + $1.passes }
    }
}
