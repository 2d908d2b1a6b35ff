/// A history file's runs: per configuration measured in two or more runs, each variant's
/// ns/event (left) and each pattern's ratio to its baseline (right) per run, with 95%
/// bands, and where the runs counted them, instructions per event below
/// (`HistoryChart+Counts.swift`). A point `compare` would flag against the run before (a
/// regression or an improvement, with compare's default thresholds) gets a ring.
enum HistoryChart {
    static let panelHeight = 270.0

    static func svg(_ records: [ResultsRecord]) throws(CanvasOverflow) -> SVGDocument? {
        let runIndex = RunNumbers(records)
        guard runIndex.ids.count >= 2 else { return nil }
        let groups = ChartRows.configurations(records, byRun: false)
            .filter { group in
                group.records.contains { runIndex[$0] != runIndex[group.records[0]] }
            }
        guard !groups.isEmpty else { return nil }
        // A row with a time is a point of the left panel, and a row with a ratio one of the
        // right: counted before drawing, the chart of a long history past the bound is
        // refused without the work of judging and drawing its first 50,000 elements.
        try SVGCanvas.reserve(SVGCanvas.elements(of: groups.map(\.records), points))
        var canvas = SVGCanvas(width: Charts.width, height: 0)
        var y = 0.0
        for group in groups where !canvas.isFull {
            y = draw(group.records, runIndex: runIndex, top: y, on: &canvas)
        }
        canvas.height = y + 10
        return try canvas.document(
            title: "simbench: results across the runs of a history",
            kind: ChartKind.history.rawValue)
    }

    /// How many points `record` surely is: one on each panel its time and its ratio are
    /// drawn on, when the value lies where every axis fitted to it shows it
    /// (`ChartScale.fitted` keeps 10^-300 to 10^300 inside its domain).
    static func points(_ record: ResultsRecord) -> Int {
        func shown(_ value: Double?) -> Bool {
            value.map { $0 >= ChartLimits.smallestPositive && $0 <= ChartLimits.largestMagnitude }
                == true
        }
        // `ChartRows.hasTime` and `hasRatio`, each cell read once: the ratio drawn is the
        // CPU one where the row has it (`ChartRows.ratioColumns`).
        guard record.isOK else { return 0 }
        let median = record.number(.nsPerEventMedian)
        let time = median.map { $0 > 0 } == true && shown(median)
        var ratio = false
        if !record.isBaselineVariant, record.role != .floor {
            let value = record.number(.cpuRatioToBaseline) ?? record.number(.ratioToBaseline)
            ratio = value.map { $0 > 0 } == true && shown(value)
        }
        return (time ? 1 : 0) + (ratio ? 1 : 0)
    }

    static func draw(
        _ records: [ResultsRecord], runIndex: RunNumbers, top: Double,
        on canvas: inout SVGCanvas
    ) -> Double {
        let title = ChartRows.title(records[0])
        canvas.open(cssClass: "history", label: title)
        canvas.text(10, top + 20, "\(title): across runs", size: 14, bold: true)
        let (variants, rowsByVariant) = ChartRows.byVariant(records)
        var legend = variants.enumerated().map {
            (
                colour: ChartPalette.colour($0.offset), name: $0.element,
                marker: ChartText.LegendMarker.line
            )
        }
        legend.append(
            (
                colour: ChartPalette.flag, name: "flagged by compare against the run before",
                marker: .ring
            ))
        let y =
            ChartText.legend(
                on: &canvas, x: 10, y: top + 42, width: Charts.width - 20, entries: legend) + 10

        let series = Series(variants: variants, rowsByVariant: rowsByVariant, runIndex: runIndex)
        let runs = records.map { runIndex[$0] }
        var xScale = ChartScale(
            .linear, domain: (runs.min()! - 0.3)...(runs.max()! + 0.3), pixels: (70, 350))
        xScale.minimumTickStep = 1
        drawTimes(series, variants: variants, xScale: xScale, top: y, on: &canvas)
        drawRatios(series, variants: variants, xScale: xScale, top: y, on: &canvas)
        let counts = drawCounts(
            rowsByVariant, variants: variants, runIndex: runIndex, xScale: xScale,
            top: y + panelHeight - 30,
            on: &canvas)
        canvas.close()
        return y + panelHeight + counts
    }

    /// Each variant's times and ratios by run, and the runs `compare` flags against the run
    /// before.
    struct Series {
        typealias Flag = (x: Double, y: Double, ratio: Double?, note: String)
        var times = [[ChartPoint]]()
        var ratios = [[ChartPoint]]()
        var flags = [Flag]()

