/// `marks.floor`: the pages swept and every mark's reading recorded, with no tree and no
/// dispatch on a mark's kind.
///
/// Each page is its marks' locations in visiting order; every operation feeds each one to
/// the same reading (recorder, bounds, statistics) or transform pass as every other variant
/// does, as a vertex, and the driver records each page through the same `MarksOutcome`.
/// What it costs is the simulation's own bookkeeping (the sweep, the recording, the
/// operation's arithmetic on a location); its outcome differs from the baseline's by design.
enum FloorMarks {
    struct Page {
        /// The transform moves these in place.
        var locations: [MarkPoint]

        init(_ doodle: Doodle) {
            // A copy of its own, as `flat` makes, so that the transform's first write is not
            // a copy-on-write of the shard's array inside the timed region.
            locations = doodle.locations.map { $0 }
        }
    }

    struct Runner: MarkPageReader {
        @inline(__always)
        func read<Reading: MarkReading>(_ page: Page, into reading: inout Reading) {
            for location in page.locations {
                reading.vertex(at: location)
            }
        }

        mutating func transform(_ page: inout Page, by pass: inout MarkTransformPass) {
            for index in page.locations.indices {
                page.locations[index] = pass.move(page.locations[index])
            }
        }
    }

    static func prepare(_ shard: MarksShard) -> () -> MarksOutcome {
        shard.prepare(makePage: { Page($0) }, makeRunner: { Runner() })
    }
}
