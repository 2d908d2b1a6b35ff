import SimBenchCore

/// How charts group the rows of results files: by configuration, by swept size, by run.
enum ChartRows {
    /// The columns that say how large a configuration was.
    static let sizeColumns = SweepSetting.columns

    /// `records` grouped by `key`, groups and their members in the order first met.
    static func grouped<Element, Key: Hashable>(_ records: [Element], by key: (Element) -> Key)
        -> [(key: Key, records: [Element])]
    {
        var order = [Key]()
        var groups = [Key: [Element]]()
        for record in records {
            let groupKey = key(record)
            if groups[groupKey] == nil { order.append(groupKey) }
            groups[groupKey, default: []].append(record)
        }
        return order.map { ($0, groups[$0]!) }
    }

    /// `records` grouped by `configurationKey(_:except:byRun:)`, as `grouped(_:by:)` groups
    /// them: a row whose key cells repeat the row before's (nearly every row: a run lists a
    /// configuration's variants together) joins that row's group, told from the bytes, and
    /// only a row that starts a new stretch has its key hashed and looked up.
    static func configurations(
        _ records: [ResultsRecord], except: ResultColumn? = nil, byRun: Bool = true
    ) -> [(key: RowKey, records: [ResultsRecord])] {
        let columns = configurationColumns(except: except, byRun: byRun)
        var repeated = RepeatedCells(columns)
        return groupedInStretches(
            records, repeats: { repeated.same($0, as: $1) }, key: { RowKey($0, columns) })
    }

    /// `records` grouped by `key`, in the order each key is first met, as `grouped(_:by:)`
    /// groups them, where a row that `repeats` the row before it joins that row's group
    /// with no key made: only a row that starts a new stretch has its key made and looked up.
    static func groupedInStretches<Key: Hashable>(
        _ records: [ResultsRecord], repeats: (ResultsRecord, ResultsRecord) -> Bool,
        key: (ResultsRecord) -> Key
    ) -> [(key: Key, records: [ResultsRecord])] {
        var groups = [(key: Key, records: [ResultsRecord])]()
        var index = [Key: Int]()
        var current = 0
        records.withUnsafeBufferPointer { rows in
            for row in rows.indices {
                ResultsRecord.prefetch(records, at: row)
                let record = rows[row]
                if row == 0 || !repeats(record, rows[row - 1]) {
                    let key = key(record)
                    if let known = index[key] {
                        current = known
                    } else {
                        current = groups.count
                        index[key] = current
                        groups.append((key, []))
                    }
                }
                groups[current].records.append(record)
            }
        }
        return groups
    }

    /// The rows of one measured configuration (scenario, parameters, sizes), leaving out
    /// `except` from the sizes (the axis a sweep runs along) and, unless `byRun` is false,
    /// keeping runs apart.
    static func configurationKey(
        _ record: ResultsRecord, except: ResultColumn? = nil, byRun: Bool = true
    ) -> RowKey {
        RowKey(record, configurationColumns(except: except, byRun: byRun))
    }

    /// The columns of `configurationKey`: scenario, parameters, the sizes but `except`, and
    /// the run when `byRun`. Made once for each choice, not for each row keyed.
    static func configurationColumns(except: ResultColumn? = nil, byRun: Bool = true)
        -> [ResultColumn]
    {
        let index = (except.flatMap { sizeColumns.firstIndex(of: $0) } ?? sizeColumns.count)
        return keyColumns[index * 2 + (byRun ? 1 : 0)]
    }

    /// `configurationColumns` for each size left out (none last), without and with the run.
    private static let keyColumns: [[ResultColumn]] = (0...sizeColumns.count).flatMap {
        (left: Int) -> [[ResultColumn]] in
        let sizes = sizeColumns.indices.filter { $0 != left }.map { sizeColumns[$0] }
        return [[.scenario, .parameters] + sizes, [.scenario, .parameters] + sizes + [.runID]]
    }

    /// `vending · products=40 · 10,000 machines × 100 events · 8 actors`, without the
    /// sizes named in `except`.
    ///
    /// Written as bytes, the cells copied as they are: a report titles each of thousands of
    /// groups.
    static func title(_ record: ResultsRecord, except: Set<ResultColumn> = []) -> String {
        var title = [UInt8]()
        title.reserveCapacity(96)
        record.withCell(.scenario) { title.append(contentsOf: $0) }
        record.withCell(.parameters) { parameters in
            guard !parameters.isEmpty else { return }
            StackBytes.append(" · ", to: &title)
            title.append(contentsOf: parameters)
        }
        var sizes = false
        if !except.contains(.machines), let machines = record.number(.machines) {
            StackBytes.append(" · ", to: &title)
            ChartText.appendCount(machines, to: &title)
            StackBytes.append(" machines", to: &title)
            sizes = true
        }
        if !except.contains(.eventsPerMachine), let events = record.number(.eventsPerMachine) {
            if sizes {
                StackBytes.append(" × ", to: &title)
            } else {
                StackBytes.append(" · ", to: &title)
            }
            ChartText.appendCount(events, to: &title)
            StackBytes.append(" events each", to: &title)
        }
        if !except.contains(.actors), let actors = record.number(.actors) {
            StackBytes.append(" · ", to: &title)
            ChartText.appendCount(actors, to: &title)
            StackBytes.append(" actors", to: &title)
        }
        return String(decoding: title, as: UTF8.self)
    }

