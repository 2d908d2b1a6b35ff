/// Time changes that the code did not make: a move within the layout band (`simbench ab`
/// with layouts), or a move of time while the counts stood still.
///
/// Both leave a row's time verdict shown but no longer flagged: a regression or improvement
/// becomes `withinLayoutBand` or `layoutShift`, with the reason first in its note, and the
/// exit status no longer counts it.
extension ResultsComparison {
    /// `time` with its band in the note, and relabelled `withinLayoutBand` when its change
    /// was flagged but lies inside `band`.
    static func judged(_ time: MetricComparison, within band: LayoutBand?) -> MetricComparison {
        guard let band else { return time }
        var result = time
        result.note += "; layout band \(band.text)"
        guard [.regression, .improvement].contains(time.verdict), let change = time.change,
            band.contains(change.point)
        else { return result }
        result.verdict = .withinLayoutBand
        result.note =
            "within the layout band (\(band.text), how far the row moved between layouts of one build): not the code's change; "
            + result.note
        return result
    }

    /// `time` relabelled `layoutShift` when its change was flagged while the same row's
    /// counts did not move: instructions per event judged unchanged (same source, within
    /// `RegressionThresholds.instructions`), and estimated cycles per event, where either build has
    /// them, unchanged too (a change that only adds cache misses leaves instructions alone
    /// but not the cycles estimate). Without an instruction count on both sides, `time` is
    /// returned as it is.
    static func attributed(_ time: MetricComparison, counts: [MetricComparison]) -> MetricComparison
    {
        guard time.metric == .time, [.regression, .improvement].contains(time.verdict),
            let instructions = counts.first(where: { $0.metric == .instructions }),
            instructions.verdict == .unchanged,
            counts.allSatisfy({ $0.metric != .cycles || $0.verdict == .unchanged })
        else { return time }
        var result = time
        result.verdict = .layoutShift
        result.note =
            "instructions per event unchanged (\(instructions.changeText)): a layout or environment shift, not the code's change; "
            + time.note
        return result
    }
}
