/// The answers of a run in one table, one row per pattern: what `run` prints last, so that
/// it is what a terminal shows when the run ends, and what `simbench report` opens with.
///
/// A row gives the pattern's CPU ratio to its baseline with its 95% interval, the CPU ns it
/// adds per event with its interval, the bytes it adds per entity, the real work per event
/// above which its overhead is negligible (the break-even), and, with instruction counts,
/// the mechanism that holds the largest share of its extra instructions (`77% refcount`).
/// The rows come from results records, so that a run and a results file give the same
/// table; the columns are declared once (`Column.all`) for the terminal and the report.
public enum RunSummary {
    /// One pattern's answers.
    public struct Row: Sendable, Equatable {
        public var scenario: String
        /// What tells the scenario's configurations apart: its axis values and sweep point
        /// (`nsregex`, `machines=1000`), empty when it has one (`configuration(of:varying:)`).
        public var configuration: String
        public var pattern: String

        /// The row's name: `vending.state-objects`, `validation.switch (nsregex)`.
        public var name: String {
            RunSummary.name(scenario: scenario, pattern: pattern, configuration: configuration)
        }
        /// The scenario's configuration the row belongs to: `vending`, `validation (nsregex)`.
        public var group: String {
            scenario + (configuration.isEmpty ? "" : " (\(configuration))")
        }
        public var cpuRatio: Estimate?
        /// CPU ns added per event.
        public var nsAdded: Estimate?
        public var bytesAdded: Double?
        /// Real work per event, in ns, above which the overhead is under the negligible share.
        public var breakeven: Double?
        /// `77% refcount`: the largest share of the extra instructions; nil without counts.
        public var mechanism: String?
        /// The CPU ns added per event the cost model predicts (`CostModel`), with its
        /// interval; nil when not predicted.
        public var predicted: Estimate? = nil
        /// The processor the pattern was measured on.
        public var processor = HostProcessor(name: "", identity: .unknown)
        /// The pattern computed another outcome than its baseline: it has no timing, and its
        /// row says WRONG where the ratio would be.
        public var wrong = false
    }

    /// The rows of `records` (one run or several files), in their order: a row per pattern
    /// (`role` pattern), measured or WRONG (its outcome differed: no figure). Baselines and
    /// floors have none.
    ///
    /// - Complexity: O(n) in the records: each pattern's baseline is looked up by its
    ///   configuration and run, not searched for.
    public static func rows(_ records: [ResultsRecord]) -> [Row] {
        rows(records, limit: .max)
    }

