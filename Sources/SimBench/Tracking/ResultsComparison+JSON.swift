import Foundation

/// The comparison as JSON (`Format.json`, for `compare` and `ab`): the verdicts for a script to
/// read, so that no script matches the text report with regular expressions.
///
/// One object per judged figure with the row's identity, both values, the change and its
/// interval, the verdict and its reason; then the rows on one side only and the notes about
/// the two runs' environments. The manual's Output article documents every field; a field is
/// added, never renamed or removed, and `schema` changes only when one is.
extension ResultsComparison {
    /// The value of the document's `schema` field.
    public static let jsonSchema = "simbench-comparison-1"

    /// The verdict as a JSON string: `regression`, `improvement`, `layout-shift`,
    /// `moved-with-baseline`, `not-judged`, `unchanged`.
    static func jsonName(_ verdict: MetricComparison.Verdict) -> String {
        switch verdict {
        case .regression: "regression"
        case .improvement: "improvement"
        case .layoutShift: "layout-shift"
        case .movedWithBaseline: "moved-with-baseline"
        case .notJudged: "not-judged"
        case .unchanged: "unchanged"
        }
    }

    /// Every verdict's JSON name, in report order (regressions first).
    public static let jsonVerdicts: [String] = [
        .regression, .improvement, .layoutShift, .movedWithBaseline, .notJudged, .unchanged,
    ].map(jsonName)

