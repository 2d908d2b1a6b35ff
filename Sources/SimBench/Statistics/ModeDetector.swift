import Foundation

/// Whether a row's processes settle into more than one cost: a gap rule on their sorted
/// per-process estimates.
///
/// Some rows have no single cost. A process settles early into one of two states (where its
/// allocator's arenas landed, which threads share them) and stays there for every round, so
/// rounds agree within a process and processes split into groups. Pooled over processes, the
/// rounds then give an interval wide enough to hold both groups, or, with one process, an
/// interval that excludes the other group: neither says what happened.
///
/// Method. The per-process estimates (each process's median over its rounds of the per-round
/// CPU ratio to the baseline) are taken in logarithms, so that a factor is a distance, and
/// sorted. Every cut of the sorted list that leaves at least `minimumModeProcesses` (and
/// `minimumModeShare`) on each side is a candidate split; a cut is two modes when
///
/// - the gap at the cut is at least `minimumGap` times the spread within the two sides (the
///   median absolute deviation of each process from its side's median, pooled, scaled to a
///   standard deviation, and never below `spreadFloor`), and
/// - the upper side's median is at least `minimumSeparation` times the lower side's.
///
/// The cut with the largest gap in spreads wins. The first rule is the gap: a real second mode
/// leaves an empty stretch between the groups, far wider than the groups' own scatter; noise
/// leaves gaps of the same order as its scatter. The second is the size: on processes that
/// scatter by up to 1.3× about their median (every row of vending and workday but one, 48
/// processes each, over 8 code layouts), no split into two groups is that far apart. The
/// minimum of two processes a side keeps one odd process (one whose heap landed badly) from
/// being called a mode; it stays in the row, and in its intervals.
///
/// Why not BenchmarkDotNet's mvalue: it sums the rises and falls of a histogram of the
/// samples, which needs many more values than a run's 10–50 processes to draw a histogram
/// whose bins are not noise, and depends on the bin width; it says that there are modes but
/// not where they part, which the row's sentence must say. A two-component mixture fit says
/// where, but its fit on 30 values with one component of 3 is unstable. The gap rule gives the
/// split itself, is exact on a given list, and its false-alarm rate on one-mode data is
/// measured by the tests over many seeded simulations.
public enum ModeDetector {
    /// Fewer processes than this cannot show two modes of `minimumModeProcesses` each with any
    /// confidence: the row's modes are not judged. At 5 (the default run's processes), two
    /// processes against three were called two modes in 13 of 1,560 rows of 24 runs of the
    /// default suite (validation's floor and switch among them: rows with one cost), so that
    /// about 4 README runs in 10 marked a row that had no modes; at 30 processes, 0 of 90
    /// rows of vending and workday in 10 runs were.
    public static let minimumProcesses = 10
    /// A mode holds at least this many processes: one odd process is not a mode.
    public static let minimumModeProcesses = 2
    /// …and at least this share of them.
    public static let minimumModeShare = 0.05
    /// The slow mode's median over the fast mode's, at least: below it, processes merely
    /// scatter (up to 1.3× about the median on rows with one mode).
    public static let minimumSeparation = 1.35
    /// The gap at the cut, in spreads within the modes, at least.
    public static let minimumGap = 4.0
    /// The least spread within the modes, in natural log units (1%): processes that agree
    /// to the last digit do not make any gap between them infinitely wide.
    public static let spreadFloor = 0.01

    /// The modes of a row's per-process estimates, fastest first; nil when there are fewer
    /// than `minimumProcesses` (modes cannot be judged), or an estimate is not positive and
    /// finite.
    ///
    /// - Parameter estimates: one positive estimate per process, in any order.
    /// - Complexity: O(n²) for n processes.
    public static func modes(of estimates: [Double]) -> ProcessModes? {
        guard estimates.count >= minimumProcesses,
            estimates.allSatisfy({ $0 > 0 && $0.isFinite })
        else { return nil }
        let sorted = estimates.sorted()
        let logs = sorted.map { Foundation.log($0) }
        let count = logs.count
        let least = max(
            minimumModeProcesses, Int((minimumModeShare * Double(count)).rounded(.up)))
        var best: (cut: Int, score: Double)?
        if count >= 2 * least {
            for cut in least...(count - least) {
                let lower = Array(logs[..<cut])
                let upper = Array(logs[cut...])
                let (lowerMedian, upperMedian) = (median(lower), median(upper))
                guard upperMedian - lowerMedian >= Foundation.log(minimumSeparation) else {
                    continue
                }
                let deviations =
                    lower.map { abs($0 - lowerMedian) } + upper.map { abs($0 - upperMedian) }
                let spread = max(1.4826 * median(deviations), spreadFloor)
                let score = (logs[cut] - logs[cut - 1]) / spread
                if score >= minimumGap, score > best?.score ?? 0 { best = (cut, score) }
            }
        }
        guard let best else {
            return ProcessModes(processes: count, modes: [ProcessModes.Mode(sorted)])
        }
        return ProcessModes(
            processes: count,
            modes: [
                ProcessModes.Mode(Array(sorted[..<best.cut])),
                ProcessModes.Mode(Array(sorted[best.cut...])),
            ])
    }

    private static func median(_ sorted: [Double]) -> Double {
        Percentile.median(sorted: sorted.sorted())
    }
}

/// The modes found among a row's processes (`ModeDetector`), fastest first: one when the
/// processes agree.
public struct ProcessModes: Sendable, Equatable {
    /// One group of processes of about the same cost.
    public struct Mode: Sendable, Equatable {
        public let processes: Int
        public let median: Double
        public let lowest: Double
        public let highest: Double

        /// The mode of `sorted`, ascending and not empty.
        init(_ sorted: [Double]) {
            processes = sorted.count
            median = Percentile.median(sorted: sorted)
            lowest = sorted[0]
            highest = sorted[sorted.count - 1]
        }

        public init(processes: Int, median: Double, lowest: Double, highest: Double) {
            self.processes = processes
            self.median = median
            self.lowest = lowest
            self.highest = highest
        }
    }

    /// The processes judged.
    public let processes: Int
    public let modes: [Mode]

    public init(processes: Int, modes: [Mode]) {
        self.processes = processes
        self.modes = modes
    }

    public var count: Int { modes.count }
    /// The slowest mode, when there are more than one.
    public var slow: Mode? { modes.count > 1 ? modes.last : nil }
    /// The fastest mode: the only one when the processes agree.
    public var fast: Mode { modes[0] }
    /// The share of the processes in the slow mode, 0...1; nil with one mode.
    public var slowShare: Double? {
        slow.map { Double($0.processes) / Double(max(processes, 1)) }
    }
}
