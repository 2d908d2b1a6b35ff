/// The history chart's third panel, where the runs counted instructions (`RunOptions
/// .instructions`): each variant's instructions per event per run, with a ring where
/// `compare` would flag the count against the run before. Counts do not drift with the
/// machine, so this is the panel whose steps are the code's.
extension HistoryChart {
    /// The row's instructions per event at `x`, with its source in the tooltip.
    static func instructions(_ record: ResultsRecord, x: Double) -> ChartPoint? {
        guard record.isOK, let count = record.number(.instructionsPerEvent), count > 0 else {
            return nil
        }
        let source = record[.instructionsSource].isEmpty ? "" : " (\(record[.instructionsSource]))"
        let cycles =
            record.number(.estimatedCyclesPerEvent).map {
                ", \(NumberFormat.significant($0)) estimated cycles"
            } ?? ""
        return ChartPoint(
            x: x, y: count, low: nil, high: nil,
            note:
                "\(record[.variant]): \(NumberFormat.significant(count)) instructions/event\(cycles)\(source)"
        )
    }

    /// Draws the panel below `top` when any of the rows (by variant) has a count; returns the height
    /// it took (0 without counts).
    static func drawCounts(
        _ rowsByVariant: [[ResultsRecord]], variants: [String], runIndex: RunNumbers,
        xScale: ChartScale,
        top: Double, on canvas: inout SVGCanvas
    ) -> Double {
        var series = [[ChartPoint]]()
        var flags = [(x: Double, y: Double, note: String)]()
        for (name, rows) in zip(variants, rowsByVariant) {
            series.append(rows.compactMap { instructions($0, x: runIndex[$0]) })
            for (before, now) in zip(rows, rows.dropFirst()) {
                let verdicts = ResultsComparison.counts(
                    from: before, to: now, thresholds: RegressionThresholds())
                guard
                    let flagged = verdicts.first(where: {
                        $0.verdict == .regression || $0.verdict == .improvement
                    }),
                    let count = now.number(.instructionsPerEvent)
                else { continue }
                let what = flagged.verdict == .regression ? "regression" : "improvement"
                flags.append(
                    (
                        runIndex[now], count,
                        "\(name): \(flagged.metric.rawValue) \(what) against the run before (\(flagged.changeText))"
                    ))
            }
        }
        let values = series.flatMap { $0.map(\.y) }
        guard !values.isEmpty else { return 0 }
        let y = top + 24
        let frame = ChartFrame(
            left: 70, top: y, width: 280, height: panelHeight - 60, x: xScale,
            y: .fitted(.logarithmic, to: values, pixels: (y + panelHeight - 60, y), minimumSpan: 2))
        canvas.text(frame.left, y - 4, "instructions per event (counted: no drift)", size: 11)
        frame.drawAxes(
            on: &canvas, xTitle: "run (in the file's order)",
            yTitle: "instructions per event (log)", xLabel: runLabel)
        for (index, points) in series.enumerated() where !points.isEmpty {
            frame.drawSeries(
                on: &canvas, points, colour: ChartPalette.colour(index), label: variants[index])
        }
        for flag in flags {
            guard let pixel = frame.y.pixelIfShown(flag.y) else { continue }
            canvas.circle(
                frame.x.pixel(flag.x), pixel, radius: 7.5, fill: "none", stroke: ChartPalette.flag,
                title: flag.note, cssClass: "flagged")
        }
        return panelHeight + 24
    }
}
