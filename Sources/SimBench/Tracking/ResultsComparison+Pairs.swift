import Foundation

/// `simbench ab`: the verdicts between two builds run as alternating pairs of processes.
///
/// Each pair holds one run of each build, one right after the other (ABBA order across
/// pairs). For every (scenario, params, sweep, variant) in both builds, each pair gives one change:
/// the log of head's figure over base's, on the basis `compare` would pick for that row
/// (the ratio to the scenario's baseline variant for patterns, CPU time over the
/// machine-speed reference for baseline variants, …). The change's 95% interval is
/// Student's t interval of the mean of those log changes: the pair is the unit, so the
/// interval holds whatever moves one process against another (heap layout, thread
/// placement, the machine's hour), which the intervals inside one run do not. Verdicts then
/// follow `compare`'s rule: past the threshold, with the interval excluding zero.
extension ResultsComparison {
    /// How a paired verdict is reached, in one paragraph.
    public static let pairedMethod = """
        The two builds ran as alternating child processes, in pairs (ABBA order). A row's \
        change is the mean over pairs of log(head / base) on the figure compare judges \
        (patterns: the ratio to the scenario's baseline variant in the same run; baseline \
        variants: CPU time over the machine-speed reference); its 95% CI is Student's t \
        interval over the pairs, so it includes the variance between processes (and \
        between code layouts, when every run has its own). A change counts when it passes \
        the threshold and its CI excludes 0 (a paired t test: at most 5% of rows flag when \
        nothing changed, and the interval narrows as pairs are added), unless the row's \
        instructions per event (and estimated cycles, where counted) stayed within their \
        thresholds: then it is a layout or environment shift, shown and not counted. When a \
        scenario's baseline variant moved, its patterns are judged on their own CPU time \
        over the machine-speed reference, and a move of their ratio is reported as moved \
        with the baseline. An unflagged row says the smallest change it would have flagged \
        (the larger of the threshold and the CI's half-width) and the true change caught 4 \
        times in 5 (80% power). Allocations per event and counts are judged on the median \
        pair.
        """

    /// How the layouts enter, in one paragraph (appended with layouts on).
    public static let layoutMethod = """
        Every run was linked with its own code layout (functions in their own sections, \
        shuffled by the linker with a seed per run), so the pairs' spread, and with it the \
        CI and the smallest visible change, holds the spread between layouts.
        """

