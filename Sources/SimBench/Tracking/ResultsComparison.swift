import Foundation

/// `simbench compare`: the verdicts between a baseline run and a current run.
///
/// Rows are matched by (scenario, params, sweep, variant): the rows of a sweep
/// (machines 1000 and 10000, say) match the same point of the other file's sweep. Each matched pair gets a time verdict
/// and, where either run counted allocations, an allocation verdict:
///
/// - Time. A pattern variant is judged on its ratio to the scenario's baseline variant,
///   measured in the same run (`ratio_to_baseline`, `ratio_ci_low/high`): a CI machine that
///   is 20% slower today slows the baseline and the pattern alike and leaves the ratio
///   alone, so the ratio flags what the code changed, not what the machine did. The
///   scenario's baseline variant has no ratio (it is the ruler), so it is judged on absolute
///   median ns per event with its CI, and so is a pattern whose ratio has no CI while its
///   time has one. A change counts only if it passes the threshold and its conservative
///   95% interval (`RelativeChange`) excludes zero; without intervals it is "not judged".
/// - Allocations per event are counted, not sampled, so they get no interval: a change
///   beyond `allocationSlack + allocations × baseline` counts.
///
/// Rows present on one side only are listed, not judged; files with nothing in common are
/// bad input.
public struct ResultsComparison: Sendable {
    public let baselinePath: String
    public let currentPath: String
    public let thresholds: RegressionThresholds
    /// Regressions first, then improvements, not judged, unchanged; each group in the
    /// current file's row order.
    public var comparisons: [MetricComparison] { Array(verdicts) }
    /// `comparisons`, each made whole only where read (`VerdictTable`).
    let verdicts: VerdictTable
    public let onlyInBaseline: [ResultIdentity]
    public let onlyInCurrent: [ResultIdentity]
    /// File-level remarks: different hosts, debug builds, missing intervals or counts.
    public let notes: [String]
    /// For each pattern whose time changed: what it adds per event, before and now, in one
    /// sentence each (`PatternAnswer`), where both files have the overhead columns.
    public let answers: [(before: String, now: String)]
    /// One line per file: run, commit, host, time.
    public let baselineSummary: String
    public let currentSummary: String
    /// The report's title, which whoever prints the report may name after itself.
    public var title = "comparison"
    /// List the functions that moved under every counted row (`ComparisonSetting.functions`),
    /// not only under those whose instructions changed.
    public var listsEveryRowsFunctions = false
    /// How a verdict is reached, for the report's reader: `method`, or `pairedMethod`.
    public internal(set) var methodText = ""
    /// Whether a cell the report prints may hold a carriage return: its text is then fitted
    /// whole (`TextWrap.fit`), where a CR LF is one character.
    var mayHoldCarriageReturns = true

