/// The verdicts on counts: instructions per event and estimated cycles per event
/// (`RunOptions.instructions`).
///
/// A count is not a sample: the same binary and inputs count the same on every run, so it
/// has no interval, and a change beyond the threshold (`RegressionThresholds.instructions`,
/// `RegressionThresholds.cycles`) is the code's. Counts from different sources (perf in one file,
/// Callgrind in the other) measure different things (perf counts the whole fleet with the
/// harness's tasks; Callgrind one variant's run on one thread), so they are shown, never
/// judged.
extension ResultsComparison {
    /// One verdict per count either row has: instructions, then estimated cycles.
    ///
    /// - Parameters:
    ///   - identity: `new.identity`, where the caller has made it already.
    ///   - fields: where `old`'s file and `new`'s keep the columns read, where the caller
    ///     has found them.
    static func counts(
        from old: ResultsRecord, to new: ResultsRecord, thresholds: RegressionThresholds,
        identity: ResultIdentity? = nil, fields: (VerdictFields, VerdictFields)? = nil
    ) -> [MetricComparison] {
        let fields = fields ?? VerdictFields.of(old, new)
        let figures: [(MetricComparison.Metric, MetricComparison.Basis, (Int?, Int?), Double)] = [
            (
                .instructions, .instructions, (fields.0.instructions, fields.1.instructions),
                thresholds.instructions
            ),
            (.cycles, .cycles, (fields.0.cycles, fields.1.cycles), thresholds.cycles),
        ]
        return figures.compactMap { metric, basis, at, threshold in
            count(
                metric, basis, at: at, threshold: threshold, from: old, to: new,
                identity: identity)
        }
    }

    /// The verdict on the count at the fields `at` of `old` and `new`; nil where neither row
    /// has one.
    private static func count(
        _ metric: MetricComparison.Metric, _ basis: MetricComparison.Basis, at: (Int?, Int?),
        threshold: Double, from old: ResultsRecord, to new: ResultsRecord,
        identity: ResultIdentity?
    ) -> MetricComparison? {
        let before = old.number(at: at.0)
        let after = new.number(at: at.1)
        guard before != nil || after != nil else { return nil }
        var result = MetricComparison(
            identity: identity ?? new.identity, isBaselineVariant: new.isBaselineVariant,
            metric: metric,
            basis: basis, baseline: before, current: after, change: nil, verdict: .notJudged,
            note: "")
        guard let before, let after else {
            result.note = "no count in the \(before == nil ? "baseline" : "current run")"
            return result
        }
        let sources = (old[.instructionsSource], new[.instructionsSource])
        guard sources.0 == sources.1 else {
            func name(_ source: String) -> String { source.isEmpty ? "an unnamed source" : source }
            result.note =
                "counted by \(name(sources.0)), then by \(name(sources.1)): not comparable"
            return result
        }
        if metric == .cycles {
            let geometries = (cacheGeometry(of: old), cacheGeometry(of: new))
            guard geometries.0 == geometries.1 else {
                result.note =
                    "simulated with other caches (\(geometries.0), then \(geometries.1)): not comparable"
                return result
            }
        }
        guard before > 0 else {
            result.note = "a count of 0 in the baseline"
            return result
        }
        let change = after / before - 1
        result.change = RelativeChange(point: change, low: nil, high: nil)
        let limit = RelativeChange.percent(threshold)
        if change > threshold {
            result.verdict = .regression
            result.note = "beyond +\(limit), counted"
        } else if change < -threshold {
            result.verdict = .improvement
            result.note = "beyond −\(limit), counted"
        } else {
            result.verdict = .unchanged
            result.note = "within ±\(limit), counted"
        }
        if metric == .instructions, result.verdict != .unchanged,
            let moved = mechanismsMoved(from: old, to: new)
        {
            result.note += "; \(moved)"
        }
        if metric == .instructions {
            do {
                result.functions = try functionsMoved(from: old, to: new, rowChange: after - before)
            } catch {
                result.note += "; functions not compared: \(error)"
            }
        }
        return result
    }

    /// The caches a row's estimated cycles were simulated with: its `cache_geometry`, or,
    /// for a row written before the column, the fixed geometry every count had then.
    static func cacheGeometry(of record: ResultsRecord) -> String {
        let cell = record[.cacheGeometry]
        return cell.isEmpty ? CacheGeometry.fixed.description : cell
    }

    /// The functions that moved between the rows' `functions` columns; nil unless both
    /// rows have one.
    static func functionsMoved(
        from old: ResultsRecord, to new: ResultsRecord, rowChange: Double
    ) throws(FunctionProfile.Malformed) -> FunctionDiff? {
        func profile(_ record: ResultsRecord, _ side: String) throws(FunctionProfile.Malformed)
            -> FunctionProfile?
        {
            do {
                return try FunctionProfile.parse(record[.functions])
            } catch {
                throw FunctionProfile.Malformed(
                    reason: "the \(side)'s \(ResultColumn.functions.name) cell: \(error.reason)")
            }
        }
        guard let before = try profile(old, "baseline"), let after = try profile(new, "current run")
        else { return nil }
        return FunctionDiff(baseline: before, current: after, rowChange: rowChange)
    }
}
