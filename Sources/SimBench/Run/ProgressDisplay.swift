import CSimBenchSystem

/// What a run's progress line says, and when it may change: scenario, configuration,
/// step, percentage done and the time left.
///
/// The command writes the line to stderr on a terminal only (`ProgressLine`); this is the
/// part that decides its text and its pace, kept apart so that tests can hold it to both.
/// The runner reports between measurements, never inside a timed region, and the line
/// changes at most every `minimumInterval`, so a run of thousands of short measurements
/// does not turn into thousands of terminal writes.
public struct ProgressDisplay: Sendable {
    /// At most 4 updates a second.
    public static let minimumInterval: UInt64 = 250_000_000
    /// The time left is said once this much of the run is done and this long has passed:
    /// before, the rate is too little known.
    static let estimateAfterFraction = 0.01
    static let estimateAfterNanoseconds: UInt64 = 2_000_000_000

    /// When the run started (`monotonicNanoseconds`).
    public let start: UInt64
    private var lastShown: UInt64?

    public init(start: UInt64 = ProgressDisplay.now()) {
        self.start = start
    }

    /// The monotonic clock the display is paced by, in nanoseconds.
    public static func now() -> UInt64 { monotonicNanoseconds() }

    /// The line to show for `progress` at `now`, at most `width` characters; nil when the
    /// last line was shown less than `minimumInterval` ago.
    public mutating func update(_ progress: BenchmarkRunner.Progress, now: UInt64, width: Int)
        -> String?
    {
        if let last = lastShown, now &- last < ProgressDisplay.minimumInterval { return nil }
        lastShown = now
        return ProgressDisplay.text(progress, elapsed: now &- start, width: width)
    }

    /// `[2/5] vending[machines=1000]: round 3/10 state-objects · 42% · about 1 min 20 s left`,
    /// cut to `width` characters (a line longer than the terminal would wrap, and could not
    /// be rewritten in place).
    public static func text(_ progress: BenchmarkRunner.Progress, elapsed: UInt64, width: Int)
        -> String
    {
        var parts = [
            "[\(progress.scenario)/\(progress.scenarios)] \(progress.label): \(progress.phase)"
        ]
        if let fraction = progress.fraction {
            parts.append("\(Int((fraction * 100).rounded(.down)))%")
            if let left = remaining(fraction: fraction, elapsed: elapsed) {
                parts.append("about \(duration(left)) left")
            }
        }
        let line = parts.joined(separator: " · ")
        return line.count <= width ? line : String(line.prefix(max(width - 1, 0))) + "…"
    }

    /// Seconds left at the pace so far, or nil while too little of the run is done.
    static func remaining(fraction: Double, elapsed: UInt64) -> Double? {
        guard fraction >= estimateAfterFraction, fraction < 1, elapsed >= estimateAfterNanoseconds
        else {
            return nil
        }
        return Double(elapsed) / 1e9 * (1 - fraction) / fraction
    }

    /// `45 s`, `3 min 20 s`, `2 h 05 min`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        if total < 60 { return "\(total) s" }
        if total < 3600 { return "\(total / 60) min \(total % 60) s" }
        let minutes = (total % 3600) / 60
        return "\(total / 3600) h \(minutes < 10 ? "0" : "")\(minutes) min"
    }

    /// The width of the terminal on `descriptor`, or nil when it is none.
    public static func terminalColumns(_ descriptor: Int32) -> Int? {
        let columns = Int(simbench_terminal_columns(descriptor))
        return columns > 0 ? columns : nil
    }
}
