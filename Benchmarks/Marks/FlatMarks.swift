/// `marks.flat`: data-oriented. The doodle stays in contiguous arrays (kinds, locations,
/// sizes, child counts) in the article's visiting order, so every operation is one linear
/// scan with a switch on the kind, and no stack at all.
enum FlatMarks {
    struct Page {
        let kinds: [MarkKind]
        /// The transform moves these in place.
        var locations: [MarkPoint]
        let sizes: [Double]
        let childCounts: [Int32]

        init(_ doodle: Doodle) {
            kinds = doodle.kinds
            // A copy of its own, so that the transform's first write is not a copy-on-write
            // of the shard's array inside the timed region.
            locations = doodle.locations.map { $0 }
            sizes = doodle.sizes
            childCounts = doodle.childCounts
        }
    }

    struct Runner: MarkPageReader {
        @inline(__always)
        func read<Reading: MarkReading>(_ page: Page, into reading: inout Reading) {
            for index in page.kinds.indices {
                switch page.kinds[index] {
                case .vertex:
                    reading.vertex(at: page.locations[index])
                case .dot:
                    reading.dot(at: page.locations[index], size: page.sizes[index])
                case .stroke:
                    reading.stroke(childCount: Int(page.childCounts[index]))
                }
            }
        }

        mutating func transform(_ page: inout Page, by pass: inout MarkTransformPass) {
            for index in page.kinds.indices where page.kinds[index] != .stroke {
                page.locations[index] = pass.move(page.locations[index])
            }
        }
    }

    static func prepare(_ shard: MarksShard) -> () -> MarksOutcome {
        shard.prepare(makePage: { Page($0) }, makeRunner: { Runner() })
    }
}