    /// Compares `current` with `baseline`.
    ///
    /// - Parameter ignoringParameters: match rows by (scenario, variant) only, to compare
    ///   two parameter values of one scenario (calibrate `work=1000` against `work=1050`);
    ///   each file must then hold one parameter set per scenario.
    /// - Throws: `ResultsFileError` when a file has no rows, when the files have no row in
    ///   common, or when `ignoringParameters` finds two parameter sets of one variant.
    public init(
        baseline: ResultsFile, current: ResultsFile, thresholds: RegressionThresholds = .init(),
        ignoringParameters: Bool = false
    ) throws(ResultsFileError) {
        baselinePath = baseline.path
        currentPath = current.path
        self.thresholds = thresholds
        methodText = thresholds.words(ResultsComparison.method)
        mayHoldCarriageReturns =
            baseline.table.holdsCarriageReturn || current.table.holdsCarriageReturn
        for file in [baseline, current] { try file.requireRows(toDo: "compare") }
        let join = try ResultsComparison.join(
            baseline, current, ignoringParameters: ignoringParameters, thresholds: thresholds)

        var results = VerdictTable(rows: current.table)
        // Room for every verdict a row can have (its time, and its allocations and counts
        // where a file has their columns), made once: a million rows' worth is not copied as
        // it grows, nor held twice meanwhile.
        let optional: [ResultColumn] = [
            .allocationsPerEvent, .instructionsPerEvent, .estimatedCyclesPerEvent,
        ]
        results.reserveCapacity(
            current.records.count
                * (1
                    + optional.count { column in
                        [baseline, current].contains {
                            $0.table.positions.position(of: column) != nil
                        }
                    }))
        var notes = [String]()
        var onlyInCurrent = [ResultIdentity]()
        var answers = [(before: String, now: String)]()
        // What a file says of its environment is read from the rows where it changes.
        let environmentRows = (baseline.environmentRows, current.environmentRows)
        let environment = EnvironmentChange(
            baseline: environmentRows.0, current: environmentRows.1)
        let reasons = TimeReasons(thresholds)
        let fields = (
            VerdictFields(baseline.table.positions), VerdictFields(current.table.positions)
        )
        func judgeTime(
            _ old: ResultsRecord, _ row: ResultsRecord, counts: [MetricComparison],
            ownFigure: Bool = false, identity: ResultIdentity? = nil
        ) -> MetricComparison {
            environment.judged(
                ResultsComparison.attributed(
                    ResultsComparison.time(
                        from: old, to: row, thresholds: thresholds, ownFigure: ownFigure,
                        identity: identity, reasons: reasons, fields: fields),
                    counts: counts), thresholds: thresholds)
        }
        /// The row's scenario, as the baseline variant that moved is kept: its identity's
        /// cells but the variant (and the parameters, when ignored), read from its bytes
        /// (`ResultsComparison.scenarioKey` of its identity, with no string made: a million
        /// rows look theirs up).
        let scenarioColumns: [ResultColumn] =
            ignoringParameters ? [.scenario, .sweep] : [.scenario, .parameters, .sweep]
        func scenarioKey(_ row: ResultsRecord) -> RowKey {
            RowKey(row, scenarioColumns)
        }
        // The baseline variants first: a pattern whose baseline moved is judged on its own.
        // None moved where the environment leaves every time verdict unjudged.
        var movedBaselines = [RowKey: MetricComparison]()
        let baselinesMayMove = !environment.leavesTimeUnjudged(thresholds)
        for (index, row) in current.records.enumerated() where baselinesMayMove {
            current.table.prefetch(row: index + 4)
            guard row.isBaselineVariant else { continue }
            guard let other = join.baselineRows[index] else { continue }
            let old = baseline.records[other]
            let counts = ResultsComparison.counts(from: old, to: row, thresholds: thresholds)
                .map { environment.judged($0, thresholds: thresholds) }
            let time = judgeTime(old, row, counts: counts)
            if ResultsComparison.baselineMoved(time.verdict) {
                movedBaselines[scenarioKey(row)] = time
            }
        }
        var limits = AllocationLimits()
        for (index, row) in current.records.enumerated() {
            // Each pair of rows asked for ahead of its reads (`RowTable.prefetch`).
            let ahead = index + 4
            current.table.prefetch(row: ahead)
            if ahead < join.baselineRows.count, let next = join.baselineRows[ahead] {
                baseline.table.prefetch(row: next)
            }
            guard let other = join.baselineRows[index] else {
                onlyInCurrent.append(row.identity)
                continue
            }
            // None made for the row's verdicts: the table keeps each as its row's.
            let identity = VerdictTable.rowsIdentity
            let old = baseline.records[other]
            let counts = ResultsComparison.counts(
                from: old, to: row, thresholds: thresholds, identity: identity, fields: fields
            )
            .map { environment.judged($0, thresholds: thresholds) }
            var time = judgeTime(old, row, counts: counts, identity: identity)
            if !movedBaselines.isEmpty, time.basis == .ratio || time.basis == .cpuRatio,
                !row.isBaselineVariant, let moved = movedBaselines[scenarioKey(row)]
            {
                time = ResultsComparison.credited(
                    own: judgeTime(old, row, counts: counts, ownFigure: true, identity: identity),
                    ratio: time, baseline: moved)
            }
            results.append(time, of: row)
            if time.verdict == .regression || time.verdict == .improvement,
                let was = PatternAnswer(record: old), let now = PatternAnswer(record: row)
            {
                answers.append((was.sentence, now.sentence))
            }
            if let allocations = ResultsComparison.allocations(
                from: old, to: row, thresholds: thresholds, identity: identity, limits: &limits,
                fields: fields)
            {
                results.append(environment.judged(allocations, thresholds: thresholds), of: row)
            }
            for count in counts { results.append(count, of: row) }
            notes += ResultsComparison.configurationNotes(
                old, row, ignoringParameters: ignoringParameters)
        }
        guard join.baselineRows.contains(where: { $0 != nil }) else {
            throw ResultsComparison.nothingInCommon(baseline, current, thresholds: thresholds)
        }
        onlyInBaseline = join.unmatchedBaselineRows.map { baseline.records[$0].identity }
        self.onlyInCurrent = onlyInCurrent
        self.answers = answers
        // A stable sort by verdict, then the current file's order.
        results.sortByVerdict()
        verdicts = results
        let provenance = (Provenance(environmentRows.0), Provenance(environmentRows.1))
        // An environment change is said first: every verdict below depends on it.
        self.notes =
            (environment.isEmpty
                ? []
                : [environment.note(thresholds: thresholds)])
            + ResultsComparison.fileNotes(
                baseline, current, provenance: provenance, environmentRows: environmentRows)
            + ResultsComparison.driftNote(results, thresholds) + notes
        baselineSummary = ResultsComparison.summary(of: baseline, runs: provenance.0.runs.count)
        currentSummary = ResultsComparison.summary(of: current, runs: provenance.1.runs.count)
    }