    /// The document, pretty-printed with sorted keys.
    func json() -> String {
        let document = Document(
            schema: ResultsComparison.jsonSchema,
            title: title,
            baseline: Side(path: baselinePath, summary: baselineSummary),
            current: Side(path: currentPath, summary: currentSummary),
            thresholds: Thresholds(thresholds),
            tally: Tally(
                regressions: regressions, improvements: improvements,
                layoutShifts: layoutShifts, withinLayoutBand: 0,
                movedWithBaseline: movedWithBaseline,
                notJudged: notJudged, unchanged: unchanged),
            figures: verdicts.map { Figure($0, functions: shownFunctions($0)) },
            onlyInBaseline: onlyInBaseline.map(Identity.init),
            onlyInCurrent: onlyInCurrent.map(Identity.init),
            notes: notes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every number is finite (the reader refuses NaN and infinite cells, and `finite`
        // drops what a division could make), so encoding cannot fail.
        guard let data = try? encoder.encode(document) else {
            preconditionFailure("a comparison that JSON cannot hold")
        }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - The document

    private struct Document: Encodable {
        let schema: String
        let title: String
        let baseline: Side
        let current: Side
        let thresholds: Thresholds
        let tally: Tally
        let figures: [Figure]
        let onlyInBaseline: [Identity]
        let onlyInCurrent: [Identity]
        let notes: [String]
    }

    private struct Side: Encodable {
        let path: String
        let summary: String
    }

    private struct Thresholds: Encodable {
        let metric: String
        let time: Double
        let ratio: Double
        let allocations: Double
        let allocationSlack: Double
        let instructions: Double
        let cycles: Double
        let judgesAbsoluteTime: Bool

        init(_ thresholds: RegressionThresholds) {
            metric = thresholds.metric.rawValue
            time = thresholds.time
            ratio = thresholds.ratio
            allocations = thresholds.allocations
            allocationSlack = thresholds.allocationSlack
            instructions = thresholds.instructions
            cycles = thresholds.cycles
            judgesAbsoluteTime = thresholds.judgesAbsoluteTime
        }
    }

    private struct Tally: Encodable {
        let regressions: Int
        let improvements: Int
        let layoutShifts: Int
        /// Always 0: `ab`'s layout band gave way to its paired test; kept so that a reader
        /// of the first documents still finds the field.
        let withinLayoutBand: Int
        let movedWithBaseline: Int
        let notJudged: Int
        let unchanged: Int
    }

    /// A row's identity, as the CSV's columns name it.
    private struct Identity: Encodable {
        let scenario: String
        let params: String
        let sweep: String
        let variant: String
        let benchmark: String

        init(_ identity: ResultIdentity) {
            scenario = identity.scenario
            params = identity.parameters
            sweep = identity.sweep
            variant = identity.variant
            benchmark = identity.benchmarkName
        }
    }

    /// One judged figure. Absent values are `null`, never left out, so that every object
    /// has every field.
    private struct Figure: Encodable {
        let identity: Identity
        let isBaselineVariant: Bool
        let metric: String
        let basis: String
        let baseline: Double?
        let current: Double?
        let change: Double?
        let changeLow: Double?
        let changeHigh: Double?
        let verdict: String
        let reason: String
        let visibleChange: Double?
        let detectableChange: Double?
        /// The functions that moved, where the text report lists them.
        let functions: [MovedFunction]?

        init(_ comparison: MetricComparison, functions: FunctionDiff?) {
            identity = Identity(comparison.identity)
            isBaselineVariant = comparison.isBaselineVariant
            metric = comparison.metric.rawValue
            basis = comparison.basis.rawValue
            baseline = Figure.finite(comparison.baseline)
            current = Figure.finite(comparison.current)
            change = Figure.finite(comparison.change?.point)
            changeLow = Figure.finite(comparison.change?.low)
            changeHigh = Figure.finite(comparison.change?.high)
            verdict = ResultsComparison.jsonName(comparison.verdict)
            reason = comparison.note
            visibleChange = Figure.finite(comparison.pairedTest?.visible)
            detectableChange = Figure.finite(comparison.pairedTest?.detectable)
            self.functions = functions.map { diff in
                diff.changes.map { MovedFunction($0, share: diff.share(of: $0)) }
            }
        }

        static func finite(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? $0 : nil } }

        enum CodingKeys: String, CodingKey {
            case scenario, params, sweep, variant, benchmark, isBaselineVariant, metric, basis
            case baseline, current, change, changeLow, changeHigh, verdict, reason
            case visibleChange, detectableChange, functions
        }

        /// The identity's fields flat in the figure's object, and `null` for what is absent.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(identity.scenario, forKey: .scenario)
            try container.encode(identity.params, forKey: .params)
            try container.encode(identity.sweep, forKey: .sweep)
            try container.encode(identity.variant, forKey: .variant)
            try container.encode(identity.benchmark, forKey: .benchmark)
            try container.encode(isBaselineVariant, forKey: .isBaselineVariant)
            try container.encode(metric, forKey: .metric)
            try container.encode(basis, forKey: .basis)
            try container.encode(baseline, forKey: .baseline)
            try container.encode(current, forKey: .current)
            try container.encode(change, forKey: .change)
            try container.encode(changeLow, forKey: .changeLow)
            try container.encode(changeHigh, forKey: .changeHigh)
            try container.encode(verdict, forKey: .verdict)
            try container.encode(reason, forKey: .reason)
            try container.encode(visibleChange, forKey: .visibleChange)
            try container.encode(detectableChange, forKey: .detectableChange)
            try container.encode(functions, forKey: .functions)
        }
    }

    /// One function that moved (`FunctionDiff.Change`), every field present, `null` where
    /// absent.
    private struct MovedFunction: Encodable {
        let change: FunctionDiff.Change
        let share: Double?

        init(_ change: FunctionDiff.Change, share: Double?) {
            self.change = change
            self.share = share
        }

        enum CodingKeys: String, CodingKey {
            case name, mechanism, side, baseline, current, change, share
            case inclusiveBaseline, inclusiveCurrent
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(change.name, forKey: .name)
            try container.encode(change.mechanism.rawValue, forKey: .mechanism)
            try container.encode(change.side.rawValue, forKey: .side)
            try container.encode(Figure.finite(change.baseline), forKey: .baseline)
            try container.encode(Figure.finite(change.current), forKey: .current)
            try container.encode(Figure.finite(change.change), forKey: .change)
            try container.encode(Figure.finite(share), forKey: .share)
            try container.encode(
                Figure.finite(change.inclusiveBaseline), forKey: .inclusiveBaseline)
            try container.encode(Figure.finite(change.inclusiveCurrent), forKey: .inclusiveCurrent)
        }
    }
}
