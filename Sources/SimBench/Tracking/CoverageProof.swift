import SimBenchCore

/// How often one run's intervals hold what the other runs measured: the proof that an
/// interval claiming 95% of a re-run keeps its word.
///
/// Given K results files of the same suite (re-runs of one binary, or runs over other code
/// layouts), for every row and figure with an interval, two counts:
/// - a single re-run: over every ordered pair of runs (i, j), whether run i's interval holds
///   run j's value. This is the claim itself ("95% of re-runs land here"): a calibrated 95%
///   re-run interval holds 95% of the pairs, and this is what is judged.
/// - the others' median: whether run i's interval holds the median of the other K − 1 runs'
///   values (leave one out). Reported, not judged: the median is steadier than one run, so a
///   calibrated re-run interval holds it about 98% of the time (normal processes, 8 runs of 5
///   processes each: 97.7% simulated), at the band's upper end, where a 95% interval of the
///   mean would hold it about 92%.
/// The spread is (max − min) / |median| of the K values.
///
/// Figures whose interval claims a re-run (the ratios and the ns added) are judged: they pass
/// when each holds a share of single re-runs inside `band` overall and no row holds fewer
/// than `rowShare` of its pairs. Absolute times, whose interval holds one run only
/// (`IntervalScope`), are reported, not judged.
public struct CoverageProof: Sendable {
    /// A figure with an interval, as the CSV has it.
    public struct Figure: Sendable {
        public let name: String
        let value: ResultColumn
        let low: ResultColumn
        let high: ResultColumn
        /// Its interval claims to hold a re-run.
        public let judged: Bool
        /// An empty bound is an unbounded side (`NetRatioInterval`), not a missing interval.
        var emptyBoundIsInfinite = false
    }

    public static let figures: [Figure] = [
        Figure(
            name: "ratio to baseline", value: .ratioToBaseline, low: .ratioCILow,
            high: .ratioCIHigh, judged: true),
        Figure(
            name: "CPU ratio", value: .cpuRatioToBaseline, low: .cpuRatioCILow,
            high: .cpuRatioCIHigh, judged: true),
        Figure(
            name: "net of floor", value: .ratioNetOfFloor, low: .ratioNetCILow,
            high: .ratioNetCIHigh, judged: true, emptyBoundIsInfinite: true),
        Figure(
            name: "ns added", value: .overheadNsPerEvent, low: .overheadCILow,
            high: .overheadCIHigh, judged: true),
        Figure(
            name: "ns/event", value: .nsPerEventMedian, low: .nsPerEventCILow,
            high: .nsPerEventCIHigh, judged: false),
        Figure(
            name: "CPU ns/event", value: .cpuNsPerEventMedian, low: .cpuNsPerEventCILow,
            high: .cpuNsPerEventCIHigh, judged: false),
        Figure(
            name: "CPU over reference", value: .cpuPerReference, low: .cpuPerReferenceCILow,
            high: .cpuPerReferenceCIHigh, judged: false),
    ]

    /// The share of single re-runs a judged figure must hold overall: at least 90%, at most
    /// 99.5% (an interval widened until it passes holds everything; one widened by half again
    /// holds more than 99.5% of re-runs). Not 99%: in an hour quieter than the drift the
    /// intervals rest on, every judged figure holds 98-99.2% of its re-runs, and a proof with
    /// nothing widened failed at 99.0% on this bound.
    public static let band = 0.90...0.995
    /// The smallest share of its pairs of runs a judged row must hold: 5 in 8.
    public static let rowShare = 5.0 / 8.0

    /// One row's figure over the K runs.
    public struct Cell: Sendable {
        public let row: ResultIdentity
        public let figure: String
        public let judged: Bool
        /// Runs whose interval held the others' median, of `runs`.
        public let held: Int
        public let runs: Int
        public let spread: Double
        /// Ordered pairs of runs (i, j), i ≠ j, whose run i's interval held run j's value:
        /// a single re-run landing in it, of `runs · (runs − 1)`. Reported, not judged.
        public let pairsHeld: Int
        /// For each run, in the order of the files: the ordered pairs it is in, either way,
        /// whose interval did not hold the other's value, of `2 · (runs − 1)`.
        public let missesByRun: [Int]
    }

    /// Row by row, the rows sorted, each row's cells together.
    public var cells: [Cell] {
        order.flatMap { row in tallyRange(of: Int(row)).map(cell(at:)) }
    }
    public let runs: Int