    public var regressions: Int { count(.regression) }
    public var improvements: Int { count(.improvement) }
    public var unchanged: Int { count(.unchanged) }
    public var notJudged: Int { count(.notJudged) }
    /// Time changes the code did not make: with counts unmoved.
    public var layoutShifts: Int { count(.layoutShift) }
    /// Patterns' ratios moved by their scenario's baseline variant, not by themselves.
    public var movedWithBaseline: Int { count(.movedWithBaseline) }

    /// How many comparisons have `verdict`: read in place, none made.
    private func count(_ verdict: MetricComparison.Verdict) -> Int {
        verdicts.count(verdict)
    }

    /// What the comparison found, as a command's outcome: a regression before anything
    /// else; improvements only when `failOnImprovement`.
    public enum Outcome: Sendable, Equatable {
        case passed
        case regression
        case improvement
    }

    /// A regression with any; else an improvement with some, when `failOnImprovement`;
    /// else passed.
    public func outcome(failOnImprovement: Bool) -> Outcome {
        if regressions > 0 { return .regression }
        if failOnImprovement, improvements > 0 { return .improvement }
        return .passed
    }

    // MARK: - Verdicts

    /// The time verdict of one row between two runs.
    ///
    /// - Parameters:
    ///   - ownFigure: judge a pattern on its own figure, as its scenario's baseline variant
    ///     is judged (CPU time over the machine-speed reference), not on its ratio: for a
    ///     pattern whose baseline variant moved (`credited(own:ratio:baseline:)`).
    ///   - identity: `new.identity`, where the caller has made it already.
    ///   - reasons: the reasons against `thresholds`, where the caller has written them.
    ///   - fields: where `old`'s file and `new`'s keep the columns read, where the caller
    ///     has found them.
    ///   - writingNote: whether the note is written; a caller that only reads the verdict
    ///     and figures (a history chart judges every pair of runs) has none written.
    static func time(
        from old: ResultsRecord, to new: ResultsRecord, thresholds: RegressionThresholds,
        ownFigure: Bool = false, identity: ResultIdentity? = nil, reasons: TimeReasons? = nil,
        fields: (VerdictFields, VerdictFields)? = nil, writingNote: Bool = true
    ) -> MetricComparison {
        let fields = fields ?? VerdictFields.of(old, new)
        let newIsBaselineVariant = new.isBaselineVariant
        var result = MetricComparison(
            identity: identity ?? new.identity, isBaselineVariant: newIsBaselineVariant,
            metric: .time,
            basis: .nanoseconds, baseline: nil,
            current: nil, change: nil, verdict: .notJudged, note: "")
        let oldIsOK = old.isOK
        guard oldIsOK, new.isOK else {
            guard writingNote else { return result }
            let side = oldIsOK ? "current run" : "baseline"
            let status = oldIsOK ? new[.status] : old[.status]
            result.note = "status '\(status)' in the \(side): a wrong outcome has no timing"
            return result
        }
        // CPU time where both rows have it; older files only have wall time.
        var metric = thresholds.metric
        // The reasons, "; " between them: written among the bytes as they come, not listed
        // and joined (a comparison writes one a row).
        var note = [UInt8]()
        var said = 0
        func say(_ reason: @autoclosure () -> String) {
            guard writingNote else { return }
            if said > 0 { note += "; ".utf8 }
            note += reason().utf8
            said += 1
        }
        /// Says `label` and then `change`'s point (`RelativeChange.pointText`), no text made.
        func say(_ label: String, point change: RelativeChange) {
            guard writingNote else { return }
            if said > 0 { note += "; ".utf8 }
            note += label.utf8
            RelativeChange.appendSignedPercent(change.point, to: &note)
            said += 1
        }
        var fallback: String?
        var columns = (fields.0.metric(metric), fields.1.metric(metric))
        /// Both rows' median time per event, where both have one.
        func nanosecondsMedians() -> (Double, Double)? {
            old.number(at: columns.0.median).flatMap { before in
                new.number(at: columns.1.median).map { (before, $0) }
            }
        }
        // Each median read once: a row lacks an estimate exactly where it lacks its median.
        var medians = nanosecondsMedians()
        if metric == .cpu, medians == nil {
            metric = .wall
            fallback = "no CPU time in a file: wall time"
            columns = (fields.0.metric(metric), fields.1.metric(metric))
            medians = nanosecondsMedians()
        }
        let ratio = estimate(old, columns.0.ratio, columns.0.ratioLow, columns.0.ratioHigh)
            .flatMap { before in
                estimate(new, columns.1.ratio, columns.1.ratioLow, columns.1.ratioHigh).map {
                    (before, $0)
                }
            }
        // The medians' change without their intervals: its point is all that a verdict on
        // another figure says of it, and whether there is a change at all does not hang on
        // the intervals (`RelativeChange.init(from:to:)`). Their cells are read, and the
        // interval of the change worked out, only where the verdict asks for it.
        let nanosecondsPoint = medians.flatMap {
            RelativeChange(from: Estimate(value: $0.0), to: Estimate(value: $0.1))
        }
        /// The medians' change with its interval, where both rows have one.
        func nanosecondsChange() -> RelativeChange? {
            guard let medians, nanosecondsPoint != nil else { return nil }
            return RelativeChange(
                from: Estimate(
                    value: medians.0, low: old.number(at: columns.0.low),
                    high: old.number(at: columns.0.high)),
                to: Estimate(
                    value: medians.1, low: new.number(at: columns.1.low),
                    high: new.number(at: columns.1.high)))
        }
        let ratioChange = ratio.flatMap { RelativeChange(from: $0.0, to: $0.1) }

        let reasons = reasons ?? TimeReasons(thresholds)

        /// Rests the verdict on `basis`: its figure in each run, its change, the threshold.
        func judge(
            _ basis: MetricComparison.Basis, _ figures: (Estimate, Estimate),
            _ change: RelativeChange,
            threshold: RelativeChange.Reasons
        ) {
            result.basis = basis
            result.baseline = figures.0.value
            result.current = figures.1.value
            result.change = change
            let (verdict, reason) = change.verdict(threshold)
            result.verdict = verdict
            say(reason)
        }

        let isBaselineVariant = newIsBaselineVariant || old.isBaselineVariant
        let isRuler = isBaselineVariant || ownFigure
        if !isRuler, let ratioChange, let ratio,
            ratioChange.hasInterval || nanosecondsChange()?.hasInterval != true
        {
            judge(metric.ratioBasis, ratio, ratioChange, threshold: reasons.ratio)
            if let nanosecondsPoint { say("ns/event ", point: nanosecondsPoint) }
        } else if metric == .cpu,
            let (normalized, normalizedChange) = perReference(old, new, fields: fields),
            normalizedChange.hasInterval, thresholds.judgesAbsoluteTime
        {
            // Absolute time, with the machine's speed in the same rounds divided out.
            judge(.cpuPerReference, normalized, normalizedChange, threshold: reasons.time)
            if let nanosecondsPoint {
                say("cpu ns/event ", point: nanosecondsPoint)
            }
            say(
                isBaselineVariant
                    ? "the scenario's baseline variant: CPU time over the machine-speed reference"
                    : ownFigure
                        ? "CPU time over the machine-speed reference"
                        : "ratio has no CI: CPU time over the machine-speed reference")
        } else {
            let nanosecondsChange = nanosecondsChange()
            result.basis = metric.nanosecondsBasis
            result.baseline = medians?.0
            result.current = medians?.1
            result.change = nanosecondsChange
            if let nanosecondsChange, !thresholds.judgesAbsoluteTime {
                say(
                    thresholds.words(
                        "ns/event \(nanosecondsChange.pointText), not judged (\(.ratioOnly))"))
            } else if let nanosecondsChange {
                let (verdict, reason) = nanosecondsChange.verdict(reasons.time)
                result.verdict = verdict
                say(reason)
            } else {
                say("no median")
            }
            if isBaselineVariant {
                say("the scenario's baseline variant: absolute time only")
            } else if ownFigure {
                say("absolute time")
            } else if ratioChange != nil {
                say("ratio has no CI")
            } else {
                say("no ratio")
            }
        }
        if let fallback { say(fallback) }
        result.noteBytes = note
        return result
    }