    /// Compares head with base over `pairs`, each pair one results file of each build.
    ///
    /// Rows on one side only (by the first pair's files) are listed, not judged. A row is
    /// not judged when a pair lacks it, when its basis differs between pairs, or with fewer
    /// than 2 pairs.
    ///
    /// - Parameter layouts: every run was linked with a code layout of its own (the A/B
    ///   comparison's code layouts), which the report's method says.
    ///
    /// - Throws: `ResultsFileError` when a file has no rows or the builds have no row in
    ///   common.
    public init(
        pairs: [(base: ResultsFile, head: ResultsFile)], thresholds: RegressionThresholds = .init(),
        ignoringParameters: Bool = false, layouts: Bool = false, baseSummary: String,
        headSummary: String
    ) throws(ResultsFileError) {
        guard let first = pairs.first else {
            throw ResultsFileError(path: "", line: 1, column: nil, message: "no pairs to compare")
        }
        for pair in pairs {
            for file in [pair.base, pair.head] { try file.requireRows(toDo: "compare") }
        }
        var indexed = [(base: Index, head: Index)]()
        for pair in pairs {
            indexed.append(
                (
                    try ResultsComparison.index(
                        pair.base, ignoringParameters: ignoringParameters, thresholds: thresholds),
                    try ResultsComparison.index(
                        pair.head, ignoringParameters: ignoringParameters, thresholds: thresholds)
                ))
        }
        let before = indexed[0].base
        let after = indexed[0].head
        guard Set(after.order).contains(where: { before.rows[$0] != nil }) else {
            throw ResultsComparison.nothingInCommon(first.base, first.head, thresholds: thresholds)
        }

        // Each verdict kept with the first pair's row of its identity.
        var results = VerdictTable(rows: first.head.table)
        var notes = [String]()
        var answers = [(before: String, now: String)]()
        let common = after.order.filter { before.rows[$0] != nil }
        /// One (base, head) per pair that has the row.
        func pairRows(_ key: ResultIdentity) -> [(ResultsRecord, ResultsRecord)] {
            indexed.compactMap { pair -> (ResultsRecord, ResultsRecord)? in
                guard let old = pair.base.rows[key], let new = pair.head.rows[key] else {
                    return nil
                }
                return (old, new)
            }
        }
        /// Counts, not samples: the pair with the median change speaks for all, figure by
        /// figure.
        func countsOfMedianPair(_ rows: [(ResultsRecord, ResultsRecord)]) -> [MetricComparison] {
            let counts = rows.map {
                ResultsComparison.counts(from: $0.0, to: $0.1, thresholds: thresholds)
            }
            var median = [MetricComparison]()
            for (index, figure) in (counts.first ?? []).enumerated() {
                let all = counts.compactMap { $0.count == counts[0].count ? $0[index] : nil }
                    .filter { $0.metric == figure.metric }
                    .sorted { ($0.change?.point ?? 0) < ($1.change?.point ?? 0) }
                if !all.isEmpty { median.append(all[all.count / 2]) }
            }
            return median
        }
        func judgeTime(
            _ rows: [(ResultsRecord, ResultsRecord)], counts: [MetricComparison],
            ownFigure: Bool = false
        ) -> MetricComparison {
            ResultsComparison.attributed(
                ResultsComparison.pairedTime(
                    rows, pairs: pairs.count, thresholds: thresholds, ownFigure: ownFigure),
                counts: counts)
        }
        // The baseline variants first: a pattern whose baseline moved is judged on its own.
        var movedBaselines = [ResultIdentity: MetricComparison]()
        for key in common where after.rows[key]!.isBaselineVariant {
            let rows = pairRows(key)
            let time = judgeTime(rows, counts: countsOfMedianPair(rows))
            if ResultsComparison.baselineMoved(time.verdict) {
                movedBaselines[ResultsComparison.scenarioKey(key)] = time
            }
        }
        for key in common {
            let rows = pairRows(key)
            let medianCounts = countsOfMedianPair(rows)
            var time = judgeTime(rows, counts: medianCounts)
            if !rows[0].1.isBaselineVariant, [.ratio, .cpuRatio].contains(time.basis),
                let moved = movedBaselines[ResultsComparison.scenarioKey(key)]
            {
                time = ResultsComparison.credited(
                    own: judgeTime(rows, counts: medianCounts, ownFigure: true), ratio: time,
                    baseline: moved)
            }
            let row = rows[0].1
            results.append(time, of: row)
            if time.verdict == .regression || time.verdict == .improvement,
                let was = PatternAnswer(record: rows[0].0),
                let now = PatternAnswer(record: rows[0].1)
            {
                answers.append((was.sentence, now.sentence))
            }
            // Allocations too: the pair with the median difference speaks for all.
            let allocations = rows.compactMap {
                ResultsComparison.allocations(from: $0.0, to: $0.1, thresholds: thresholds)
            }.sorted {
                ($0.current ?? 0) - ($0.baseline ?? 0) < ($1.current ?? 0) - ($1.baseline ?? 0)
            }
            if !allocations.isEmpty {
                results.append(allocations[allocations.count / 2], of: row)
            }
            for count in medianCounts { results.append(count, of: row) }
            notes += ResultsComparison.configurationNotes(
                rows[0].0, rows[0].1, ignoringParameters: ignoringParameters)
        }
        for (file, side) in [(first.base, "base"), (first.head, "head")]
        where file.records.contains(where: { $0[.buildConfig] == "debug" }) {
            notes.append("the \(side) is a debug build: its timings mean nothing")
        }
        let drift = ResultsComparison.driftNote(results, thresholds)
        results.sortByVerdict()
        self.init(
            baselinePath: first.base.path, currentPath: first.head.path, thresholds: thresholds,
            verdicts: results,
            onlyInBaseline: before.order.filter { after.rows[$0] == nil }.map {
                before.rows[$0]!.identity
            },
            onlyInCurrent: after.order.filter { before.rows[$0] == nil }.map {
                after.rows[$0]!.identity
            },
            notes: drift + notes, answers: answers,
            baselineSummary: baseSummary, currentSummary: headSummary)
        title = "paired comparison"
        methodText =
            ResultsComparison.pairedMethod + (layouts ? " " + ResultsComparison.layoutMethod : "")
    }

    /// The time rows that could not yet see a change of their threshold: judged over their
    /// pairs, not flagged, and with a 95% interval wider than the threshold
    /// (`PairedTest.seesThreshold`). Automatic pairs are added until there are none.
    public var rowsBlindToThreshold: [MetricComparison] {
        comparisons.filter { row in
            guard let test = row.pairedTest else { return false }
            return ![.regression, .improvement].contains(row.verdict) && !test.seesThreshold
        }
    }