    /// One row's figure over the K runs, as `Cell` says it, kept in a few bytes: a proof over
    /// a million rows holds millions of them. The row is an index of `identities`, its misses by
    /// run are `runs` entries of `misses`, from `index · runs`.
    private struct Tally: Sendable {
        let row: Int32
        let figure: UInt8
        let held: Int32
        let pairsHeld: Int32
        let spread: Double
    }

    /// Row by row, in the order of `identities`, each row's tallies together in the order of
    /// `figures`.
    private let tallies: [Tally]
    /// Per tally, for each run: `Cell.missesByRun`.
    private let misses: [Int32]
    /// The identities of the rows measured in every run, in the order the first run's file
    /// has them, as text only where a row is printed.
    private let identities: IdentityFields
    /// Per row of `identities`, its `ResultIdentity.description` as bytes, one after another:
    /// the first cell of its line in the report and of its failures, written with no string
    /// made. Row `row`'s ends at `descriptionEnds[row]`.
    private let descriptions: [UInt8]
    private let descriptionEnds: [Int]
    /// Per row of `identities`, where its tallies start; then where the last row's end.
    private let tallyStarts: [Int32]
    /// The rows of `identities` in the order of their identities: the order of the report.
    private let order: [Int32]
    /// Per figure, in the order of `figures`: its tallies summed.
    private let figureTotals: [FigureTotal]

