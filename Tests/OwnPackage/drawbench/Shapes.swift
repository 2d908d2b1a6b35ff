import SimBenchCore

/// A shape of a drawing as the plain code holds it: an enum, its area by a switch.
enum Shape: Sendable {
    case circle(radius: Int)
    case square(side: Int)
    case rectangle(width: Int, height: Int)

    /// The area in whole units: integer arithmetic, so that a sum is the same in any order
    /// (π as 355/113).
    var area: Int {
        switch self {
        case .circle(let radius): radius &* radius &* 355 / 113
        case .square(let side): side &* side
        case .rectangle(let width, let height): width &* height
        }
    }

    /// The same shape as the protocol sees it.
    var shaped: any Shaped {
        switch self {
        case .circle(let radius): Circle(radius: radius)
        case .square(let side): Square(side: side)
        case .rectangle(let width, let height): Rectangle(width: width, height: height)
        }
    }
}

/// A shape behind a protocol. It refines `Sendable`, so that `any Shaped` may sit in what a
/// variant holds.
protocol Shaped: Sendable {
    var area: Int { get }
}

struct Circle: Shaped {
    let radius: Int
    var area: Int { radius &* radius &* 355 / 113 }
}

struct Square: Shaped {
    let side: Int
    var area: Int { side &* side }
}

struct Rectangle: Shaped {
    let width: Int
    let height: Int
    var area: Int { width &* height }
}

/// One entity: a drawing's shapes.
struct Drawing: Sendable {
    var shapes: [Shape]
}

/// The same drawing sorted by type, for the generic variant: one array per concrete type.
struct SortedDrawing {
    var circles = [Circle]()
    var squares = [Square]()
    var rectangles = [Rectangle]()

    init(_ drawing: Drawing) {
        for shape in drawing.shapes {
            switch shape {
            case .circle(let radius): circles.append(Circle(radius: radius))
            case .square(let side): squares.append(Square(side: side))
            case .rectangle(let width, let height):
                rectangles.append(Rectangle(width: width, height: height))
            }
        }
    }
}

/// The area of `shapes`, specialised for each concrete type.
func totalArea<S: Shaped>(_ shapes: [S]) -> Int {
    shapes.reduce(0) { $0 &+ $1.area }
}

/// Measures what a shape's area costs through an existential (`any Shaped`) and through a
/// generic function over arrays of one type, against an enum and a switch.
struct Shapes: Scenario {
    static let descriptor = ScenarioDescriptor(
        name: "shapes", title: "sums the areas of drawings' shapes: enum, existential, generic",
        entityUnit: "drawing", eventUnit: "shape measured", defaultEventsPerEntity: 40,
        bytesPerEvent: 80, bytesPerEntity: 160)

    static let variants: [Variant<[Drawing], Areas>] = [
        Variant(name: "enum-switch", role: .baseline, summary: "an enum, its area by a switch") {
            drawings in
            var areas = Areas()
            for drawing in drawings {
                for shape in drawing.shapes { areas.add(shape.area) }
                areas.drawings += 1
            }
            return areas
        },
        Variant(
            name: "existential", summary: "an array of any Shaped per drawing",
            prepare: { drawings in
                let shaped = drawings.map { $0.shapes.map(\.shaped) }
                return {
                    var areas = Areas()
                    for shapes in shaped {
                        for shape in shapes { areas.add(shape.area) }
                        areas.drawings += 1
                    }
                    return areas
                }
            }),
        Variant(
            name: "generic", summary: "one array per shape type, a generic sum over each",
            prepare: { drawings in
                let sorted = drawings.map(SortedDrawing.init)
                return {
                    var areas = Areas()
                    for drawing in sorted {
                        areas.add(
                            totalArea(drawing.circles) &+ totalArea(drawing.squares)
                                &+ totalArea(drawing.rectangles),
                            shapes: drawing.circles.count + drawing.squares.count
                                + drawing.rectangles.count)
                        areas.drawings += 1
                    }
                    return areas
                }
            }),
        Variant(name: "floor", role: .floor, summary: "every shape read and counted, no area") {
            drawings in
            var areas = Areas()
            for drawing in drawings {
                for shape in drawing.shapes {
                    if case .circle = shape { areas.add(1) } else { areas.add(0) }
                }
                areas.drawings += 1
            }
            return areas
        },
    ]

    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }

    func makeShard(entities: Range<Int>) -> [Drawing] {
        entities.map { entity in
            var random = SplitMix64(seed: configuration.seed, stream: 0x7368_6170, index: entity)
            let shapes = (0..<configuration.eventsPerEntity).map { _ -> Shape in
                switch random.next(below: 3) {
                case 0: .circle(radius: 1 + random.next(below: 100))
                case 1: .square(side: 1 + random.next(below: 100))
                default:
                    .rectangle(
                        width: 1 + random.next(below: 100), height: 1 + random.next(below: 100))
                }
            }
            return Drawing(shapes: shapes)
        }
    }

    func eventCount(of shard: [Drawing]) -> Int { shard.reduce(0) { $0 + $1.shapes.count } }

    struct Areas: ScenarioOutcome {
        var area = 0
        var shapes = 0
        var drawings = 0

        mutating func add(_ area: Int, shapes count: Int = 1) {
            self.area &+= area
            shapes += count
        }

        mutating func merge(_ other: Areas) {
            area &+= other.area
            shapes += other.shapes
            drawings += other.drawings
        }

        var checksum: UInt64 {
            UInt64(bitPattern: Int64(area)) ^ (UInt64(shapes) << 32) ^ UInt64(drawings)
        }

        var summary: [(label: String, value: String)] {
            [("area", "\(area)"), ("shapes", "\(shapes)"), ("drawings", "\(drawings)")]
        }
    }
}
