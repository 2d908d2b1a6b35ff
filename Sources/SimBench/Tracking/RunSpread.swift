import Foundation

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
        // CPU ratios where every pattern row has one; else wall, as compare falls back.
        let hasCPURatios = files.allSatisfy { file in
            file.records.allSatisfy {
                !($0.isOK && $0.role == .pattern) || $0.number(.cpuRatioToBaseline) != nil
            }
        }
        let metric = requested == .cpu && hasCPURatios ? TimeMetric.cpu : .wall
        self.metric = metric

        // Rows are matched by their identity's bytes; each identity is made once.
        let groups = IdentityGroups(files)
        var identities = [ResultIdentity?](repeating: nil, count: groups.count)
        func identity(_ group: Int) -> ResultIdentity {
            if let identity = identities[group] { return identity }
            let (file, row) = groups.first(group)
            let identity = files[file].records[row].identity
            identities[group] = identity
            return identity
        }

        /// The values of `column` of the rows `keep` accepts, by identity, in first-seen order.
        func collect(_ column: ResultColumn, where keep: (ResultsRecord) -> Bool)
            -> [(ResultIdentity, [Double])]
        {
            var order = [Int]()
            var values = [[Double]](repeating: [], count: groups.count)
            for (number, file) in files.enumerated() {
                for (row, record) in file.records.enumerated() where record.isOK && keep(record) {
                    guard let value = record.number(column) else { continue }
                    let group = groups.group(file: number, row: row)
                    if values[group].isEmpty { order.append(group) }
                    values[group].append(value)
                }
            }
            return order.map { (identity($0), values[$0]) }
        }

        ratios = collect(metric.columns.ratio) { $0.role == .pattern }.map { identity, values in
            let sorted = values.sorted()
            let median = Percentile.median(sorted: sorted)
            return Figure(
                identity: identity, figure: "ratio", values: values,
                spread: median > 0 ? (sorted.last! - sorted.first!) / median : nil, changes: [])
        }

        var counts = [Figure]()
        for (column, figure) in [
            (ResultColumn.instructionsPerEvent, "instructions"),
            (.estimatedCyclesPerEvent, "cycles"),
        ] {
            counts += collect(column) { _ in true }.map { identity, values in
                let low = values.min()!
                return Figure(
                    identity: identity, figure: figure, values: values,
                    spread: low > 0 ? (values.max()! - low) / low : nil, changes: [])
            }
        }
        self.counts = counts
        var missing = [ResultIdentity]()
        var missed = [Bool](repeating: false, count: groups.count)
        for (number, file) in files.enumerated() {
            for (row, record) in file.records.enumerated()
            where record.number(.instructionsPerEvent) == nil
                || record.number(.estimatedCyclesPerEvent) == nil
            {
                let group = groups.group(file: number, row: row)
                if !missed[group] {
                    missed[group] = true
                    missing.append(identity(group))
                }
            }
        }
        countsMissing = missing

        baselineDrift = collect(.cpuPerReference) { $0.isBaselineVariant }.map {
            identity, values in
            let median = Percentile.median(sorted: values.sorted())
            return Figure(
                identity: identity, figure: "cpu/reference", values: values, spread: nil,
                changes: median > 0 ? values.map { $0 / median - 1 } : [])
        }
    }

    /// The largest ratio spread, or nil without ratios.
    public var widestRatioSpread: Double? { ratios.compactMap(\.spread).max() }
    /// The largest count spread, or nil without counts.
    public var widestCountSpread: Double? { counts.compactMap(\.spread).max() }
}