    /// - Parameter files: the K runs, each one run of the same suite (at least 3).
    public init(files: [ResultsFile]) {
        let runs = files.count
        self.runs = runs
        // Rows are matched by their identity's bytes; each identity is made once. Per group,
        // each run's row, where it is `ok` (a run has a group's row at most once). A file
        // named twice is one table (`IdentityGroups.sources`): its rows are told `ok`, and its
        // cells read, once.
        let groups = IdentityGroups(files)
        let sources = groups.sources
        var rowOf = [Int32](repeating: -1, count: groups.count * runs)
        var found = [Int32](repeating: 0, count: groups.count)
        for (number, file) in files.enumerated() where sources[number] == number {
            let copies = sources.indices.filter { sources[$0] == number }
            for row in 0..<file.table.count where file.table.kinds[row].isOK {
                let group = groups.group(file: number, row: row)
                for copy in copies { rowOf[group * runs + copy] = Int32(row) }
                found[group] += Int32(copies.count)
            }
        }
        // Groups are numbered as first met, the first file's rows first: read in this order,
        // each file's cells are read near the order of its bytes, not all over them.
        let measured = (0..<groups.count).filter { found[$0] == runs }
        // Where each run's file keeps each figure's three columns, found once: run `run`'s
        // of figure `index` at `run * figures.count + index`, in one array of plain values
        // (an array per run is retained and released at each cell).
        let columns = files.flatMap { file in
            Self.figures.map { figure in
                (
                    value: file.table.positions.position(of: figure.value),
                    low: file.table.positions.position(of: figure.low),
                    high: file.table.positions.position(of: figure.high)
                )
            }
        }
        let figureCount = Self.figures.count
        precondition(figureCount <= Int.bitWidth, "more figures than the bits of a row's mask")
        // The runs whose cells are read; the others copy their source's.
        let readRuns = (0..<runs).filter { sources[$0] == $0 }
        let copiedRuns = (0..<runs).filter { sources[$0] != $0 }
        let tables = files.map(\.table)
        // Whether each figure's empty bound is infinite, found once: a figure (with its
        // name) is not copied per row.
        let emptyBoundsAreInfinite = Self.figures.map(\.emptyBoundIsInfinite)
        // Room for every figure of every measured row at once: no array grown and copied.
        var tallies = [Tally]()
        tallies.reserveCapacity(measured.count * figureCount)
        // Zeros for every tally there may be, each counted where it lies and the rest cut
        // off at the end: no append per tally.
        var misses = [Int32](repeating: 0, count: measured.count * figureCount * runs)
        var tallyStarts = [Int32]()
        tallyStarts.reserveCapacity(measured.count + 1)
        let sheet = Sheet(runs: runs, figures: figureCount)
        // Each row's identity, gathered from the first file's row (every measured group's
        // first: its rows come first) while its bytes are read.
        let identityFields = RowIdentity.fields(of: tables[0])
        var identities = IdentityFields(width: identityFields.count, count: measured.count)
        var descriptions = [UInt8]()
        var descriptionEnds = [Int]()
        descriptionEnds.reserveCapacity(measured.count)
        for (position, group) in measured.enumerated() {
            let row = Int32(tallyStarts.count)
            tallyStarts.append(Int32(tallies.count))
            Self.gather(
                row: Int(rowOf[group * runs]), of: tables[0], fields: identityFields,
                into: &identities, describing: &descriptions)
            descriptionEnds.append(descriptions.count)
            // Run by run, every figure's value, then the bounds of the figures whose values
            // differ: each table is fetched (and retained) once a pass, not at each cell.
            sheet.lacking.update(repeating: false)
            for run in readRuns {
                let table = tables[run]
                // The run's row a few groups on, asked for ahead of its reads.
                if position + 4 < measured.count {
                    table.prefetch(row: Int(rowOf[measured[position + 4] * runs + run]))
                }
                let record = Int(rowOf[group * runs + run])
                for figure in 0..<figureCount {
                    let field = columns[run * figureCount + figure].value
                    if let value = table.number(row: record, field: field) {
                        sheet.values[sheet.place(figure, run)] = value
                    } else {
                        sheet.lacking[figure] = true
                    }
                }
            }
            for run in copiedRuns {
                sheet.copy(run: run, from: sources[run], figures: figureCount, bounds: false)
            }
            // Bounds are read only for values that can be tallied: the figures whose values
            // differ, a bit each (`figures` has seven).
            var differing = 0
            for figure in 0..<figureCount where sheet.valuesDiffer(figure) {
                differing |= 1 << figure
            }
            guard differing != 0 else { continue }
            for run in readRuns {
                let table = tables[run]
                let record = Int(rowOf[group * runs + run])
                for figure in 0..<figureCount where differing & (1 << figure) != 0 {
                    let at = columns[run * figureCount + figure]
                    let unbounded = emptyBoundsAreInfinite[figure]
                    sheet.lows[sheet.place(figure, run)] =
                        table.number(row: record, field: at.low) ?? (unbounded ? -.infinity : .nan)
                    sheet.highs[sheet.place(figure, run)] =
                        table.number(row: record, field: at.high) ?? (unbounded ? .infinity : .nan)
                }
            }
            for run in copiedRuns {
                sheet.copy(run: run, from: sources[run], figures: figureCount, bounds: true)
            }
            for figure in 0..<figureCount where differing & (1 << figure) != 0 {
                let start = tallies.count * runs
                let (held, pairsHeld, spread) = misses.withUnsafeMutableBufferPointer {
                    sheet.tally(figure, missesByRun: $0.extracting(start..<(start + runs)))
                }
                tallies.append(
                    Tally(
                        row: row, figure: UInt8(figure), held: Int32(held),
                        pairsHeld: Int32(pairsHeld), spread: spread))
            }
        }
        tallyStarts.append(Int32(tallies.count))
        self.identities = identities
        order = identities.order().map(Int32.init)
        self.descriptions = descriptions
        self.descriptionEnds = descriptionEnds
        self.tallies = tallies
        figureTotals = Self.totals(of: tallies)
        misses.removeLast(misses.count - tallies.count * runs)
        self.misses = misses
        self.tallyStarts = tallyStarts
    }

