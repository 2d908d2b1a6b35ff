/// Cost against size: per (scenario, parameters, other sizes), ns/event against the swept
/// size (machines, or events per machine), log-log, a line and 95% band per variant; beside
/// it each pattern's ratio to the baseline against the same size, with a line at 1×.
enum SweepChart {
    /// The columns a sweep runs along, in the order charts are drawn: the sizes but actors,
    /// whose sweep has a chart of its own (`ScalingChart`).
    static let sweptColumns = SweepSetting.allCases.filter { $0 != .actors }.map(\.column)
    static let panelHeight = 260.0

    /// One group: the rows measured along `column`, other sizes fixed.
    struct Sweep {
        let column: ResultColumn
        let records: [ResultsRecord]
    }

    /// The sweeps in `records`: groups where `column` takes two or more values.
    static func sweeps(_ records: [ResultsRecord], along columns: [ResultColumn]) -> [Sweep] {
        var sweeps = [Sweep]()
        for column in columns where takesTwoValues(column, in: records) {
            for group in ChartRows.configurations(
                records, except: column, byRun: false)
            {
                let ok = group.records.filter { $0.isOK && $0.number(column) != nil }
                guard Set(ok.compactMap { $0.number(column) }).count >= 2 else { continue }
                // A size measured by several runs (files of a sweep passed with a history):
                // the last row met stands for it, so that each line has one point per size.
                // A point is its variant and size, keyed by their bytes (`RowKey`).
                let pointColumns = [ResultColumn.variant, column]
                func key(_ record: ResultsRecord) -> RowKey { RowKey(record, pointColumns) }
                var last = [RowKey: Int]()
                for (index, record) in ok.enumerated() { last[key(record)] = index }
                let kept = ok.enumerated().filter { last[key($0.element)] == $0.offset }.map(
                    \.element)
                sweeps.append(Sweep(column: column, records: kept))
            }
        }
        return sweeps
    }

    /// Whether the measured rows (`isOK`) give `column` two or more values, or a value that
    /// equals no other (NaN): when they do not, no group of them does, and a history of one
    /// size (nearly every one) is told so without grouping its rows.
    static func takesTwoValues(_ column: ResultColumn, in records: [ResultsRecord]) -> Bool {
        var first: Double?
        var previous: ResultsRecord?
        for (index, record) in records.enumerated() where record.isOK {
            ResultsRecord.prefetch(records, at: index)
            // A cell of the same bytes as the last one read holds the same number.
            if let previous, record.hasSameCell(column, as: previous) { continue }
            previous = record
            guard let value = record.number(column) else { continue }
            if value.isNaN { return true }
            if let first, value != first { return true }
            first = first ?? value
        }
        return false
    }

    static func svg(_ records: [ResultsRecord]) throws(CanvasOverflow) -> SVGDocument? {
        let found = sweeps(records, along: sweptColumns)
        guard !found.isEmpty else { return nil }
        // A row with a time is a point (unless its value is off every axis).
        try SVGCanvas.reserve(found.reduce(0) { $0 + $1.records.count(where: ChartRows.hasTime) })
        var canvas = SVGCanvas(width: Charts.width, height: 0)
        var y = 0.0
        for sweep in found where !canvas.isFull {
            y = draw(sweep, top: y, on: &canvas)
        }
        canvas.height = y
        return try canvas.document(
            title: "simbench: cost per event against size", kind: ChartKind.sweep.rawValue)
    }

    /// Draws one sweep from `top`; returns where the next may start.
    static func draw(_ sweep: Sweep, top: Double, on canvas: inout SVGCanvas) -> Double {
        let column = sweep.column
        let axis = ChartRows.axisName(column)
        let title = ChartRows.title(sweep.records[0], except: [column])
        canvas.open(cssClass: "sweep", label: title)
        canvas.text(10, top + 20, "\(title): cost against \(axis)", size: 14, bold: true)
        let (variants, rowsByVariant) = ChartRows.byVariant(sweep.records)
        let legend = variants.enumerated().map {
            (ChartPalette.colour($0.offset), $0.element, ChartText.LegendMarker.line)
        }
        var y =
            ChartText.legend(
                on: &canvas, x: 10, y: top + 42, width: Charts.width - 20, entries: legend) + 10

        let byVariant = rowsByVariant.map { rows in
            rows.sorted { $0.number(column)! < $1.number(column)! }
        }
        let times = byVariant.map { rows in
            rows.compactMap { ChartRows.nanoseconds($0, x: $0.number(column)!) }
        }
        let ratios = byVariant.map { rows in
            rows.compactMap { ChartRows.ratio($0, x: $0.number(column)!) }
        }
        let sizes = sweep.records.compactMap { $0.number(column) }

        let timeFrame = ChartFrame(
            left: 70, top: y, width: 280, height: panelHeight - 60, x: .logarithmic, xValues: sizes,
            y: .logarithmic,
            yValues: times.flatMap { $0.flatMap { [$0.y, $0.low ?? $0.y, $0.high ?? $0.y] } })
        canvas.text(
            timeFrame.left, y - 4, "wall ns per event (the fleet on the host's cores)", size: 11)
        timeFrame.drawAxes(
            on: &canvas, xTitle: "\(axis) (log scale)", yTitle: "wall ns per event (log scale)")
        for (index, points) in times.enumerated() where !canvas.isFull {
            timeFrame.drawSeries(
                on: &canvas, points, colour: ChartPalette.colour(index), label: variants[index])
        }

        let ratioValues = ratios.flatMap { $0.flatMap { [$0.y, $0.low ?? $0.y, $0.high ?? $0.y] } }
        if !ratioValues.isEmpty {
            let ratioFrame = ChartFrame(
                left: 450, top: y, width: 280, height: panelHeight - 60, x: .logarithmic,
                xValues: sizes,
                y: .logarithmic, yValues: ratioValues, yIncluding: [1])
            canvas.text(ratioFrame.left, y - 4, "ratio to the baseline", size: 11)
            ratioFrame.drawAxes(
                on: &canvas, xTitle: "\(axis) (log scale)", yTitle: "ratio to baseline (×, log)",
                yLabel: ChartText.ratio)
            if let one = ratioFrame.y.pixelIfShown(1) {
                canvas.line(
                    ratioFrame.left, one, ratioFrame.right, one, stroke: ChartPalette.ink,
                    width: 1.2, dash: "4 3", cssClass: "unity")
            }
            for (index, points) in ratios.enumerated() where !canvas.isFull {
                ratioFrame.drawSeries(
                    on: &canvas, points, colour: ChartPalette.colour(index), label: variants[index])
            }
        }
        y += panelHeight
        canvas.close()
        return y
    }
}
