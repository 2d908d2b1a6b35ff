/// How a run scales with cores: per (scenario, parameters, machines, events), each
/// variant's events per second against actors, with a dashed line of ideal linear scaling
/// from its smallest actor count.
enum ScalingChart {
    static let panelHeight = 300.0

    static func svg(_ records: [ResultsRecord]) throws(CanvasOverflow) -> SVGDocument? {
        let found = SweepChart.sweeps(records, along: [SweepSetting.actors.column])
        guard !found.isEmpty else { return nil }
        // A row with a time is a point (unless its value is off every axis).
        try SVGCanvas.reserve(found.reduce(0) { $0 + $1.records.count(where: ChartRows.hasTime) })
        var canvas = SVGCanvas(width: Charts.width, height: 0)
        var y = 0.0
        for sweep in found where !canvas.isFull { y = draw(sweep, top: y, on: &canvas) }
        canvas.height = y
        return try canvas.document(
            title: "simbench: events per second against actors", kind: ChartKind.scaling.rawValue)
    }

    static func draw(_ sweep: SweepChart.Sweep, top: Double, on canvas: inout SVGCanvas) -> Double {
        let title = ChartRows.title(sweep.records[0], except: [SweepSetting.actors.column])
        canvas.open(cssClass: "scaling", label: title)
        canvas.text(10, top + 20, "\(title): throughput against actors", size: 14, bold: true)
        let (variants, rowsByVariant) = ChartRows.byVariant(sweep.records)
        var legend = variants.enumerated().map {
            (ChartPalette.colour($0.offset), $0.element, ChartText.LegendMarker.line)
        }
        legend.append((ChartPalette.ink, "ideal: linear in actors", .dashed))
        let y =
            ChartText.legend(
                on: &canvas, x: 10, y: top + 42, width: Charts.width - 20, entries: legend) + 10

        // Events per second is 1e9 / (ns per event): its interval is the time's, inverted.
        let series: [[ChartPoint]] = zip(variants, rowsByVariant).map { name, rows in
            rows
                .compactMap { row -> ChartPoint? in
                    guard let actors = row.number(.actors),
                        let time = ChartRows.nanoseconds(row, x: actors)
                    else { return nil }
                    return ChartPoint(
                        x: actors, y: 1e9 / time.y, low: time.high.map { 1e9 / $0 },
                        high: time.low.map { 1e9 / $0 },
                        note:
                            "\(name): \(NumberFormat.si(1e9 / time.y)) events/s with \(ChartText.count(actors)) actors"
                    )
                }
                .sorted { $0.x < $1.x }
        }
        let ideals: [[ChartPoint]] = series.map { points in
            guard let first = points.first, let last = points.last, points.count >= 2 else {
                return []
            }
            return [first, last].map {
                ChartPoint(x: $0.x, y: first.y * $0.x / first.x, note: "ideal")
            }
        }
        let actors = sweep.records.compactMap { $0.number(.actors) }
        var frame = ChartFrame(
            left: 90, top: y, width: Charts.width - 130, height: panelHeight - 70, x: .linear,
            xValues: actors, xFromZero: true,
            y: .linear,
            yValues: (series + ideals).flatMap { $0.flatMap { [$0.y, $0.high ?? $0.y] } },
            yFromZero: true)
        var xScale = frame.x
        xScale.minimumTickStep = 1
        frame = ChartFrame(
            left: frame.left, top: frame.top, width: frame.width, height: frame.height, x: xScale,
            y: frame.y)
        frame.drawAxes(
            on: &canvas, xTitle: "actors (worker actors sharing the fleet)",
            yTitle: "events per second", yLabel: ChartText.short)
        for (index, points) in ideals.enumerated() where !points.isEmpty && !canvas.isFull {
            let colour = ChartPalette.colour(index)
            canvas.path(
                points.map { (frame.x.pixel($0.x), frame.y.pixel($0.y)) }, closed: false,
                stroke: colour, width: 1.2, dash: "6 4", cssClass: "ideal")
        }
        for (index, points) in series.enumerated() where !canvas.isFull {
            frame.drawSeries(
                on: &canvas, points, colour: ChartPalette.colour(index), label: variants[index])
        }
        canvas.close()
        return y + panelHeight
    }
}
