/// What a variant provides to run the operations on one of its pages.
///
/// A runner lives for one timed run and may keep buffers (walk stacks, visitors) from page
/// to page. Pages are the variant's own representation of a doodle, built before timing.
protocol MarkPageRunner {
    associatedtype Page

    mutating func render(_ page: Page, into recorder: inout PathRecorder)
    mutating func measure(_ page: Page, into bounds: inout MarkBounds)
    mutating func count(_ page: Page, into statistics: inout MarkStatistics)
    /// Moves every leaf of `page` to `pass.move(location)`; strokes, whose location cannot
    /// be set, stay as they are.
    mutating func transform(_ page: inout Page, by pass: inout MarkTransformPass)
}

/// A runner whose three read-only operations are one generic traversal.
protocol MarkPageReader: MarkPageRunner {
    /// Feeds every mark of `page` to `reading`, children before their stroke.
    mutating func read<Reading: MarkReading>(_ page: Page, into reading: inout Reading)
}

extension MarkPageReader {
    mutating func render(_ page: Page, into recorder: inout PathRecorder) {
        read(page, into: &recorder)
    }

    mutating func measure(_ page: Page, into bounds: inout MarkBounds) {
        read(page, into: &bounds)
    }

    mutating func count(_ page: Page, into statistics: inout MarkStatistics) {
        read(page, into: &statistics)
    }
}

/// The part of a run that is the same for every variant: sweeping the pages with each
/// operation and recording what it computed.
enum MarksDriver {
    /// Runs `operations`, in order, over every page.
    ///
    /// The transform is applied and then undone, so `pages` are as they were when the run
    /// ends and a repeated run computes the same outcome.
    ///
    /// Generic specialisation gives each variant its own copy with its runner inlined.
    @inline(__always)
    static func run<Runner: MarkPageRunner>(
        _ runner: inout Runner, pages: inout [Runner.Page], firstPage: Int,
        operations: [MarksOperation]
    ) -> MarksOutcome {
        var outcome = MarksOutcome()
        outcome.pages = pages.count
        for operation in operations {
            switch operation {
            case .render:
                var recorder = PathRecorder()
                for index in pages.indices {
                    recorder.start()
                    runner.render(pages[index], into: &recorder)
                    outcome.recordRender(page: firstPage + index, commands: recorder.commands)
                }
            case .bounds:
                for index in pages.indices {
                    var bounds = MarkBounds()
                    runner.measure(pages[index], into: &bounds)
                    outcome.recordBounds(page: firstPage + index, bounds: bounds)
                }
            case .transform:
                var forward = MarkTransformPass(.doodle)
                var inverse = MarkTransformPass(MarkTransform.doodle.inverted)
                for index in pages.indices {
                    forward.start()
                    runner.transform(&pages[index], by: &forward)
                    inverse.start()
                    runner.transform(&pages[index], by: &inverse)
                    outcome.recordTransform(
                        page: firstPage + index, forward: forward.digest, inverse: inverse.digest)
                }
            case .stats:
                var statistics = MarkStatistics()
                for index in pages.indices {
                    statistics.start()
                    runner.count(pages[index], into: &statistics)
                    outcome.recordStatistics(page: firstPage + index, statistics: statistics)
                }
            }
        }
        return outcome
    }
}

extension MarksShard {
    /// Builds every page with `makePage` (untimed) and returns the timed run.
    ///
    /// The closure may run many times: the driver undoes its transform, so every run starts
    /// from the same pages and computes the same outcome.
    func prepare<Runner: MarkPageRunner>(
        makePage: (Doodle) -> Runner.Page, makeRunner: @escaping () -> Runner
    ) -> () -> MarksOutcome {
        var pages = doodles.map(makePage)
        let firstPage = firstPage
        let operations = operations
        return {
            var runner = makeRunner()
            return MarksDriver.run(
                &runner, pages: &pages, firstPage: firstPage, operations: operations)
        }
    }
}