    /// The reasons of a time verdict against each of `RegressionThresholds`' time
    /// thresholds (`RelativeChange.Reasons`): written once for a comparison's rows.
    ///
    /// A class: `time(from:to:…)` takes it as an optional and keeps its own copy, which for
    /// a struct of ten strings retained and released each of them for every row.
    final class TimeReasons: Sendable {
        let time: RelativeChange.Reasons
        let ratio: RelativeChange.Reasons

        init(_ thresholds: RegressionThresholds) {
            time = RelativeChange.Reasons(threshold: thresholds.time)
            ratio = RelativeChange.Reasons(threshold: thresholds.ratio)
        }
    }

    static func allocations(
        from old: ResultsRecord, to new: ResultsRecord, thresholds: RegressionThresholds
    ) -> MetricComparison? {
        var limits = AllocationLimits()
        return allocations(from: old, to: new, thresholds: thresholds, limits: &limits)
    }

    /// The text of each allocation tolerance (`±0.01/event`), made once per value: a
    /// comparison's rows share a few, and `String(format:)` is slow beside judging a row.
    struct AllocationLimits {
        private var texts = [UInt64: String]()
        /// Each verdict's note for a tolerance, as bytes, made once per value: a verdict
        /// takes its note as it is, none written for each row.
        private var notes = [UInt64: Notes]()

