/// The verdict on one metric of one (scenario, params, sweep, variant) between two runs: one line
/// of `simbench compare`'s report.
public struct MetricComparison: Sendable, Equatable {
    /// What was compared.
    public enum Metric: String, Sendable {
        case time
        case allocations = "allocs"
        /// Instructions per event, counted (`RunOptions.instructions`).
        case instructions
        /// Callgrind's estimated cycles per event (`InstructionSource.callgrind`).
        case cycles
    }

    /// Which figure the verdict rests on.
    public enum Basis: String, Sendable {
        /// The ratio to the scenario's baseline variant measured in the same run: it cancels
        /// a machine that is faster or slower as a whole.
        case ratio
        /// Median wall nanoseconds per event.
        case nanoseconds = "ns/event"
        /// The ratio of thread CPU time to the baseline variant's, in the same run.
        case cpuRatio = "cpu ratio"
        /// Median thread CPU nanoseconds per event.
        case cpuNanoseconds = "cpu ns/event"
        /// CPU ns per event over the machine-speed reference's ns in the same rounds
        /// (`MachineSpeedReference`): absolute time with the machine's speed divided out.
        case cpuPerReference = "cpu/reference"
        /// Allocations per event, under its figure's heading
        /// (`ResultColumn.allocationsPerEvent`); raw values are literals, so a test holds the
        /// three counted bases to their columns' headings.
        case allocations = "allocs/event"
        /// Instructions per event.
        case instructions = "instr/event"
        /// Estimated cycles per event (Callgrind's cache simulation).
        case cycles = "cycles/event"
    }

    /// In report order: what needs attention first.
    public enum Verdict: Int, Sendable, Comparable, CaseIterable {
        case regression
        case improvement
        /// Time moved beyond the threshold, but the row's instructions per event (and
        /// estimated cycles, where counted) did not: where the code sits, or the machine,
        /// moved it, not the code. Shown, never flagged.
        case layoutShift
        /// A pattern's ratio to its scenario's baseline variant moved because the baseline
        /// variant moved, while the pattern's own figure (CPU time over the machine-speed
        /// reference, or its counts) did not: the baseline's change, not the pattern's.
        /// Shown, never flagged.
        case movedWithBaseline
        /// A figure or its confidence interval is missing on a side: said, never flagged.
        case notJudged
        case unchanged

        public static func < (a: Verdict, b: Verdict) -> Bool { a.rawValue < b.rawValue }

        public var label: String {
            switch self {
            case .regression: "REGRESSION"
            case .improvement: "improvement"
            case .layoutShift: "layout/env shift"
            case .movedWithBaseline: "moved with baseline"
            case .notJudged: "not judged"
            case .unchanged: "unchanged"
            }
        }
    }

    public var identity: ResultIdentity
    /// Whether the row is its scenario's baseline variant (the ruler of its ratios).
    public var isBaselineVariant: Bool
    public var metric: Metric
    /// The figures the verdict rests on, as the report shows them.
    var figures: Figures
    public var verdict: Verdict
    /// Why, in a few words: `beyond +5%, CI above 0`, `no CI`, and context such as the
    /// absolute ns change of a verdict that rests on the ratio.
    public var note: String {
        get { String(decoding: noteBytes, as: UTF8.self) }
        set { noteBytes = Array(newValue.utf8) }
    }
    /// `note`'s UTF-8 bytes, as it is kept: a comparison of 100,000 rows writes a note a row
    /// among bytes and copies it into its table (`VerdictTable`) with no text made.
    var noteBytes: [UInt8]
    /// `simbench ab`'s test of a time row over its pairs, for what it could have seen; nil
    /// in `compare` and for counts.
    public var pairedTest: PairedTest? = nil
    /// For an instructions verdict between two rows that list their functions (Callgrind's
    /// `functions` column): the functions that moved most; nil otherwise.
    public var functions: FunctionDiff? = nil

    init(
        identity: ResultIdentity, isBaselineVariant: Bool, metric: Metric, basis: Basis,
        baseline: Double?, current: Double?, change: RelativeChange?, verdict: Verdict,
        note: String, pairedTest: PairedTest? = nil, functions: FunctionDiff? = nil
    ) {
        self.init(
            identity: identity, isBaselineVariant: isBaselineVariant, metric: metric,
            figures: Figures(basis: basis, baseline: baseline, current: current, change: change),
            verdict: verdict, note: note, pairedTest: pairedTest, functions: functions)
    }

