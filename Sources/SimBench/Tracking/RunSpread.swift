import Foundation
import SimBenchCore

/// How far the same figures spread over several runs of one binary (`simbench spread`): the
/// A/A view of a suite, which says whether unchanged code looks unchanged.
///
/// - Each pattern variant's ratio to its baseline variant, in the metric `compare` judges
///   (CPU time where every pattern row has it, else wall time, as `compare` falls back): `(max −
///   min) / median` over the runs.
/// - Each row's instructions and estimated cycles per event, where the runs counted: `(max −
///   min) / min`, counts being the same run after run; a row without them is listed.
/// - Each baseline variant's CPU time over the machine-speed reference (the figure `compare`
///   judges it on), run by run against its median over the runs: where the runs drifted.
///   It decides nothing; runs whose baselines all moved together point at the host.
///
/// Rows are matched by their identity (scenario, params, sweep, variant); only rows whose
/// status is `ok` carry figures.
public struct RunSpread: Sendable {
    /// One figure over the runs.
    public struct Figure: Sendable, Equatable {
        public var identity: ResultIdentity
        /// `ratio`, `instructions`, `cycles` or `cpu/reference`.
        public var figure: String
        /// Its value in each run that has it, in the files' order.
        public var values: [Double]
        /// Ratios: `(max − min) / median`; counts: `(max − min) / min`; drift: nil.
        public var spread: Double?
        /// Drift only: each value's change against the median, `value / median − 1`.
        public var changes: [Double]
    }

    /// The files, in the order given.
    public let paths: [String]
    /// The time metric of the ratios: `cpu`, or `wall` when a file lacks CPU columns.
    public let metric: TimeMetric
    public let ratios: [Figure]
    public let counts: [Figure]
    /// Rows of the runs without instructions or estimated cycles per event.
    public let countsMissing: [ResultIdentity]
    public let baselineDrift: [Figure]

    /// The spread of `files`' figures; `metric` as in a comparison (CPU by default).
    public init(files: [ResultsFile], metric requested: TimeMetric = .cpu) {
        paths = files.map(\.path)

        // Rows are matched by their identity's bytes, row by row where the runs list them
        // alike (`IdentityGroups`); each identity is made once.
        let groups = IdentityGroups(files)
        var identities = [ResultIdentity?](repeating: nil, count: groups.count)
        func identity(_ group: Int) -> ResultIdentity {
            if let identity = identities[group] { return identity }
            let (file, row) = groups.first(group)
            let identity = files[file].records[row].identity
            identities[group] = identity
            return identity
        }

        // Every figure gathered in one pass over each file's rows, each row's cells read
        // while its bytes are at hand (a file of 100,000 rows is larger than any cache),
        // from columns found once per file: per figure, the values by identity, in the
        // order first found. The ratios are gathered in the metric asked for; CPU ratios
        // fall back to wall, as compare does, where a file's pattern row lacks one, and only
        // then are the rows read again for them.
        var ratioValues = Gathered(groups: groups.count, files: files.count)
        var instructions = Gathered(groups: groups.count, files: files.count)
        var cycles = Gathered(groups: groups.count, files: files.count)
        var drift = Gathered(groups: groups.count, files: files.count)
        var missing = [ResultIdentity]()
        var missed = [Bool](repeating: false, count: groups.count)
        var hasCPURatios = true
        for (number, file) in files.enumerated() {
            let table = file.table
            let columns = Columns(table.positions, ratio: requested.columns.ratio)
            for row in 0..<table.count {
                let group = groups.group(file: number, row: row)
                let instructionCount = table.number(row: row, field: columns.instructions)
                let cycleCount = table.number(row: row, field: columns.cycles)
                if instructionCount == nil || cycleCount == nil, !missed[group] {
                    missed[group] = true
                    missing.append(identity(group))
                }
                guard table.kinds[row].isOK else { continue }
                if table.holds(row: row, field: columns.role, Columns.pattern) {
                    if let value = table.number(row: row, field: columns.ratio) {
                        ratioValues.add(value, to: group)
                    } else if requested == .cpu {
                        hasCPURatios = false
                    }
                } else if table.kinds[row].isBaseline,
                    let value = table.number(row: row, field: columns.cpuPerReference)
                {
                    drift.add(value, to: group)
                }
                if let instructionCount { instructions.add(instructionCount, to: group) }
                if let cycleCount { cycles.add(cycleCount, to: group) }
            }
        }
        let metric = hasCPURatios ? requested : TimeMetric.wall
        self.metric = metric
        if metric != requested {
            ratioValues = Gathered(groups: groups.count, files: files.count)
            for (number, file) in files.enumerated() {
                let table = file.table
                let columns = Columns(table.positions, ratio: metric.columns.ratio)
                for row in 0..<table.count
                where table.kinds[row].isOK
                    && table.holds(row: row, field: columns.role, Columns.pattern)
                {
                    if let value = table.number(row: row, field: columns.ratio) {
                        ratioValues.add(value, to: groups.group(file: number, row: row))
                    }
                }
            }
        }

        // Each figure made straight from its group's values: no list of (identity, values)
        // between, which at a million rows is tens of megabytes more at the peak.
        ratios = ratioValues.figures { group, values in
            let sorted = values.sorted()
            let median = Percentile.median(sorted: sorted)
            return Figure(
                identity: identity(group), figure: "ratio", values: values,
                spread: median > 0 ? (sorted.last! - sorted.first!) / median : nil, changes: [])
        }

        var counts = [Figure]()
        for (gathered, figure) in [(instructions, "instructions"), (cycles, "cycles")] {
            counts += gathered.figures { group, values in
                let low = values.min()!
                return Figure(
                    identity: identity(group), figure: figure, values: values,
                    spread: low > 0 ? (values.max()! - low) / low : nil, changes: [])
            }
        }
        self.counts = counts
        countsMissing = missing

        baselineDrift = drift.figures { group, values in
            let median = Percentile.median(sorted: values.sorted())
            return Figure(
                identity: identity(group), figure: "cpu/reference", values: values, spread: nil,
                changes: median > 0 ? values.map { $0 / median - 1 } : [])
        }
    }

