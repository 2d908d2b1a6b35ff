/// Where each variant's counted instructions go: per configuration, a stacked bar per
/// variant (baseline first), one segment per runtime mechanism (`Mechanism`), on a linear
/// axis of instructions per event from zero (`InstructionSource.callgrind`).
enum MechanismChart {
    static let labelWidth = 190.0
    static let rowHeight = 22.0

    /// Each mechanism's colour, in `Mechanism.allCases` order: the palette's, so that the
    /// legend reads the same in every chart.
    static func colour(_ mechanism: Mechanism) -> String {
        ChartPalette.colour(Mechanism.allCases.firstIndex(of: mechanism) ?? 0)
    }

    static func svg(_ records: [ResultsRecord]) throws(CanvasOverflow) -> SVGDocument? {
        // No row split by mechanism (a run without callgrind): nothing to draw, and no rows
        // grouped to find so.
        guard records.contains(where: { $0.isOK && MechanismSplit(record: $0) != nil }) else {
            return nil
        }
        let groups = ChartRows.configurations(records)
            .map { group in
                let split = group.records.filter { $0.isOK && MechanismSplit(record: $0) != nil }
                let order = ChartRows.variantOrder(split)
                let rows = order.compactMap { name in split.last { $0[.variant] == name } }
                return (group.records[0], rows)
            }
            .filter { !$0.1.isEmpty }
        guard !groups.isEmpty else { return nil }
        // A row is its name, a segment per mechanism and its figure.
        try SVGCanvas.reserve(groups.reduce(0) { $0 + $1.1.count } * (Mechanism.allCases.count + 2))
        let totals = groups.flatMap { $0.1.compactMap { MechanismSplit(record: $0)?.total } }
        let plotLeft = labelWidth + 10
        let plotRight = Charts.width - 90
        let scale = ChartScale.fitted(
            .linear, to: totals, pixels: (plotLeft, plotRight), including: [1], fromZero: true)

        var bars = SVGCanvas(width: Charts.width, height: 0)
        bars.text(
            10, 20, "Instructions per event by runtime mechanism (counted under Callgrind)",
            size: 14, bold: true)
        let legend = Mechanism.allCases.map {
            (colour: colour($0), name: $0.rawValue, marker: ChartText.LegendMarker.bar)
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
                let split = MechanismSplit(record: row)!
                bars.text(24, y + 15, row[.variant])
                var left = 0.0
                for mechanism in Mechanism.allCases where split[mechanism] > 0 {
                    let start = scale.pixel(left)
                    left += split[mechanism]
                    bars.rect(
                        start, y + 4, max(scale.pixel(left) - start, 0), rowHeight - 8,
                        fill: colour(mechanism), cssClass: "bar \(mechanism.rawValue)")
                }
                bars.text(
                    scale.pixel(split.total) + 6, y + 15, NumberFormat.significant(split.total),
                    size: 10.5)
                y += rowHeight
            }
            bars.close()
            y += 6
        }
        return try ChartFrame.rowChart(
            bars, scale: scale, left: plotLeft, right: plotRight, top: plotTop, bottom: y,
            axisTitle: "instructions per event (count)", tickLabel: ChartText.short,
            title: "simbench: instructions per event by mechanism", kind: .mechanisms)
    }
}
