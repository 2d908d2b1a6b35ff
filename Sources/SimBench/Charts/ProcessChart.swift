/// Each process's CPU ratio to the baseline: per configuration, a line of dots per variant,
/// one dot per process, on a log axis, so that modes show as separate clusters. A row found
/// to have modes (`ModeDetector`) is marked, and its slow mode's dots are drawn hollow.
enum ProcessChart {
    static let labelWidth = 230.0
    static let rowHeight = 22.0

    /// The processes' ratios of a row, from its `process_cpu_ratios` cell.
    static func ratios(_ record: ResultsRecord) -> [Double] {
        record.numbers(separatedBySemicolonsIn: .processCPURatios)
            .filter { $0 > 0 && $0.isFinite }
    }

    static func svg(_ records: [ResultsRecord]) throws(CanvasOverflow) -> SVGDocument? {
        // A row is drawn with its processes' dots and two more elements. Every row of two or
        // more processes is drawn, so a chart too large is refused before the rows are
        // grouped.
        let dots = SVGCanvas.elements(of: records) { record in
            guard record.isOK else { return 0 }
            let processes = ratios(record).count
            return processes > 1 ? processes + 2 : 0
        }
        try SVGCanvas.reserve(dots)
        // No row of two or more processes: nothing to draw, and no rows grouped to find so.
        guard dots > 0 else { return nil }
        let groups = ChartRows.configurations(records)
            .map { ($0.records[0], $0.records.filter { $0.isOK && ratios($0).count > 1 }) }
            .filter { !$0.1.isEmpty }
        guard !groups.isEmpty else { return nil }
        let values = groups.flatMap { $0.1.flatMap(ratios) }
        let plotLeft = labelWidth + 10
        let plotRight = Charts.width - 20
        let scale = ChartScale.fitted(
            .logarithmic, to: values, pixels: (plotLeft, plotRight), including: [1])

        var marks = SVGCanvas(width: Charts.width, height: 0)
        marks.text(
            10, 20, "CPU ratio to the baseline, one dot per process (hollow: the slow mode)",
            size: 14, bold: true)
        var y = 36.0
        let plotTop = y
        for (first, rows) in groups where !marks.isFull {
            let title = ChartRows.title(first)
            marks.open(cssClass: "configuration", label: title)
            marks.text(10, y + 14, title, bold: true)
            y += rowHeight
            for row in rows where !marks.isFull {
                let processes = ratios(row)
                let modes = ModeDetector.modes(of: processes)
                let slowest = modes?.slow?.lowest
                let mark = (modes?.count ?? 1) > 1 ? " — \(modes!.count) modes" : ""
                marks.text(24, y + 15, row[.variant] + mark, bold: !mark.isEmpty)
                marks.open(cssClass: "processes", label: row[.variant])
                for (index, ratio) in processes.enumerated() {
                    let slow = slowest.map { ratio >= $0 } ?? false
                    marks.circle(
                        scale.clampedPixel(ratio), y + rowHeight / 2, radius: 3.5,
                        fill: slow ? "none" : ChartPalette.colour(0),
                        stroke: slow ? ChartPalette.colour(1) : nil,
                        title:
                            "\(row[.variant]), process \(index + 1): \(NumberFormat.ratio(ratio))",
                        cssClass: slow ? "process slow" : "process")
                }
                marks.close()
                y += rowHeight
            }
            marks.close()
            y += 6
        }
        return try ChartFrame.rowChart(
            marks, scale: scale, left: plotLeft, right: plotRight, top: plotTop, bottom: y,
            axisTitle:
                "CPU time per event over the baseline's, each process's median round (log axis)",
            tickLabel: ChartText.ratio, leftAxis: false,
            title: "simbench: each process's ratio to the baseline", kind: .processes)
    }
}