    /// Where a file keeps the cells spread reads, found once for the file.
    private struct Columns {
        let role: Int?
        let ratio: Int?
        let instructions: Int?
        let cycles: Int?
        let cpuPerReference: Int?

        static let pattern = VariantRole.pattern.rawValue

        /// The columns in `positions`, the ratios' in column `ratio`.
        init(_ positions: ColumnPositions, ratio: ResultColumn) {
            role = positions.position(of: .role)
            self.ratio = positions.position(of: ratio)
            instructions = positions.position(of: .instructionsPerEvent)
            cycles = positions.position(of: .estimatedCyclesPerEvent)
            cpuPerReference = positions.position(of: .cpuPerReference)
        }
    }

    /// One figure's values by identity group, as the rows are read.
    private struct Gathered {
        let groups: Int
        /// The most values a group gets: one per file.
        let files: Int
        /// The groups in the order their first value was found.
        private var order = [Int]()
        /// Per group, its values; made at the first value, for a figure some file has.
        private var values = [[Double]]()

        init(groups: Int, files: Int) {
            self.groups = groups
            self.files = files
        }

        mutating func add(_ value: Double, to group: Int) {
            if values.isEmpty { values = Array(repeating: [], count: groups) }
            if values[group].isEmpty {
                order.append(group)
                // Room for a value from each file at once: no array grown, and none left
                // behind, for each of a million groups.
                values[group].reserveCapacity(files)
            }
            values[group].append(value)
        }

        /// A figure of each group's values (`figure(group, values)`), in the order first
        /// found.
        consuming func figures(_ figure: (Int, [Double]) -> Figure) -> [Figure] {
            var figures = [Figure]()
            figures.reserveCapacity(order.count)
            for group in order { figures.append(figure(group, values[group])) }
            return figures
        }
    }

    /// The largest ratio spread, or nil without ratios.
    public var widestRatioSpread: Double? { ratios.compactMap(\.spread).max() }
    /// The largest count spread, or nil without counts.
    public var widestCountSpread: Double? { counts.compactMap(\.spread).max() }
}
