/// The forest plot of rows measured on several processors: what a pattern costs across
/// CPUs.
///
/// Per configuration (runs together: each host's file is its own run), per pattern, a line
/// per row, ordered by host: the ratio as a point in the host's colour and shape
/// (`ChartPalette`, `MarkerShape`), its 95% whisker, and the figure at the right; the legend
/// names each host precisely (`HostProcessor.labels`). A host measured in several runs has a
/// line per run. The net of the floor is left out here: each host's own chart draws it.
extension RatioChart {
    static let hostLineHeight = 16.0

    static func acrossHosts(_ records: [ResultsRecord], hosts: [HostProcessor])
        throws(CanvasOverflow) -> SVGDocument?
    {
        let patterns = ResultsRecord.filter(records, ChartRows.hasRatio)
        // A line is at least a group, its point, its whisker and its annotation.
        try SVGCanvas.reserve(patterns.count * 5 + hosts.count * 2)
        let scale = fittedScale(patterns, net: false)
        let labels = HostProcessor.labels(hosts)
        let index = Dictionary(uniqueKeysWithValues: hosts.enumerated().map { ($1, $0) })

        var canvas = titled(patterns)
        let legend = labels.enumerated().map { host, label in
            (
                colour: ChartPalette.colour(host), name: label,
                marker: ChartText.LegendMarker.shape(MarkerShape.of(host))
            )
        }
        var y =
            ChartText.legend(on: &canvas, x: 10, y: 42, width: Charts.width - 20, entries: legend)
            + 8
        let plotTop = y
        let groups = ChartRows.configurations(patterns, byRun: false)
        for group in groups where !canvas.isFull {
            let title = ChartRows.title(group.records[0])
            canvas.open(cssClass: "configuration", label: title)
            canvas.text(10, y + 14, title, bold: true)
            y += rowHeight
            for pattern in ChartRows.grouped(group.records, by: { $0[.variant] })
            where !canvas.isFull {
                canvas.open(cssClass: "ratio-row", label: pattern.key)
                canvas.text(24, y + hostLineHeight / 2 + 4, pattern.key)
                // By host, then in the files' order.
                let lines = pattern.records.enumerated().sorted {
                    (index[$0.element.processor]!, $0.offset)
                        < (index[$1.element.processor]!, $1.offset)
                }
                for (_, row) in lines where !canvas.isFull {
                    let host = index[row.processor]!
                    drawHostLine(
                        row, host: host, label: labels[host], at: y + hostLineHeight / 2,
                        scale: scale, on: &canvas)
                    y += hostLineHeight
                }
                canvas.close()
                y += 6
            }
            canvas.close()
            y += 6
        }
        return try finished(canvas, scale: scale, top: plotTop, bottom: y)
    }

    /// One host's ratio of a pattern: its point, whisker and figure, in a group labelled by
    /// the host.
    private static func drawHostLine(
        _ row: ResultsRecord, host: Int, label: String, at y: Double, scale: ChartScale,
        on canvas: inout SVGCanvas
    ) {
        guard let point = ChartRows.ratio(row, x: 0) else { return }
        canvas.open(cssClass: "host-ratio", label: label)
        let colour = ChartPalette.colour(host)
        if let low = point.low, let high = point.high {
            canvas.line(
                scale.clampedPixel(low), y, scale.clampedPixel(high), y, stroke: colour, width: 2)
        }
        MarkerShape.of(host).draw(
            on: &canvas, x: scale.clampedPixel(point.y), y: y, size: 9, fill: colour,
            title: "\(label) · \(point.note)", cssClass: "ratio")
        canvas.text(
            Charts.width - valueWidth + 8, y + 4,
            "\(NumberFormat.ratio(point.y)) \(NumberFormat.interval(point.low, point.high, ratio: true))",
            size: 10.5)
        canvas.close()
    }
}