    /// The first `limit` rows of `rows(_:)`: only the rows kept are made, though each
    /// pattern's configuration is still told among all of `records`.
    public static func rows(_ records: [ResultsRecord], limit: Int) -> [Row] {
        let varying = varyingParameters(records)
        // The first ok baseline row of each (scenario, params, sweep, run).
        var baselines = [RowKey: ResultsRecord]()
        for record in records where record.isBaselineVariant && record.isOK {
            let key = baselineKey(record)
            if baselines[key] == nil { baselines[key] = record }
        }
        // The configuration of the row before, which a row of the same scenario, parameters
        // and sweep point (the pattern after it, nearly always) shares: named once. A
        // configuration met again (each run of a history lists the same ones) is looked up
        // by its cells, not named again (where they are the same bytes: text that is only
        // canonically equal is named anew, as the row wrote it).
        var named: (record: ResultsRecord, configuration: String)?
        var repeated = RepeatedCells(configurationColumns)
        var configurations = [RowKey: (record: ResultsRecord, configuration: String)]()
        // The processor of the row before, which a row of the same run nearly always shares:
        // read once, not from each row's host columns.
        var measuredOn: (record: ResultsRecord, processor: HostProcessor)?
        return Array(
            records.lazy.filter(hasRow).prefix(max(limit, 0)).map { record in
                let configuration: String
                if let named, repeated.same(record, as: named.record) {
                    configuration = named.configuration
                } else {
                    let key = RowKey(record, configurationColumns)
                    if let known = configurations[key], repeated.same(record, as: known.record) {
                        configuration = known.configuration
                    } else {
                        configuration = Self.configuration(
                            of: record, varying: varying[record[.scenario]] ?? [])
                        if configurations[key] == nil {
                            configurations[key] = (record, configuration)
                        }
                    }
                }
                named = (record, configuration)
                let processor: HostProcessor
                if let measuredOn, record.hasSameProcessor(as: measuredOn.record) {
                    processor = measuredOn.processor
                } else {
                    processor = record.processor
                }
                measuredOn = (record, processor)
                let baseline = baselines[baselineKey(record)]
                let nsAdded = estimate(
                    record, .overheadNsPerEvent, .overheadCILow, .overheadCIHigh)
                // A break-even only for an overhead its interval shows (`PatternAnswer`): one
                // within noise, or unbounded, has nothing to amortise.
                let shown = (nsAdded?.low).map { $0 > 0 } ?? false
                return Row(
                    scenario: record[.scenario], configuration: configuration,
                    pattern: record[.variant],
                    cpuRatio: estimate(
                        record, .cpuRatioToBaseline, .cpuRatioCILow, .cpuRatioCIHigh),
                    nsAdded: nsAdded, bytesAdded: record.number(.bytesPerEntityOverBaseline),
                    breakeven: shown ? record.number(.breakevenNsPerEvent) : nil,
                    mechanism: mechanism(record, baseline: baseline),
                    predicted: estimate(
                        record, .predictedNsAddedPerEvent, .predictedNsAddedLow,
                        .predictedNsAddedHigh),
                    processor: processor,
                    wrong: !record.isOK
                )
            })
    }

    /// A pattern's name: `vending.state-objects`, `validation.switch (nsregex)`.
    static func name(scenario: String, pattern: String, configuration: String) -> String {
        "\(scenario).\(pattern)" + (configuration.isEmpty ? "" : " (\(configuration))")
    }

    /// The name of `record`'s row, its configuration told among `varying` (the records'
    /// `varyingParameters`).
    static func name(of record: ResultsRecord, varying: [String: Set<String>]) -> String {
        name(
            scenario: record[.scenario], pattern: record[.variant],
            configuration: configuration(of: record, varying: varying[record[.scenario]] ?? []))
    }

    /// What a pattern's row and its baseline's share: the configuration and the run.
    static func baselineKey(_ record: ResultsRecord) -> RowKey {
        RowKey(record, baselineKeyColumns)
    }

    /// The cells `configuration(of:varying:)` reads: the scenario (whose parameters vary),
    /// its parameters and its sweep point.
    private static let configurationColumns: [ResultColumn] = [.scenario, .parameters, .sweep]

    /// The columns of `baselineKey`, made once.
    private static let baselineKeyColumns: [ResultColumn] = [
        .scenario, .parameters, .sweep, .runID,
    ]

    /// A record's measured group: its scenario's configurations and variants in one run
    /// (one point of a sweep), which run side by side in the same rounds (`BenchmarkRunner`).
    static func roundKey(_ record: ResultsRecord) -> RowKey {
        RowKey(record, roundKeyColumns)
    }

    /// The columns of `roundKey`, made once.
    private static let roundKeyColumns: [ResultColumn] = [.scenario, .sweep, .runID]

    /// Whether `records` hold a row `rows(_:)` would give: a pattern.
    public static func hasRows(_ records: [ResultsRecord]) -> Bool {
        records.contains(where: hasRow)
    }

    /// How many rows `rows(_:)` gives of `records`, without making them.
    public static func rowCount(_ records: [ResultsRecord]) -> Int {
        ResultsRecord.count(records, where: hasRow)
    }

    /// Whether `record` gives a row: a pattern, measured or wrong.
    private static func hasRow(_ record: ResultsRecord) -> Bool {
        record.role == .pattern
    }