    /// Variant names in the order first met, the baseline first: each keeps its colour in
    /// every panel of a group.
    static func variantOrder(_ records: [ResultsRecord]) -> [String] {
        var names = [String]()
        var seen = Set<String>()
        for record in records.filter(\.isBaselineVariant) + records
        where seen.insert(record[.variant]).inserted {
            names.append(record[.variant])
        }
        return names
    }

    /// `records` split by variant, in the order of `variantOrder`: one pass, however many
    /// variants a file names.
    static func byVariant(_ records: [ResultsRecord]) -> (names: [String], rows: [[ResultsRecord]])
    {
        let names = variantOrder(records)
        let groups = Dictionary(grouping: records) { $0[.variant] }
        return (names, names.map { groups[$0] ?? [] })
    }

    /// The axis name of a size column, with its unit.
    static func axisName(_ column: ResultColumn) -> String {
        SweepSetting(column: column)?.axisName ?? column.name
    }

    /// Whether the row has a time per event a chart can draw (`nanoseconds` is not nil),
    /// without the work of its tooltip.
    static func hasTime(_ record: ResultsRecord) -> Bool {
        record.isOK && record.number(.nsPerEventMedian).map { $0 > 0 } == true
    }

    /// The row's wall time per event (the fleet's throughput on the host's cores, which the
    /// time panels draw beside the CPU ratios) with its interval, which holds this run only.
    static func nanoseconds(_ record: ResultsRecord, x: Double) -> ChartPoint? {
        // `hasTime`, the median read once.
        guard record.isOK, let median = record.number(.nsPerEventMedian), median > 0 else {
            return nil
        }
        let low = record.number(.nsPerEventCILow)
        let high = record.number(.nsPerEventCIHigh)
        // `variant: 12.3 wall ns/event, run's CI [12.1, 12.5]`, written as bytes: a history
        // chart writes one for each of tens of thousands of points.
        let note = self.note(record) { note in
            NumberFormat.appendSignificant(median, to: &note)
            note += " wall ns/event, run's CI ".utf8
            NumberFormat.appendInterval(low, high, to: &note)
        }
        return ChartPoint(x: x, y: median, low: low, high: high, note: note)
    }

    /// A point's tooltip, written as bytes: the row's variant, `separator`, and what
    /// `figures` appends.
    static func note(
        _ record: ResultsRecord, separator: String = ": ", _ figures: (inout [UInt8]) -> Void
    ) -> String {
        var note = [UInt8]()
        note.reserveCapacity(96)
        record.withCell(.variant) { note.append(contentsOf: $0) }
        note += separator.utf8
        figures(&note)
        return String(decoding: note, as: UTF8.self)
    }

    /// The columns of a ratio a chart draws, and its label.
    typealias RatioColumns = (
        value: ResultColumn, low: ResultColumn, high: ResultColumn, basis: String
    )

    private static let cpuRatioColumns: RatioColumns =
        (.cpuRatioToBaseline, .cpuRatioCILow, .cpuRatioCIHigh, "CPU ratio")
    private static let wallRatioColumns: RatioColumns =
        (.ratioToBaseline, .ratioCILow, .ratioCIHigh, "wall ratio")

    /// Which ratio a chart draws of a row, and how it is labelled: the CPU ratio, the
    /// headline (what the pattern costs on one core), where the row has it; the wall ratio
    /// of a file from before the CPU columns.
    static func ratioColumns(_ record: ResultsRecord) -> RatioColumns {
        ratioValue(record).columns
    }

    /// `ratioColumns(record)` and the number in its value column, each cell read once.
    private static func ratioValue(_ record: ResultsRecord)
        -> (columns: RatioColumns, value: Double?)
    {
        if let cpu = record.number(.cpuRatioToBaseline) { return (cpuRatioColumns, cpu) }
        return (wallRatioColumns, record.number(.ratioToBaseline))
    }

    /// `CPU` when any of `records` draws its CPU ratio, else `wall`: the basis a chart's
    /// title names.
    static func ratioBasis(_ records: [ResultsRecord]) -> String {
        records.contains { $0.number(.cpuRatioToBaseline) != nil } ? "CPU" : "wall"
    }

    /// Whether the row has a ratio a chart can draw (`ratio` is not nil), without the work
    /// of its tooltip.
    static func hasRatio(_ record: ResultsRecord) -> Bool {
        drawnRatio(record) != nil
    }

    /// The ratio a chart draws of a row and its columns: nil for a row that has none to draw
    /// (a wrong outcome, the baseline, the floor, or no positive ratio).
    private static func drawnRatio(_ record: ResultsRecord)
        -> (columns: RatioColumns, value: Double)?
    {
        guard record.isOK, !record.isBaselineVariant, record.role != .floor else { return nil }
        let (columns, value) = ratioValue(record)
        guard let value, value > 0 else { return nil }
        return (columns, value)
    }

    /// The row's ratio to its baseline with its 95% interval, at `x`: CPU where the row has
    /// it (`ratioColumns`).
    static func ratio(_ record: ResultsRecord, x: Double) -> ChartPoint? {
        guard let drawn = drawnRatio(record) else { return nil }
        let (columns, ratio) = (drawn.columns, drawn.value)
        let low = record.number(columns.low)
        let high = record.number(columns.high)
        // `variant: CPU ratio 1.23×, 95% CI [1.20, 1.25]`.
        let note = self.note(record) { note in
            note += columns.basis.utf8
            note.append(UInt8(ascii: " "))
            NumberFormat.appendRatio(ratio, to: &note)
            note += ", 95% CI ".utf8
            NumberFormat.appendInterval(low, high, ratio: true, to: &note)
        }
        return ChartPoint(x: x, y: ratio, low: low, high: high, note: note)
    }
}