        /// The notes of an allocation verdict against one tolerance.
        struct Notes {
            let regression: [UInt8]
            let improvement: [UInt8]
            let unchanged: [UInt8]
        }

        mutating func text(_ tolerance: Double) -> String {
            if let text = texts[tolerance.bitPattern] { return text }
            let text = "±\(String(format: "%g", tolerance))/event"
            texts[tolerance.bitPattern] = text
            return text
        }

        /// The notes of the verdicts against `tolerance`: `more than ±0.01/event`, `fewer by
        /// more than …`, `within …`.
        mutating func notes(_ tolerance: Double) -> Notes {
            if let notes = notes[tolerance.bitPattern] { return notes }
            let limit = text(tolerance)
            let made = Notes(
                regression: Array("more than \(limit)".utf8),
                improvement: Array("fewer by more than \(limit)".utf8),
                unchanged: Array("within \(limit)".utf8))
            notes[tolerance.bitPattern] = made
            return made
        }
    }

    /// The allocation verdict, its limit's text from `limits`.
    ///
    /// - Parameters:
    ///   - identity: `new.identity`, where the caller has made it already.
    ///   - fields: where `old`'s file and `new`'s keep the columns read, where the caller
    ///     has found them.
    static func allocations(
        from old: ResultsRecord, to new: ResultsRecord, thresholds: RegressionThresholds,
        identity: ResultIdentity? = nil, limits: inout AllocationLimits,
        fields: (VerdictFields, VerdictFields)? = nil
    ) -> MetricComparison? {
        let fields = fields ?? VerdictFields.of(old, new)
        let before = old.number(at: fields.0.allocations)
        let after = new.number(at: fields.1.allocations)
        guard before != nil || after != nil else { return nil }
        var result = MetricComparison(
            identity: identity ?? new.identity, isBaselineVariant: new.isBaselineVariant,
            metric: .allocations,
            basis: .allocations, baseline: before,
            current: after, change: nil, verdict: .notJudged, note: "")
        guard let before, let after else {
            result.note = "no allocation count in the \(before == nil ? "baseline" : "current run")"
            return result
        }
        let tolerance = thresholds.allocationSlack + thresholds.allocations * before
        let difference = after - before
        result.change =
            before > 0 ? RelativeChange(point: after / before - 1, low: nil, high: nil) : nil
        let notes = limits.notes(tolerance)
        if difference > tolerance {
            result.verdict = .regression
            result.noteBytes = notes.regression
        } else if difference < -tolerance {
            result.verdict = .improvement
            result.noteBytes = notes.improvement
        } else {
            result.verdict = .unchanged
            result.noteBytes = notes.unchanged
        }
        return result
    }

