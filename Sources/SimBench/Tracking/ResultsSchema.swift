/// What a results CSV must and may hold: the reading side of `ResultRow.columns`.
///
/// Files outlive the version that wrote them (committed CI baselines, a history file that
/// grows over months), so a reader takes any subset of the known columns that includes the
/// required ones; a column it does not know is refused, because it cannot say what it means.
public enum ResultsSchema {
    /// The columns without which a row cannot be identified or compared.
    public static let requiredColumns = [
        "scenario", "params", "variant", "role", "status", "ns_per_event_median",
    ]

    /// Columns that may not be empty in any row. (`params` may: a scenario without
    /// parameters has none.)
    static let nonEmptyColumns: Set<String> = ["scenario", "variant", "role", "status"]

    /// Every column simbench writes, in the order it writes them.
    public static var knownColumns: [String] { ResultRow.columns }

    /// Columns whose cells are empty or a finite number, non-negative unless `signedColumns`
    /// holds them.
    static let numericColumns: Set<String> = [
        "cores", "machines", "events_per_machine", "events_per_round", "actors", "rounds",
        "warmup_rounds", "seed", "ns_per_event_median", "ns_per_event_min",
        "ns_per_event_max", "ns_per_event_mean", "ns_per_event_stddev", "ns_per_event_cv",
        "ns_per_event_p10", "ns_per_event_p90", "ns_per_event_ci_low", "ns_per_event_ci_high",
        "outliers_mild", "outliers_severe", "events_per_second", "ratio_to_baseline",
        "ratio_ci_low", "ratio_ci_high", "cpu_ns_per_event_median", "allocs_per_event",
        "peak_rss_bytes", "rss_bytes_per_machine", "instructions_per_event", "setup_ms",
        "prepare_ms", "ratio_to_axis_reference", "axis_ratio_ci_low", "axis_ratio_ci_high",
        "processes", "cpu_ns_per_event_ci_low", "cpu_ns_per_event_ci_high", "utilization_median",
        "interfered_rounds", "cpu_ratio_to_baseline", "cpu_ratio_ci_low", "cpu_ratio_ci_high",
        "reference_ns_median", "cpu_per_reference", "cpu_per_reference_ci_low",
        "cpu_per_reference_ci_high", "empty_round_ns", "breakeven_ns_per_event", "negligible",
        "bytes_per_entity", "floor_ns_per_event", "floor_share",
    ]

    /// Numeric columns whose cells may also be negative: differences from the baseline (a
    /// faster pattern has a negative overhead) and intervals around them, and net ratios,
    /// below 0 when a variant costs less than the floor in most rounds (noise, or a variant
    /// cheaper than the bookkeeping it shares).
    static let signedColumns: Set<String> = [
        "overhead_ns_per_event", "overhead_ci_low", "overhead_ci_high", "breakeven_ci_low",
        "breakeven_ci_high", "bytes_per_entity_over_baseline", "ratio_net_of_floor",
        "ratio_net_ci_low", "ratio_net_ci_high",
    ]

    /// Columns whose cells are empty or hexadecimal.
    static let hexadecimalColumns: Set<String> = ["checksum"]

    /// Columns of free text. With the numeric and hexadecimal ones they cover every column,
    /// so that a new column cannot go unvalidated by accident (a test checks it).
    static let textColumns: Set<String> = [
        "run_id", "timestamp", "host", "cpu", "load_average", "os", "swift_version",
        "build_config", "build_flags", "git_commit", "scenario", "params", "variant", "role",
        "status", "event_unit", "axis_reference", "breakeven_note",
    ]

    /// The (low, high) column pairs of intervals: a row whose low end is above its high end
    /// is refused.
    static let intervalColumns = [
        ("ns_per_event_ci_low", "ns_per_event_ci_high"), ("ratio_ci_low", "ratio_ci_high"),
        ("axis_ratio_ci_low", "axis_ratio_ci_high"),
        ("cpu_ns_per_event_ci_low", "cpu_ns_per_event_ci_high"),
        ("cpu_ratio_ci_low", "cpu_ratio_ci_high"),
        ("cpu_per_reference_ci_low", "cpu_per_reference_ci_high"),
        ("overhead_ci_low", "overhead_ci_high"), ("breakeven_ci_low", "breakeven_ci_high"),
        ("ratio_net_ci_low", "ratio_net_ci_high"),
    ]

    /// Whether `cell` is a plain decimal number: an optional `-`, digits with at most one
    /// point (and a digit on at least one side of it), and an optional exponent (`e` or
    /// `E`, an optional sign, digits). No hex (`0x1p3`), no `inf` or `nan`, no spaces, no
    /// NUL, no other digits than ASCII's.
    static func isPlainDecimal(_ cell: String) -> Bool {
        let bytes = Array(cell.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                index += 1
            }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        var mantissa = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    /// Whether every character of `cell` is an ASCII hexadecimal digit.
    static func isASCIIHexadecimal(_ cell: String) -> Bool {
        cell.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}