    private init(
        baselinePath: String, currentPath: String, thresholds: RegressionThresholds,
        verdicts: VerdictTable, onlyInBaseline: [ResultIdentity],
        onlyInCurrent: [ResultIdentity],
        notes: [String], answers: [(before: String, now: String)], baselineSummary: String,
        currentSummary: String
    ) {
        self.baselinePath = baselinePath
        self.currentPath = currentPath
        self.thresholds = thresholds
        self.verdicts = verdicts
        self.onlyInBaseline = onlyInBaseline
        self.onlyInCurrent = onlyInCurrent
        self.notes = notes
        self.answers = answers
        self.baselineSummary = baselineSummary
        self.currentSummary = currentSummary
    }

    /// The time verdict of one row over its pairs (`rows`: base and head, one per pair that
    /// has the row; `pairs`: how many pairs ran), by `PairedTest`.
    ///
    /// - Parameter ownFigure: judge a pattern on its own figure, not its ratio
    ///   (`time(from:to:thresholds:ownFigure:)`).
    static func pairedTime(
        _ rows: [(ResultsRecord, ResultsRecord)], pairs: Int, thresholds: RegressionThresholds,
        ownFigure: Bool = false
    ) -> MetricComparison {
        // Each pair judged alone picks the basis and the figures; its own verdict is not used.
        let single = rows.map {
            time(from: $0.0, to: $0.1, thresholds: thresholds, ownFigure: ownFigure)
        }
        var result = single[0]
        result.change = nil
        result.verdict = .notJudged
        if let wrong = rows.firstIndex(where: { !$0.0.isOK || !$0.1.isOK }) {
            result.note = single[wrong].note
            return result
        }
        guard rows.count == pairs else {
            result.note = "in \(rows.count) of \(pairs) pairs only"
            return result
        }
        guard single.allSatisfy({ $0.basis == result.basis }) else {
            result.note =
                "the basis differs between pairs (\(Set(single.map(\.basis.rawValue)).sorted().joined(separator: ", ")))"
            return result
        }
        let logs = single.compactMap { one -> Double? in
            guard let before = one.baseline, let after = one.current, before > 0, after > 0 else {
                return nil
            }
            return log(after / before)
        }
        guard logs.count == single.count else {
            result.note = "no figure in a pair"
            return result
        }
        let absolute = [.nanoseconds, .cpuNanoseconds].contains(result.basis)
        result.baseline = Percentile.median(sorted: single.compactMap(\.baseline).sorted())
        result.current = Percentile.median(sorted: single.compactMap(\.current).sorted())
        let threshold =
            [.ratio, .cpuRatio].contains(result.basis) ? thresholds.ratio : thresholds.time
        let test = PairedTest(logs: logs, threshold: threshold)
        result.change = test.change
        let spread =
            "\(pairs) pair\(pairs == 1 ? "" : "s"), each \(RelativeChange.signedPercent(exp(logs.min()!) - 1)) to \(RelativeChange.signedPercent(exp(logs.max()!) - 1))"
        if absolute, !thresholds.judgesAbsoluteTime {
            result.note = thresholds.words("\(spread); not judged (\(.ratioOnly))")
            return result
        }
        guard test.standardError != nil else {
            result.note = "\(spread); no CI from fewer than 2 pairs"
            return result
        }
        result.pairedTest = test
        let (verdict, reason) = test.verdict
        result.verdict = verdict
        result.note = "\(reason); \(spread)"
        if verdict == .unchanged, let visibility = test.visibilityText {
            result.note += "; \(visibility)"
        }
        return result
    }
}

/// Student's t interval of the mean of a few paired differences, at 95%.
struct PairedInterval {
    let mean: Double
    /// Half the interval's width; nil with fewer than 2 values.
    let halfWidth: Double?

    init(_ values: [Double]) {
        let count = Double(values.count)
        let mean = values.reduce(0, +) / count
        self.mean = mean
        guard values.count >= 2 else {
            halfWidth = nil
            return
        }
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (count - 1)
        halfWidth =
            PairedInterval.t975(degreesOfFreedom: values.count - 1)
            * (variance / count).squareRoot()
    }

    /// The 97.5th percentile of Student's t distribution (two-sided 95%), from the table for
    /// 1–30 degrees of freedom; beyond, the value at the table's next lower entry (30, 40,
    /// 60, 120), which is a little wider: conservative.
    static func t975(degreesOfFreedom df: Int) -> Double {
        let table: [Double] = [
            12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
            2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
            2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
        ]
        if df >= 1, df <= table.count { return table[df - 1] }
        if df < 40 { return 2.042 }
        if df < 60 { return 2.021 }
        if df < 120 { return 2.000 }
        return 1.980
    }
}