    /// Both rows' CPU time over the machine-speed reference, and its change; nil where
    /// either row lacks it (a file from before the reference existed).
    private static func perReference(
        _ old: ResultsRecord, _ new: ResultsRecord, fields: (VerdictFields, VerdictFields)
    ) -> ((Estimate, Estimate), RelativeChange)? {
        func estimate(_ row: ResultsRecord, _ fields: VerdictFields) -> Estimate? {
            ResultsComparison.estimate(
                row, fields.perReference, fields.perReferenceLow, fields.perReferenceHigh)
        }
        guard
            let before = estimate(old, fields.0),
            let after = estimate(new, fields.1),
            let change = RelativeChange(from: before, to: after)
        else { return nil }
        return ((before, after), change)
    }

    /// The estimate in the fields `value`, `low` and `high` of `row`; nil without a value.
    private static func estimate(_ row: ResultsRecord, _ value: Int?, _ low: Int?, _ high: Int?)
        -> Estimate?
    {
        row.number(at: value).map {
            Estimate(value: $0, low: row.number(at: low), high: row.number(at: high))
        }
    }

    // MARK: - Matching

    struct Index {
        var rows: [ResultIdentity: ResultsRecord] = [:]
        var order: [ResultIdentity] = []
    }

    static func index(
        _ file: ResultsFile, ignoringParameters: Bool, thresholds: RegressionThresholds
    ) throws(ResultsFileError) -> Index {
        var index = Index()
        index.rows.reserveCapacity(file.records.count)
        index.order.reserveCapacity(file.records.count)
        for record in file.records {
            var key = record.identity
            if ignoringParameters { key.parameters = "" }
            if let first = index.rows[key] {
                throw ResultsFileError(
                    path: file.path, line: record.line, column: ResultColumn.parameters.name,
                    message: thresholds.words(
                        "\(.ignoreParameters): '\(key.scenario) \(key.variant)' has parameters '\(first[.parameters])' on line \(first.line) and '\(record[.parameters])' here; compare one parameter set per scenario"
                    ))
            }
            index.rows[key] = record
            index.order.append(key)
        }
        return index
    }

    /// Which row of `baseline` each row of `current` measures the same as (by scenario,
    /// params, sweep and variant, compared as bytes; params left out when
    /// `ignoringParameters`), and the baseline's rows no current row matches.
    struct Join {
        /// For each current row, its baseline row; nil when the baseline has none.
        var baselineRows: [Int?]
        /// The baseline's rows that no current row matches, in order.
        var unmatchedBaselineRows: [Int]
    }