    /// The rows of a run's row groups, as its CSV would give them.
    public static func rows(_ groups: [[ResultRow]]) -> [Row] {
        rows(groups.flatMap { $0 }.map(ResultsRecord.init(row:)))
    }

    /// `nsregex`, `machines=1000`: the values of the parameters that tell the scenario's
    /// configurations apart (those whose value differs between its rows: an axis such as
    /// `matcher`), then the sweep point, if any.
    static func configuration(of record: ResultsRecord, varying: Set<String>) -> String {
        let values = settings(record[.parameters]).filter { varying.contains($0.key) }
            .map(\.value)
        let sweep = record[.sweep].isEmpty ? [] : [record[.sweep]]
        return (values + sweep).joined(separator: " ")
    }

    /// The parameter names whose value differs between the records of a scenario, by
    /// scenario.
    static func varyingParameters(_ records: [ResultsRecord]) -> [String: Set<String>] {
        var seen = [String: [String: Set<String>]]()
        var previous: ResultsRecord?
        // The scenarios and parameters read already: a configuration met again (each run of
        // a history lists them all) adds nothing either, told by its cells' hash.
        var read = Set<RowKey>()
        for (index, record) in records.enumerated() {
            ResultsRecord.prefetch(records, at: index)
            // A row of the same scenario and parameters as the one before (its other
            // variants) adds nothing: told from the bytes, not parsed again.
            defer { previous = record }
            if let previous, record.hasSameCell(.parameters, as: previous),
                record.hasSameCell(.scenario, as: previous)
            {
                continue
            }
            guard read.insert(RowKey(record, parameterColumns)).inserted else { continue }
            for (key, value) in settings(record[.parameters]) {
                seen[record[.scenario], default: [:]][key, default: []].insert(value)
            }
        }
        return seen.mapValues { Set($0.filter { $0.value.count > 1 }.keys) }
    }

    /// The cells `varyingParameters` reads.
    private static let parameterColumns: [ResultColumn] = [.scenario, .parameters]