    init(
        identity: ResultIdentity, isBaselineVariant: Bool, metric: Metric, figures: Figures,
        verdict: Verdict, note: String, pairedTest: PairedTest?, functions: FunctionDiff?
    ) {
        self.identity = identity
        self.isBaselineVariant = isBaselineVariant
        self.metric = metric
        self.figures = figures
        self.verdict = verdict
        noteBytes = Array(note.utf8)
        self.pairedTest = pairedTest
        self.functions = functions
    }

    public var basis: Basis {
        get { figures.basis }
        set { figures.basis = newValue }
    }
    /// The figure the verdict rests on, in each run (nil where the cell is empty).
    public var baseline: Double? {
        get { figures.baseline }
        set { figures.baseline = newValue }
    }
    public var current: Double? {
        get { figures.current }
        set { figures.current = newValue }
    }
    /// Relative change of that figure, with its interval where both runs have one.
    public var change: RelativeChange? {
        get { figures.change }
        set { figures.change = newValue }
    }

    /// The figure as the report shows it: `812`, `1.23×`, `2.00`.
    func formatted(_ value: Double?) -> String { figures.formatted(value) }

    /// The change as the report shows it (`Figures.changeText`).
    var changeText: String { figures.changeText }

    /// Counts have no interval: empty for them.
    var intervalText: String { figures.intervalText }

    /// What a verdict rests on: its basis, the figure in each run and its change; kept
    /// apart from the row's identity and note so that compare keeps a million of them
    /// without a string each (`VerdictTable`).
    struct Figures: Sendable, Equatable {
        var basis: Basis
        var baseline: Double?
        var current: Double?
        var change: RelativeChange?

        /// The figure as the report shows it: `812`, `1.23×`, `2.00`.
        func formatted(_ value: Double?) -> String {
            guard let value else { return "—" }
            switch basis {
            case .ratio, .cpuRatio: return NumberFormat.significant(value) + "×"
            case .nanoseconds, .cpuNanoseconds, .cpuPerReference, .allocations, .instructions,
                .cycles:
                return NumberFormat.significant(value)
            }
        }

        /// The change as the report shows it: a percentage for time, the difference per
        /// event for allocations (a relative change of a count near zero says little).
        var changeText: String {
            var text = [UInt8]()
            appendChangeText(to: &text)
            return String(decoding: text, as: UTF8.self)
        }

        /// Appends `changeText` to `text`: written as bytes where a table prints it, no
        /// string made for a sign or a figure.
        func appendChangeText(to text: inout [UInt8]) {
            if basis == .allocations, let baseline, let current {
                let difference = current - baseline
                StackBytes.append(difference < 0 ? "−" : "+", to: &text)
                NumberFormat.appendSignificant(abs(difference), to: &text)
                return
            }
            // Counts repeat to parts per million: a hundredth of a percent still means
            // something.
            if basis == .instructions || basis == .cycles, let point = change?.point {
                StackBytes.append(point < 0 ? "−" : "+", to: &text)
                NumberFormat.appendFixed(abs(point) * 100, decimals: 2, to: &text)
                text.append(UInt8(ascii: "%"))
                return
            }
            guard let change else {
                StackBytes.append("—", to: &text)
                return
            }
            RelativeChange.appendSignedPercent(change.point, to: &text)
        }

        /// Counts have no interval: empty for them.
        var intervalText: String {
            isCount ? "" : change?.intervalText ?? "—"
        }

        /// Whether the figure is counted, not sampled: it has no interval.
        private var isCount: Bool {
            basis == .allocations || basis == .instructions || basis == .cycles
        }

        /// Appends `" " + intervalText` to `text` where the change has an interval (not
        /// empty, not `—`); nothing otherwise.
        func appendIntervalAfterBlank(to text: inout [UInt8]) {
            guard !isCount, let change, change.hasInterval else { return }
            text.append(UInt8(ascii: " "))
            _ = change.appendInterval(to: &text)
        }
    }
}