    /// The join of `current`'s rows with `baseline`'s.
    ///
    /// - Throws: when `ignoringParameters` finds two parameter sets of one variant in a
    ///   file (the baseline checked first), as `index` says it.
    static func join(
        _ baseline: ResultsFile, _ current: ResultsFile, ignoringParameters: Bool,
        thresholds: RegressionThresholds
    ) throws(ResultsFileError) -> Join {
        let groups = IdentityGroups([baseline, current], ignoringParameters: ignoringParameters)
        var rows = [[Int?]]()
        for (number, file) in [baseline, current].enumerated() {
            var row = [Int?](repeating: nil, count: groups.count)
            for index in file.records.indices {
                let group = groups.group(file: number, row: index)
                if let first = row[group] {
                    // Only without the params can a file hold one identity twice.
                    let record = file.records[index]
                    let earlier = file.records[first]
                    throw ResultsFileError(
                        path: file.path, line: record.line, column: ResultColumn.parameters.name,
                        message: thresholds.words(
                            "\(.ignoreParameters): '\(record[.scenario]) \(record[.variant])' has parameters '\(earlier[.parameters])' on line \(earlier.line) and '\(record[.parameters])' here; compare one parameter set per scenario"
                        ))
                }
                row[group] = index
            }
            rows.append(row)
        }
        let matched = baseline.records.indices.map {
            rows[1][groups.group(file: 0, row: $0)] != nil
        }
        return Join(
            baselineRows: current.records.indices.map { rows[0][groups.group(file: 1, row: $0)] },
            unmatchedBaselineRows: matched.indices.filter { !matched[$0] })
    }

    static func nothingInCommon(
        _ baseline: ResultsFile, _ current: ResultsFile, thresholds: RegressionThresholds
    ) -> ResultsFileError {
        func scenarios(_ file: ResultsFile) -> String {
            var names = [String]()
            var seen = Set<String>()
            for record in file.records where seen.insert(record[.scenario]).inserted {
                names.append(record[.scenario])
            }
            return names.map { "'\($0)'" }.joined(separator: ", ")
        }
        let before = scenarios(baseline)
        let after = scenarios(current)
        let hint =
            before == after
            ? thresholds.words(
                "same scenarios, but other parameters, sweep points (the sweep column) or variants (\(.ignoreParameters) compares across parameters)"
            )
            : "this file has scenarios \(after), the baseline \(before)"
        return ResultsFileError(
            path: current.path, line: current.records[0].line, column: ResultColumn.scenario.name,
            message:
                "no (scenario, params, sweep, variant) in common with the baseline \(baseline.path): \(hint)"
        )
    }

    // MARK: - Notes

    /// Differences between the files as a whole that change how to read the verdicts.
    /// - Parameter environmentRows: each file's `ResultsFile.environmentRows`.
    private static func fileNotes(
        _ baseline: ResultsFile, _ current: ResultsFile, provenance: (Provenance, Provenance),
        environmentRows: ([ResultsRecord], [ResultsRecord])
    ) -> [String] {
        var notes = [String]()
        let hosts = (
            provenance.0.hosts.subtracting([""]), provenance.1.hosts.subtracting([""])
        )
        if !hosts.0.isEmpty, !hosts.1.isEmpty, hosts.0 != hosts.1 {
            notes.append(
                "measured on different hosts (\(hosts.0.sorted().joined(separator: ", ")) → \(hosts.1.sorted().joined(separator: ", "))): absolute times include the hosts' difference; ratios cancel a host's speed, not a change of CPU"
            )
        }
        // A file from before the processor's identity was recorded, beside one with it:
        // the CPUs are told apart by name alone (`EnvironmentChange`).
        // A row on the same processor as the row before holds the same identity: skipped
        // from its bytes, no identity made for it. Only the rows where the environment
        // changes are read: the others repeat the row before.
        let identified = [environmentRows.0, environmentRows.1].map { records in
            records.indices.contains { index in
                (index == 0 || !records[index].hasSameProcessor(as: records[index - 1]))
                    && records[index].hostIdentity.isKnown
            }
        }
        for (file, known) in zip([baseline, current], identified)
        where !known && identified.contains(true) {
            notes.append(
                "CPU identity unknown in \(file.path) (written before simbench recorded the processor's family, model and caches): the CPUs are told apart by name alone"
            )
        }
        for (file, described) in [(baseline, provenance.0), (current, provenance.1)]
        where described.builds.contains("debug") {
            notes.append("\(file.path) is from a debug build: its timings mean nothing")
        }
        for file in [baseline, current] {
            let withInterval = file.records.contains { !$0[.nsPerEventCILow].isEmpty }
            if file.records.contains(where: \.isOK), !withInterval {
                notes.append(
                    "\(file.path) has no confidence intervals (ns_per_event_ci_low/high empty or absent): time changes are not judged"
                )
            }
        }
        let counted = [baseline, current].contains { file in
            file.records.contains { !$0[.allocationsPerEvent].isEmpty }
        }
        if !counted {
            notes.append("allocations not compared: neither file has allocs_per_event")
        }
        return notes
    }