    /// `a=1;b=2` as its pairs, in order.
    private static func settings(_ parameters: String) -> [(key: String, value: String)] {
        parameters.split(separator: ";").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    private static func estimate(
        _ record: ResultsRecord, _ value: ResultColumn, _ low: ResultColumn, _ high: ResultColumn
    ) -> Estimate? {
        record.number(value).map {
            Estimate(value: $0, low: record.number(low), high: record.number(high))
        }
    }

    /// The mechanism holding the largest share of what the pattern's instructions add over
    /// its baseline's: nil unless both rows were split by mechanism.
    private static func mechanism(_ record: ResultsRecord, baseline: ResultsRecord?) -> String? {
        guard let baseline,
            let added = PatternAnswer.instructionsAdded(
                MechanismSplit(record: record), over: MechanismSplit(record: baseline)),
            let (mechanism, share) = added.shares(atLeast: 0.05).first
        else { return nil }
        return "\(Int((share * 100).rounded()))% \(mechanism.rawValue)"
    }

    /// One column of the summary, declared once for the terminal and the report.
    public struct Column: Sendable {
        public let header: String
        /// The terminal drops columns, lowest rank first, until the table fits; nil: never.
        /// Columns of one rank go together: a figure and its interval, so that no figure is
        /// shown without the interval it has.
        public let dropRank: Int?
        public let cell: @Sendable (Row) -> String

        /// The pattern's dotted name, CPU ratio and its interval, ns added and its interval, bytes
        /// added, break-even, mechanism. The CPU ratio's interval is the last to give way, ns
        /// added (with its interval) the one before.
        public static let all: [Column] = [
            Column(header: "pattern", dropRank: nil) { $0.name },
            Column(header: "CPU ratio", dropRank: nil) { row in
                row.wrong ? wrongCell : row.cpuRatio.map { NumberFormat.ratio($0.value) } ?? "—"
            },
            Column(header: "95% CI", dropRank: 5) { row in
                NumberFormat.interval(row.cpuRatio?.low, row.cpuRatio?.high, ratio: true)
            },
            Column(header: "ns added", dropRank: 4) { row in
                row.nsAdded.map { NumberFormat.signed($0.value) } ?? "—"
            },
            Column(header: "ns CI", dropRank: 4) { row in
                NumberFormat.interval(row.nsAdded?.low, row.nsAdded?.high)
            },
            // The prediction with its interval in one cell: a point without it would read as
            // a certainty the model does not have.
            Column(header: "predicted", dropRank: 3) { row in
                row.predicted.map { predicted in
                    NumberFormat.signed(predicted.value)
                        + (predicted.low.flatMap { low in
                            predicted.high.map { " \(NumberFormat.interval(low, $0))" }
                        } ?? "")
                } ?? ""
            },
            Column(header: "B added", dropRank: 2) { row in
                row.bytesAdded.map { NumberFormat.signed($0) } ?? "—"
            },
            Column(header: "break-even", dropRank: 1) { row in
                row.breakeven.map { NumberFormat.duration($0) } ?? "—"
            },
            Column(header: "mechanism", dropRank: 0) { $0.mechanism ?? "" },
        ]
    }

    /// The headers in the order the terminal drops them, those of one rank together (in
    /// their columns' order).
    public static var dropGroups: [[String]] {
        let ranks = Set(Column.all.compactMap(\.dropRank)).sorted()
        return ranks.map { rank in Column.all.filter { $0.dropRank == rank }.map(\.header) }
    }

    /// What a WRONG pattern's row says in the ratio's place; its other cells are empty.
    public static let wrongCell = "WRONG"

    /// The table of `rows`, every column; a column empty on every row (no mechanisms
    /// without counts) left out.
    public static func table(_ rows: [Row]) -> TextTable {
        var table = TextTable(header: Column.all.map(\.header))
        table.leftAligned = [0]
        table.rows = rows.map { row in
            // A wrong row's name and WRONG (`Column.all` opens with them), nothing more.
            Column.all.enumerated().map { index, column in
                !row.wrong || index < 2 ? column.cell(row) : ""
            }
        }
        return table.removingEmptyColumns()
    }

    /// The table of `rows` with each configuration's name on a line of its own and its
    /// patterns indented under it: a narrower name column, for a terminal too narrow for the
    /// full names beside the columns they would drop.
    static func groupedTable(_ rows: [Row]) -> TextTable {
        var grouped = table(rows)
        var lines = [[String]]()
        for (index, (row, cells)) in zip(rows, grouped.rows).enumerated() {
            if index == 0 || rows[index - 1].group != row.group { lines.append([row.group]) }
            lines.append(["  " + row.pattern] + cells.dropFirst())
        }
        grouped.rows = lines
        return grouped
    }

    /// The terminal's lines: a title, then the table fitted to `width` by dropping columns
    /// (`dropGroups`: a figure never without its interval), the title naming what went; the
    /// names and the CPU ratio stay. Where the names grouped by configuration keep more
    /// columns (the ns added and its interval at 80 columns, the CPU ratio's interval at
    /// 60), a line per configuration heads its patterns.
    public static func lines(_ rows: [Row], width: Int) -> [String] {
        guard !rows.isEmpty else { return [] }
        // Unindented, one name column, unless the grouped names keep more.
        var fitted = table(rows).fitted(width: width, dropGroups: dropGroups, indent: "")
        if !fitted.dropped.isEmpty {
            let grouped = groupedTable(rows).fitted(
                width: width, dropGroups: dropGroups, indent: "")
            if grouped.dropped.count < fitted.dropped.count { fitted = grouped }
        }
        var title = "summary: each pattern against its baseline"
        if !fitted.dropped.isEmpty {
            title += "; left out to fit: \(fitted.dropped.joined(separator: ", "))"
        }
        return [TextWrap.fit(title, width: width), fitted.table.render(indent: "")]
    }
}
