/// Time changes that the row's code did not make: a move of time while the counts stood
/// still, and a pattern's ratio moved by its scenario's baseline variant.
///
/// Both leave a row's time change shown but no longer flagged: a regression or improvement
/// becomes `layoutShift` or `movedWithBaseline`, with the reason first in its note, and the
/// exit status no longer counts it.
extension ResultsComparison {
    /// `time` relabelled `layoutShift` when its change was flagged while the same row's
    /// counts did not move: instructions per event judged unchanged (same source, within
    /// the instructions threshold), and estimated cycles per event, where either build has
    /// them, unchanged too (a change that only adds cache misses leaves instructions alone
    /// but not the cycles estimate). Without an instruction count on both sides, `time` is
    /// returned as it is.
    static func attributed(_ time: consuming MetricComparison, counts: [MetricComparison])
        -> MetricComparison
    {
        guard time.metric == .time, [.regression, .improvement].contains(time.verdict),
            let instructions = counts.first(where: { $0.metric == .instructions }),
            instructions.verdict == .unchanged,
            counts.allSatisfy({ $0.metric != .cycles || $0.verdict == .unchanged })
        else { return time }
        let note = time.note
        var result = time
        result.verdict = .layoutShift
        result.note =
            "instructions per event unchanged (\(instructions.changeText)): a layout or environment shift, not the code's change; "
            + note
        return result
    }

    /// The scenario a row belongs to: its identity without the variant, so that a pattern
    /// finds its baseline variant (same scenario, parameters and sweep point).
    static func scenarioKey(_ identity: ResultIdentity) -> ResultIdentity {
        var key = identity
        key.variant = ""
        return key
    }

    /// Whether a baseline variant's time verdict says it moved: flagged, or moved by
    /// layout or environment (its counts unchanged). Either way every ratio to it moved.
    static func baselineMoved(_ verdict: MetricComparison.Verdict) -> Bool {
        [.regression, .improvement, .layoutShift].contains(verdict)
    }

    /// A pattern's time verdict when its scenario's baseline variant moved: the verdict on
    /// the pattern's `own` figure (CPU time over the machine-speed reference, attributed by
    /// its counts where counted), with the move of its `ratio` said as the baseline's.
    ///
    /// The ratio divides by the baseline variant, so a baseline that got 40% slower makes
    /// every pattern look 29% faster; judged on its ratio each pattern would be an
    /// improvement it did not make. When the own figure and the ratio both flag a change, the
    /// own figure's is the row's verdict; when only one of them does, the row is
    /// `movedWithBaseline`: either its ratio moved by the baseline's change alone, or its own
    /// figure moved as far as the baseline's while its ratio held, which is what a host whose
    /// speed drifted between two runs does to every row of a scenario (and code both share,
    /// such as the floor's loop: the baseline's row says so).
    /// Without CPU time over the machine-speed reference (older files, wall time), the own
    /// figure would be raw time, which moves with the host as much as with the code: the
    /// ratio's verdict stands where it did not flag, and a flagged ratio is
    /// `movedWithBaseline` all the same.
    static func credited(
        own: MetricComparison, ratio: MetricComparison, baseline: MetricComparison
    ) -> MetricComparison {
        let moved =
            "ratio \(ratio.changeText) moved with the baseline (\(baseline.identity.variant) \(baseline.changeText))"
        let ratioFlagged = [.regression, .improvement].contains(ratio.verdict)
        guard own.basis == .cpuPerReference else {
            var result = ratio
            if ratioFlagged {
                result.verdict = .movedWithBaseline
                result.note =
                    "\(moved), not this variant's change (no CPU time over the machine-speed reference to judge it on its own); \(ratio.note)"
            }
            return result
        }
        var result = own
        let ownFlagged = [.regression, .improvement].contains(own.verdict)
        switch (ownFlagged, ratioFlagged) {
        case (true, true), (false, false):
            result.note = "\(moved); judged on its own figure: \(own.note)"
        case (false, true):
            result.verdict = .movedWithBaseline
            result.note = "\(moved), not this variant's change; its own figure: \(own.note)"
        case (true, false):
            result.verdict = .movedWithBaseline
            result.note =
                "its own figure \(own.changeText) moved as the baseline did (\(baseline.identity.variant) \(baseline.changeText)) while its ratio held (\(ratio.changeText)): the host or code both share, not this variant's change; its own figure: \(own.note)"
        }
        return result
    }
}