    /// When every scenario's baseline variant moved the same way beyond the threshold, the
    /// machine more likely changed than the code: says so, since those verdicts rest on
    /// absolute time while the patterns' ratios cancel the drift.
    static func driftNote(_ results: VerdictTable, _ thresholds: RegressionThresholds)
        -> [String]
    {
        // Read from each verdict's figures: none made whole.
        var changes = [Double]()
        for index in results.indices
        where results.metric(at: index) == .time && results.isBaselineVariant(at: index) {
            let figures = results.figures(at: index)
            if [.nanoseconds, .cpuNanoseconds].contains(figures.basis),
                let point = figures.change?.point
            {
                changes.append(point)
            }
        }
        guard changes.count >= 2, let low = changes.min(), let high = changes.max() else {
            return []
        }
        guard low > thresholds.time || high < -thresholds.time else { return [] }
        return [
            "every scenario's baseline variant changed in the same direction (\(RelativeChange.signedPercent(low)) to \(RelativeChange.signedPercent(high))): more likely the host than the code; the patterns' ratio verdicts cancel such drift"
        ]
    }

    /// Differences in how one configuration was run, which make per-event times less alike.
    static func configurationNotes(
        _ old: ResultsRecord, _ new: ResultsRecord, ignoringParameters: Bool
    ) -> [String] {
        guard new.isBaselineVariant else { return [] }
        var differences = [String]()
        var columns: [ResultColumn] = [.machines, .eventsPerMachine, .buildConfig]
        if ignoringParameters { columns.insert(.parameters, at: 0) }
        for column in columns {
            // Compared as bytes, no text made of a cell: equal bytes are equal text, and
            // only cells that differ (as bytes, then as text) are read as text.
            guard let here = old.columns.position(of: column),
                let there = new.columns.position(of: column),
                !old.table.range(row: old.row, field: here).isEmpty,
                !new.table.range(row: new.row, field: there).isEmpty,
                !old.table.sameText(
                    row: old.row, field: here, as: new.table, row: new.row, field: there),
                old[column] != new[column]
            else { continue }
            differences.append("\(column.name) \(old[column]) → \(new[column])")
        }
        guard !differences.isEmpty else { return [] }
        return [
            "\(new.identity.scenario): run differently (\(differences.joined(separator: ", ")))"
        ]
    }

    /// What a file says of where and how it ran: its distinct hosts, build configurations
    /// and runs.
    struct Provenance {
        let hosts: Set<String>
        let builds: Set<String>
        let runs: Set<String>

        /// The columns read.
        static let columns: [ResultColumn] = [.host, .buildConfig, .runID]

        /// What `records` say: a file's rows, or those where its environment changes
        /// (`ResultsFile.environmentRows`), which hold every value of `columns` the others do.
        init(_ records: [ResultsRecord]) {
            let cells = Self.columns.map { ResultsRecord.distinct($0, of: records) }
            hosts = cells[0]
            builds = cells[1]
            runs = cells[2]
        }
    }

    /// `run 20261129T…, commit abc123, host ci-7, 2026-11-29T10:00:00Z` (or `3 runs`).
    /// - Parameter runs: how many runs `file` holds (`Provenance.runs`).
    private static func summary(of file: ResultsFile, runs: Int) -> String {
        guard let first = file.records.first else { return file.path }
        var parts = [runs > 1 ? "\(runs) runs" : "run \(first[.runID])"]
        if !first[.gitCommit].isEmpty { parts.append("commit \(first[.gitCommit])") }
        if !first[.host].isEmpty { parts.append("host \(first[.host])") }
        if !first[.buildConfig].isEmpty { parts.append(first[.buildConfig]) }
        if !first[.timestamp].isEmpty { parts.append(first[.timestamp]) }
        return "\(file.path) (\(parts.joined(separator: ", ")))"
    }
}

extension EnvironmentChange {
    /// Whether `judged(_:thresholds:)` makes every time verdict "not judged" across this
    /// change: none can then say that a row moved.
    func leavesTimeUnjudged(_ thresholds: RegressionThresholds) -> Bool {
        !isEmpty && !thresholds.judgesTimeAcrossEnvironments
    }
}