        init(variants: [String], rowsByVariant: [[ResultsRecord]], runIndex: RunNumbers) {
            // Compare's default thresholds, and their reasons' text written once, not once
            // for each pair of runs judged.
            let thresholds = RegressionThresholds()
            let reasons = ResultsComparison.TimeReasons(thresholds)
            for (name, rows) in zip(variants, rowsByVariant) {
                // A variant's rows are a run's width apart: each asked for ahead.
                var variantTimes = [ChartPoint]()
                for (index, row) in rows.enumerated() {
                    ResultsRecord.prefetch(rows, at: index)
                    if let point = ChartRows.nanoseconds(row, x: runIndex[row]) {
                        variantTimes.append(point)
                    }
                }
                times.append(variantTimes)
                ratios.append(rows.compactMap { ChartRows.ratio($0, x: runIndex[$0]) })
                // Where the rows of a file keep the columns judged: found once for the file
                // of the variant's first row, not for each pair.
                let first = rows.first
                let fields = first.map { ResultsComparison.VerdictFields.of($0, $0) }
                for (before, now) in zip(rows, rows.dropFirst()) {
                    // A run on another CPU (cores, OS, toolchain) is not judged against the
                    // run before: its ratios moved with the host (`EnvironmentChange`). A
                    // change only ever takes a verdict away (`judged`), so it is looked for
                    // only where the times give one.
                    // Only its verdict is read: no note written, no identity made.
                    let comparison = ResultsComparison.time(
                        from: before, to: now, thresholds: thresholds,
                        identity: VerdictTable.rowsIdentity, reasons: reasons,
                        fields: before.columns === first?.columns
                            && now.columns === first?.columns ? fields : nil,
                        writingNote: false)
                    guard comparison.verdict == .regression || comparison.verdict == .improvement
                    else { continue }
                    let verdict = EnvironmentChange(baseline: [before], current: [now]).judged(
                        comparison, thresholds: thresholds
                    ).verdict
                    guard verdict == .regression || verdict == .improvement,
                        let time = now.number(.nsPerEventMedian)
                    else { continue }
                    let change = verdict == .regression ? "regression" : "improvement"
                    flags.append(
                        (
                            runIndex[now], time, now.number(.ratioToBaseline),
                            "\(name): \(change) against the run before"
                        ))
                }
            }
        }
    }

    /// The left panel: ns per event by run, flagged runs ringed.
    static func drawTimes(
        _ series: Series, variants: [String], xScale: ChartScale, top y: Double,
        on canvas: inout SVGCanvas
    ) {
        let timeValues = series.times.flatMap {
            $0.flatMap { [$0.y, $0.low ?? $0.y, $0.high ?? $0.y] }
        }
        let timeFrame = ChartFrame(
            left: 70, top: y, width: 280, height: panelHeight - 60, x: xScale,
            y: .fitted(
                .logarithmic, to: timeValues, pixels: (y + panelHeight - 60, y), minimumSpan: 2))
        canvas.text(
            timeFrame.left, y - 4, "wall ns per event (the fleet on the host's cores)", size: 11)
        timeFrame.drawAxes(
            on: &canvas, xTitle: "run (in the file's order)",
            yTitle: "wall ns per event (log scale)",
            xLabel: runLabel)
        for (index, points) in series.times.enumerated() where !canvas.isFull {
            timeFrame.drawSeries(
                on: &canvas, points, colour: ChartPalette.colour(index), label: variants[index])
        }
        for flag in series.flags where !canvas.isFull {
            guard let pixel = timeFrame.y.pixelIfShown(flag.y) else { continue }
            canvas.circle(
                timeFrame.x.pixel(flag.x), pixel, radius: 7.5, fill: "none",
                stroke: ChartPalette.flag, title: flag.note, cssClass: "flagged")
        }
    }

    /// The right panel: the ratio to the baseline by run, flagged runs ringed; none when no
    /// row has a ratio.
    static func drawRatios(
        _ series: Series, variants: [String], xScale: ChartScale, top y: Double,
        on canvas: inout SVGCanvas
    ) {
        let ratioValues = series.ratios.flatMap {
            $0.flatMap { [$0.y, $0.low ?? $0.y, $0.high ?? $0.y] }
        }
        if !ratioValues.isEmpty {
            var ratioX = ChartScale(.linear, domain: xScale.domain, pixels: (450, 730))
            ratioX.minimumTickStep = 1
            let ratioFrame = ChartFrame(
                left: 450, top: y, width: 280, height: panelHeight - 60, x: ratioX,
                y: .fitted(
                    .logarithmic, to: ratioValues, pixels: (y + panelHeight - 60, y),
                    including: [1], minimumSpan: 2))
            canvas.text(ratioFrame.left, y - 4, "ratio to the baseline", size: 11)
            ratioFrame.drawAxes(
                on: &canvas, xTitle: "run (in the file's order)",
                yTitle: "ratio to baseline (×, log)", xLabel: runLabel, yLabel: ChartText.ratio)
            if let one = ratioFrame.y.pixelIfShown(1) {
                canvas.line(
                    ratioFrame.left, one, ratioFrame.right, one, stroke: ChartPalette.ink,
                    width: 1.2, dash: "4 3", cssClass: "unity")
            }
            for (index, points) in series.ratios.enumerated() where !canvas.isFull {
                ratioFrame.drawSeries(
                    on: &canvas, points, colour: ChartPalette.colour(index), label: variants[index])
            }
            for flag in series.flags where !canvas.isFull {
                guard let ratio = flag.ratio, let pixel = ratioFrame.y.pixelIfShown(ratio) else {
                    continue
                }
                canvas.circle(
                    ratioFrame.x.pixel(flag.x), pixel, radius: 7.5, fill: "none",
                    stroke: ChartPalette.flag, title: flag.note, cssClass: "flagged")
            }
        }
    }

    /// `#3` for run 3; nothing between runs.
    static func runLabel(_ value: Double) -> String {
        value == value.rounded() ? "#\(Int(value))" : ""
    }
}
