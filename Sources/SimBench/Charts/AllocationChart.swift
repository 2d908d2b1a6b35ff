/// Allocations per event: per configuration, a bar per variant on a linear axis from zero.
enum AllocationChart {
    static let labelWidth = 190.0
    static let rowHeight = 22.0

    static func svg(_ records: [ResultsRecord], room: Int = .max) throws(CanvasOverflow)
        -> SVGDocument?
    {
        func drawn(_ record: ResultsRecord) -> Bool {
            record.isOK && record.number(.allocationsPerEvent) != nil
        }
        // A row is at least its name, its bar and its figure. Every such row is drawn, so a
        // chart too large is refused before the rows are grouped.
        let rowElements = SVGCanvas.elements(of: records) { drawn($0) ? 3 : 0 }
        try SVGCanvas.reserve(rowElements)
        // Nothing to draw (a file without allocation counts): no rows grouped to find so.
        guard rowElements > 0 else { return nil }
        let groups = ChartRows.configurations(records)
            .map { ($0.records[0], ResultsRecord.filter($0.records, drawn)) }
            .filter { !$0.1.isEmpty }
        guard !groups.isEmpty else { return nil }
        let names = ChartRows.variantOrder(groups.flatMap(\.1))
        // Every element but the ticks' is counted here: the title, the legend's start, end
        // and marker and name per variant, each group's start, title and end and each row's
        // three, and the axes' five (`ChartFrame.rowChart`) with a line and a label a tick.
        let counted =
            3 + 2 * names.count + groups.reduce(0) { $0 + 3 + 3 * $1.1.count } + 5
        try SVGCanvas.leaveOut(
            least: counted, most: counted + 2 * ChartLimits.ticksPerAxis, room: room)
        let values = groups.flatMap { $0.1.compactMap { $0.number(.allocationsPerEvent) } }
        let plotLeft = labelWidth + 10
        let plotRight = Charts.width - 90
        let scale = ChartScale.fitted(
            .linear, to: values, pixels: (plotLeft, plotRight), including: [1], fromZero: true)

        var bars = SVGCanvas(width: Charts.width, height: 0)
        bars.text(
            10, 20, "Allocations per event (heap allocations counted by the harness)", size: 14,
            bold: true)
        let colourIndex = Dictionary(
            names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let legend = names.enumerated().map {
            (
                colour: ChartPalette.colour($0.offset), name: $0.element,
                marker: ChartText.LegendMarker.bar
            )
        }
        var y =
            ChartText.legend(on: &bars, x: 10, y: 42, width: Charts.width - 20, entries: legend) + 6
        let plotTop = y
        for (first, rows) in groups where !bars.isFull {
            let title = ChartRows.title(first)
            bars.open(cssClass: "configuration", label: title)
            bars.text(10, y + 14, title, bold: true)
            y += rowHeight
            for row in rows where !bars.isFull {
                let allocations = row.number(.allocationsPerEvent)!
                let colour = ChartPalette.colour(colourIndex[row[.variant]] ?? 0)
                bars.text(24, y + 15, row[.variant])
                bars.rect(
                    plotLeft, y + 4, scale.pixel(allocations) - plotLeft, rowHeight - 8,
                    fill: colour, cssClass: "bar")
                bars.text(
                    scale.pixel(allocations) + 6, y + 15, NumberFormat.significant(allocations),
                    size: 10.5)
                y += rowHeight
            }
            bars.close()
            y += 6
        }
        return try ChartFrame.rowChart(
            bars, scale: scale, left: plotLeft, right: plotRight, top: plotTop, bottom: y,
            axisTitle: "allocations per event (count)", tickLabel: ChartText.short,
            title: "simbench: allocations per event", kind: .allocs)
    }
}
