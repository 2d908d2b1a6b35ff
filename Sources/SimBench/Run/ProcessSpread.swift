/// How long a run's processes are spread over: the span asked for (`RunOptions.spanSeconds`),
/// cut to a multiple of the processes' own work when that work is short.
///
/// Spreading lets the processes meet the host's changing state as a re-run would
/// (`RunOptions.Sampling.spanSeconds`), but a run of a few hundred milliseconds of work
/// spread over 20 s sits idle 99% of the time. So the span is at most `workMultiple` times
/// the processes' work, estimated from the children already finished: the default suite,
/// whose processes work about 20 s, is spread over 20 s as always, while a quick look
/// finishes within a few times its work. A run whose spread was cut says so: its processes
/// met one state of the host, and its intervals' promise for a re-run rests on the drift
/// between runs (`RunDrift`), not on their spread.
public struct ProcessSpread: Sendable, Equatable {
    /// The span asked for, in seconds.
    public let asked: Double
    /// The span the processes were spread over, in seconds: `asked`, or less when their work
    /// was short.
    public let used: Double

    public init(asked: Double, used: Double) {
        self.asked = asked
        self.used = used
    }

    /// The processes were spread over less than asked: their work was too short to fill it.
    public var wasCut: Bool { used < asked }

    /// The most the span may be, as a multiple of the processes' work: the waiting never
    /// exceeds three times the work. The default suite at 10,000 machines works about 20 s
    /// over its 5 processes (`RunOptions.Sampling.spanSeconds`), far above the 5 s below which
    /// a span of 20 s is cut; so is the coverage proof's smaller suite, unless its processes
    /// take under a second each.
    public static let workMultiple = 4.0

    /// The span for `count` processes of which those of `finished` (their durations, in
    /// seconds) have run: `asked`, or `workMultiple` times their estimated work (the mean
    /// duration so far times `count`) when that is less. With none finished, `asked`.
    ///
    /// - Complexity: O(`finished.count`).
    public static func span(asked: Double, count: Int, finished: [Double]) -> Double {
        guard asked > 0, count > 0, !finished.isEmpty else { return asked }
        let mean = finished.reduce(0, +) / Double(finished.count)
        return min(asked, workMultiple * mean * Double(count))
    }
}
