/// Standalone SVG charts of results files: what `simbench plot` writes and `simbench
/// report` inlines.
///
/// Every chart is a pure function of the rows it is given, in their order: the same rows
/// give the same bytes (numbers are written with fixed decimals, groups are kept in the
/// order the rows first name them, nothing depends on the clock or a dictionary's order).
public enum Charts {
    /// The chart's width in pixels.
    static let width = 760.0

    /// `kind`'s chart of `records`, or nil when they hold nothing it can draw (no pattern
    /// with a ratio, no size measured twice, a single run…).
    ///
    /// Any rows the readers accept give a chart or nil, or fail with `ChartError.tooLarge`
    /// when drawing them would pass `ChartLimits`: never a trap, never unbounded work.
    ///
    /// With `room` (the elements a report's budget still holds), a chart that can tell before
    /// drawing that it would hold more than that, and fewer than
    /// `ChartLimits.elementsPerChart`, fails with `ChartError.pastRoom` without the work of
    /// drawing (allocations per event, which knows its count to its ticks); any chart drawn
    /// may still hold more than `room`.
    public static func svg(_ kind: ChartKind, records: [ResultsRecord], room: Int = .max)
        throws(ChartError) -> String?
    {
        try document(kind, records: records, room: room)?.text
    }

    /// `svg(kind, records:, room:)` as its bytes, which a report inlines.
    static func document(_ kind: ChartKind, records: [ResultsRecord], room: Int = .max)
        throws(ChartError) -> SVGDocument?
    {
        do {
            switch kind {
            case .ratios: return try RatioChart.svg(records)
            case .sweep: return try SweepChart.svg(records)
            case .scaling: return try ScalingChart.svg(records)
            case .history: return try HistoryChart.svg(records)
            case .allocs: return try AllocationChart.svg(records, room: room)
            case .processes: return try ProcessChart.svg(records)
            case .mechanisms: return try MechanismChart.svg(records)
            }
        } catch {
            if error.pastRoom { throw .pastRoom(kind: kind, room: room) }
            throw .tooLarge(kind: kind, rows: records.count)
        }
    }

    /// Why `kind` has nothing to draw, for the one line `plot` prints: what is missing and
    /// the run setting that would give it.
    public static func nothingToDraw(_ kind: ChartKind) -> SettingMessage {
        switch kind {
        case .ratios:
            "no pattern row with a ratio to its baseline; expected a results CSV of a run with patterns"
        case .sweep:
            "no variant measured at two or more machine or event counts; expected a sweep (\(.machines) 1000,10000) or several runs' CSVs"
        case .scaling:
            "no variant measured at two or more actor counts; expected runs with different \(.actors)"
        case .history:
            "no configuration measured in two or more runs; expected a history file (\(.history))"
        case .allocs: "no row with allocations per event"
        case .processes:
            "no row with two or more processes' ratios; expected a results CSV of a run with \(.processes)"
        case .mechanisms:
            "no row with instructions split by mechanism; expected a run with \(.instructions) callgrind"
        }
    }
}