    /// Gathers the identifying `fields` of row `row` of `table` into `identities`, and its
    /// description (`ResultIdentity.description`) into `descriptions`.
    private static func gather(
        row: Int, of table: RowTable, fields: [Int?], into identities: inout IdentityFields,
        describing descriptions: inout [UInt8]
    ) {
        table.bytes.withUnsafeBufferPointer { bytes in
            // A column the file lacks reads as empty.
            func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                let range = fields[index].map { table.range(row: row, field: $0) } ?? 0..<0
                return UnsafeBufferPointer(rebasing: bytes[range])
            }
            for index in fields.indices { identities.append(field(index)) }
            ResultIdentity.appendDescription(
                scenario: field(0), parameters: field(1), sweep: field(2), variant: field(3),
                to: &descriptions)
        }
    }

    /// The description of row `row` of `identities`, as bytes.
    private func description(of row: Int) -> ArraySlice<UInt8> {
        descriptions[(row == 0 ? 0 : descriptionEnds[row - 1])..<descriptionEnds[row]]
    }

    /// The tallies of row `row` of `identities`.
    private func tallyRange(of row: Int) -> Range<Int> {
        Int(tallyStarts[row])..<Int(tallyStarts[row + 1])
    }

    /// The cell of tally `index`.
    private func cell(at index: Int) -> Cell {
        let tally = tallies[index]
        let figure = Self.figures[Int(tally.figure)]
        return Cell(
            row: identities.identity(Int(tally.row)), figure: figure.name, judged: figure.judged,
            held: Int(tally.held), runs: runs, spread: tally.spread,
            pairsHeld: Int(tally.pairsHeld),
            missesByRun: misses[(index * runs)..<((index + 1) * runs)].map(Int.init))
    }

    /// One row's figures in each of the K runs, as read, with what a tally of them needs:
    /// made once for a proof, not for each of its cells, and its places used again row after
    /// row. Held behind pointers, not in arrays: an array written cell by cell is checked
    /// unique at each write (six million over 100,000 rows).
    ///
    /// Safe as used: every place is initialized when allocated, and read or written only at
    /// `place(figure, run)` with `figure` below the figures and `run` below `runs`, inside
    /// each buffer. Noncopyable, so that it has one owner, which frees it once; the views
    /// `tally` takes of it end with the call.
    private struct Sheet: ~Copyable {
        let runs: Int
        /// Per figure and run, at `figure * runs + run`: its value; its interval's bounds,
        /// read only for the figures whose values differ (`valuesDiffer`), an empty one
        /// already what it means (`Figure.emptyBoundIsInfinite`).
        let values: UnsafeMutableBufferPointer<Double>
        let lows: UnsafeMutableBufferPointer<Double>
        let highs: UnsafeMutableBufferPointer<Double>
        /// Per figure: whether a run lacks its value.
        let lacking: UnsafeMutableBufferPointer<Bool>
        /// One figure's values, sorted by `tally`.
        private let sorted: UnsafeMutableBufferPointer<Double>

        init(runs: Int, figures: Int) {
            self.runs = runs
            values = .allocate(capacity: figures * runs)
            lows = .allocate(capacity: figures * runs)
            highs = .allocate(capacity: figures * runs)
            for places in [values, lows, highs] { places.initialize(repeating: 0) }
            lacking = .allocate(capacity: figures)
            lacking.initialize(repeating: false)
            sorted = .allocate(capacity: runs)
            sorted.initialize(repeating: 0)
        }

        deinit {
            for places in [values, lows, highs, sorted] { places.deallocate() }
            lacking.deallocate()
        }

        /// Where run `run`'s cell of figure `figure` is.
        @inline(__always)
        func place(_ figure: Int, _ run: Int) -> Int { figure &* runs &+ run }

        /// Figure `figure`'s cells of `places`, one a run.
        @inline(__always)
        private func cells(_ places: UnsafeMutableBufferPointer<Double>, of figure: Int)
            -> UnsafeBufferPointer<Double>
        {
            UnsafeBufferPointer(start: places.baseAddress! + place(figure, 0), count: runs)
        }

        /// Copies run `source`'s values of every figure to run `run`'s places, and their bounds
        /// when `bounds`.
        func copy(run: Int, from source: Int, figures: Int, bounds: Bool) {
            for figure in 0..<figures {
                values[place(figure, run)] = values[place(figure, source)]
                guard bounds else { continue }
                lows[place(figure, run)] = lows[place(figure, source)]
                highs[place(figure, run)] = highs[place(figure, source)]
            }
        }

        /// Whether every run has figure `figure`'s value and two or more runs' values differ
        /// (as a set of them tells: -0 and 0 are one). Otherwise there is nothing to cover: a
        /// run lacks the value, or every run has the same (the baseline's own ratio, 1, and
        /// the floor's net ratio, 0).
        func valuesDiffer(_ figure: Int) -> Bool {
            guard !lacking[figure] else { return false }
            let first = values[place(figure, 0)]
            for run in 1..<runs where values[place(figure, run)] != first { return true }
            return false
        }

        /// The runs whose interval held the others' median, the ordered pairs of runs whose
        /// first's interval held the second's value, and the spread, of figure `figure`'s
        /// values, which differ (`valuesDiffer`), and bounds; each pair's misses counted for
        /// both its runs into `missesByRun` (`Cell.missesByRun`), `runs` zeros.
        func tally(_ figure: Int, missesByRun: UnsafeMutableBufferPointer<Int32>) -> (
            held: Int, pairsHeld: Int, spread: Double
        ) {
            var held = 0
            var pairsHeld = 0
            let values = cells(self.values, of: figure)
            let lows = cells(self.lows, of: figure)
            let highs = cells(self.highs, of: figure)
            // The others' median is the median of every value but one: read from the values
            // sorted once, the one left out skipped.
            var sorting = self.sorted
            _ = sorting.update(fromContentsOf: values)
            sorting.sort()
            let sorted = UnsafeBufferPointer(sorting)
            let othersMedian = OthersMedian(sorted: sorted)
            for index in 0..<runs {
                let target = othersMedian.leaving(values[index])
                let low = lows[index]
                let high = highs[index]
                if low <= target && target <= high { held += 1 }
                for other in 0..<runs where other != index {
                    let value = values[other]
                    if low <= value && value <= high {
                        pairsHeld += 1
                    } else {
                        missesByRun[index] += 1
                        missesByRun[other] += 1
                    }
                }
            }
            let median = Percentile.of(sorted: sorted, fraction: 0.5)
            let spread = median == 0 ? .nan : (sorted[runs - 1] - sorted[0]) / abs(median)
            return (held, pairsHeld, spread)
        }
    }

    /// The median (`Percentile.median`) of sorted values without one of them: what the
    /// median of the other values, sorted, is. Where the middle ones are depends only on how
    /// many values there are, so it is found once for a row's figure, not once for each
    /// value left out.
    struct OthersMedian {
        let sorted: UnsafeBufferPointer<Double>
        /// The rank, among the others, of the lower middle value.
        private let lower: Int
        /// How far between it and the next the median is: 0 or one half.
        private let weight: Double

        init(sorted: UnsafeBufferPointer<Double>) {
            self.sorted = sorted
            let position = Double(sorted.count - 2) * 0.5
            lower = Int(position.rounded(.down))
            weight = position - Double(lower)
        }

        /// The median of `sorted` without one value equal to `value`; without the last where
        /// none is equal (a `nan`).
        func leaving(_ value: Double) -> Double {
            let left = sorted.firstIndex(of: value) ?? sorted.count
            let count = sorted.count - 1
            guard count > 0 else { return .nan }
            func element(_ rank: Int) -> Double { sorted[rank < left ? rank : rank + 1] }
            guard lower + 1 < count else { return element(count - 1) }
            return element(lower) + weight * (element(lower + 1) - element(lower))
        }
    }

    /// Whether any cell is judged: some row, measured in every run, has a judged figure
    /// whose value differs between the runs. Without one there is no proof to pass.
    public var judgesAnything: Bool { tallies.contains { isJudged($0) } }

    /// Whether `tally`'s figure is judged.
    private func isJudged(_ tally: Tally) -> Bool { Self.figures[Int(tally.figure)].judged }

    /// One figure's tallies summed over every row.
    private struct FigureTotal: Sendable {
        /// Its tallies: the rows with a cell of it.
        var rows = 0
        /// Runs whose interval held the others' median.
        var held = 0
        /// Ordered pairs of runs whose first's interval held the second's value.
        var pairsHeld = 0
    }

    /// `tallies` summed per figure (in the order of `figures`), in one pass: the report asks
    /// each figure's three times.
    private static func totals(of tallies: [Tally]) -> [FigureTotal] {
        var totals = Array(repeating: FigureTotal(), count: figures.count)
        for tally in tallies {
            let figure = Int(tally.figure)
            totals[figure].rows += 1
            totals[figure].held += Int(tally.held)
            totals[figure].pairsHeld += Int(tally.pairsHeld)
        }
        return totals
    }

    /// The totals of `figure` (`Figure`s are told apart by their names); none for a figure
    /// not in `figures`.
    private func figureTotal(of figure: Figure) -> FigureTotal {
        Self.figures.firstIndex { $0.name == figure.name }.map { figureTotals[$0] }
            ?? FigureTotal()
    }

    /// A figure's cells over every row: runs held, of all.
    public func total(of figure: Figure) -> (held: Int, of: Int) {
        let total = figureTotal(of: figure)
        return (total.held, total.rows * runs)
    }

    /// A figure's cells over every row: ordered pairs of runs whose first's interval held the
    /// second's value, of all.
    public func pairTotal(of figure: Figure) -> (held: Int, of: Int) {
        let total = figureTotal(of: figure)
        return (total.pairsHeld, total.rows * runs * (runs - 1))
    }

    /// For each run, in the order of the files: the judged pairs it is in (either way, over
    /// every judged row and figure) whose interval missed the other's value, and of how many.
    /// A run whose misses stand far above the others' is an outlier (a noisy stretch of the
    /// host); misses spread over every run are the intervals' own.
    public var missesByRun: [(missed: Int, of: Int)] {
        var missed = Array(repeating: 0, count: runs)
        var of = 0
        for (index, tally) in tallies.enumerated() where isJudged(tally) {
            for run in 0..<runs { missed[run] += Int(misses[index * runs + run]) }
            of += 2 * (runs - 1)
        }
        return missed.map { (missed: $0, of: of) }
    }

    /// Why the proof fails: one line per judged figure whose share of single re-runs is
    /// outside the band, and per judged row under `rowShare`; empty when it passes.
    public var failures: [String] {
        var lines = [String]()
        forEachFailure { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines
    }

    /// `body` over each line of `failures` in turn, as its bytes: a proof over a million rows
    /// may fail on hundreds of thousands, each written as it is made.
    public func forEachFailure<Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        var line = [UInt8]()
        func pass() throws(Failure) {
            try line.withUnsafeBufferPointer { (line) throws(Failure) in try body(line) }
            line.removeAll(keepingCapacity: true)
        }
        for figure in Self.figures where figure.judged {
            let (held, of) = pairTotal(of: figure)
            guard of > 0 else { continue }
            let share = Double(held) / Double(of)
            if !Self.band.contains(share) {
                line +=
                    "\(figure.name): holds \(RelativeChange.percent(share)) of single re-runs, outside \(RelativeChange.percent(Self.band.lowerBound))–\(RelativeChange.percent(Self.band.upperBound))"
                    .utf8
                try pass()
            }
        }
        let pairs = runs * (runs - 1)
        for row in order {
            for tally in tallies[tallyRange(of: Int(row))] where isJudged(tally) {
                guard Double(tally.pairsHeld) < Self.rowShare * Double(pairs) else { continue }
                // `identity figure: held of pairs re-runs`
                line += description(of: Int(row))
                line.append(UInt8(ascii: " "))
                line += Self.figures[Int(tally.figure)].name.utf8
                line += ": ".utf8
                line.appendDescription(of: Int64(tally.pairsHeld))
                line += " of ".utf8
                line.appendDescription(of: Int64(pairs))
                line += " re-runs".utf8
                try pass()
            }
        }
    }

    /// The report: each figure's totals, then each row's single re-runs held and spread.
    public func report(label: String) -> String {
        var output = TextOutput()
        do {
            try write(label: label, into: &output)
        } catch {
            preconditionFailure("an output kept whole is written nowhere: \(error)")
        }
        return output.text
    }

    /// Writes the report (`report(label:)`) to `output`, passed on as it fills: its table
    /// has a line per row, a million of them for a history's worth, measured first and made
    /// again line by line where printed, never held whole.
    public func write(label: String, into output: inout TextOutput) throws(FileError) {
        output.append(
            "\(label): \(runs) runs; how often one run's interval holds another run's value (a single re-run: judged), and the median of the others' (reported)\n"
        )
        var totals = TextTable(
            header: ["figure", "a single re-run", "others' median", "rows", "judged"])
        func share(_ held: Int, _ of: Int) -> String {
            of == 0 ? "—" : "\(held)/\(of) \(RelativeChange.percent(Double(held) / Double(of)))"
        }
        for figure in Self.figures {
            let (held, of) = total(of: figure)
            let pairs = pairTotal(of: figure)
            let rows = figureTotal(of: figure).rows
            totals.rows.append([
                figure.name, share(pairs.held, pairs.of), share(held, of),
                "\(rows)", figure.judged ? "95% of a re-run" : "this run only: reported",
            ])
        }
        output.append(totals.render())
        output.append(byte: UInt8(ascii: "\n"))
        // Each row's tallies are together (`init`), and the rows' order is kept: found
        // without sorting or searching again.
        let header = ["row"] + Self.figures.map(\.name)
        var widths = header.map(CharacterCount.of)
        // Each row's cells written as bytes, into one row's room: no string per cell. Only
        // a row that may widen a column is written to be measured (`mayWiden`).
        var cells = TextTable.ByteRow()
        for row in order where mayWiden(Int(row), widths) && rowCells(Int(row), into: &cells) {
            cells.bytes.withUnsafeBufferPointer { bytes in
                for column in cells.ends.indices {
                    let cell = UnsafeBufferPointer(rebasing: bytes[cells.range(column)])
                    widths[column] = max(widths[column], CharacterCount.of(cell))
                }
            }
        }
        let left = header.indices.map { $0 == 0 }
        TextTable.Lines.append(header, widths: widths, left: left, indent: "  ", to: &output.bytes)
        for row in order where rowCells(Int(row), into: &cells) {
            output.append(byte: UInt8(ascii: "\n"))
            TextTable.Lines.append(
                cells, widths: widths, left: left, indent: "  ", to: &output.bytes)
            try output.flushIfFull()
        }
    }

    /// Whether a cell of row `row` of `identities` in the report's table (`rowCells`) may
    /// be wider than its column's `widths`: told from a bound on each cell's characters,
    /// with no cell written. A row that cannot widen any column need not be measured.
    private func mayWiden(_ row: Int, _ widths: [Int]) -> Bool {
        // A character takes at least one byte.
        let start = row == 0 ? 0 : descriptionEnds[row - 1]
        if descriptionEnds[row] - start > widths[0] { return true }
        // `held/pairs ±percent`
        let pairs = Self.digits(runs * (runs - 1))
        for tally in tallies[tallyRange(of: row)] {
            let percent = Self.percentWidthBound(tally.spread / 2)
            let bound = Self.digits(Int(tally.pairsHeld)) + 1 + pairs + 2 + percent
            if bound > widths[Int(tally.figure) + 1] { return true }
        }
        return false
    }

    /// The decimal digits of `value`, at least 0.
    private static func digits(_ value: Int) -> Int {
        var count = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return value < 0 ? count + 1 : count
    }

    /// At least the characters `RelativeChange.appendPercent(fraction)` writes: a sign,
    /// the whole digits of the percentage rounded to two decimals (at most 0.01 more than
    /// it), a point, two decimals and `%`; `Int.max` where it may write more (a value that
    /// is not finite, or too large for `NumberFormat.fixed` to write by hand).
    private static func percentWidthBound(_ fraction: Double) -> Int {
        let percent = abs(fraction * 100)
        guard percent < 1e6 else { return .max }
        let rounded = percent * (1 + 1e-6) + 0.011
        var whole = 1
        var power = 10.0
        while rounded >= power {
            whole += 1
            power *= 10
        }
        return 1 + whole + 3 + 1
    }

    /// The most bytes a tally's cell takes: two whole numbers, `/`, ` ±` (three bytes) and a
    /// percentage.
    private static let cellRoom = 20 + 1 + 20 + 3 + RelativeChange.percentRoom

    /// Writes the cells of row `row` of `identities` in the report's table to `cells`: its
    /// identity, then each figure's pairs held and spread, empty where the row has no tally
    /// of it. False, with nothing written, for a row without tallies (not in the table).
    private func rowCells(_ row: Int, into cells: inout TextTable.ByteRow) -> Bool {
        let range = tallyRange(of: row)
        guard !range.isEmpty else { return false }
        cells.removeAll()
        cells.append(description(of: row))
        cells.endCell()
        let pairs = Int64(runs * (runs - 1))
        // A row's tallies are in the order of `figures`, a figure at most once.
        var figure = 0
        for tally in tallies[range] {
            while figure < Int(tally.figure) {
                cells.endCell()
                figure += 1
            }
            // `held/pairs ±percent`, written on the stack and appended once: appended part by
            // part, a cell took six appends of about a hundred instructions each.
            cells.write { text in
                StackBytes.append(room: Self.cellRoom, to: &text) { cell in
                    cell.add(decimal: Int64(tally.pairsHeld))
                    cell.add(UInt8(ascii: "/"))
                    cell.add(decimal: pairs)
                    cell.add(" ±")
                    RelativeChange.addPercent(tally.spread / 2, to: &cell)
                }
            }
            cells.endCell()
            figure += 1
        }
        while figure < Self.figures.count {
            cells.endCell()
            figure += 1
        }
        return true
    }
}
