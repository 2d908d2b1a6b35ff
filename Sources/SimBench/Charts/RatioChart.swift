/// The forest plot: per configuration, each pattern's ratio to its baseline as a point with
/// its 95% whisker on a log axis, a dashed line at 1×, and the ratio net of the floor (a
/// hollow diamond) where the scenario has a floor.
///
/// Rows measured on several processors (`HostProcessor`: files from different CPUs) are
/// drawn across hosts instead (`RatioChart+Hosts.swift`): a point per host under each
/// pattern, each host in its own colour and shape.
enum RatioChart {
    static let labelWidth = 190.0
    static let valueWidth = 180.0
    static let rowHeight = 24.0

    static func svg(_ records: [ResultsRecord]) throws(CanvasOverflow) -> SVGDocument? {
        let withRatio = ResultsRecord.filter(records, ChartRows.hasRatio)
        // A row is at least a group, its name, its point and its annotation, here and across
        // hosts (`acrossHosts`). Every row with a ratio is drawn, so a chart too large is
        // refused before its hosts are told apart or its rows grouped.
        try SVGCanvas.reserve(withRatio.count * 5)
        let hosts = ResultsRecord.processors(withRatio)
        if hosts.count > 1 { return try acrossHosts(records, hosts: hosts) }
        guard !withRatio.isEmpty else { return nil }
        let groups = ChartRows.configurations(records)
            .map { group in
                (group.records[0], ResultsRecord.filter(group.records, ChartRows.hasRatio))
            }
            .filter { !$0.1.isEmpty }
        guard !groups.isEmpty else { return nil }
        // Counted before drawing, so that a chart past the bound is refused without the
        // work of drawing its first 50,000 elements: the title, and each configuration's
        // group, name and close, and each row's elements (`elements(_:)`).
        try SVGCanvas.reserve(
            groups.reduce(1) { sum, group in group.1.reduce(sum + 3) { $0 + elements($1) } })
        let patterns = groups.flatMap(\.1)
        let scale = fittedScale(patterns, net: true)
        let hasNet = patterns.contains { $0.number(.ratioNetOfFloor) != nil }

        var canvas = titled(patterns)
        let basis = ChartRows.ratioBasis(patterns)
        var legend: [(colour: String, name: String, marker: ChartText.LegendMarker)] = [
            (ChartPalette.colour(0), "\(basis) ratio to baseline, 95% CI", .dot)
        ]
        if hasNet {
            legend.append(
                (
                    ChartPalette.colour(1),
                    "net of the floor (simulation's own cost removed), 95% CI", .hollowDiamond
                ))
        }
        var y =
            ChartText.legend(on: &canvas, x: 10, y: 42, width: Charts.width - 20, entries: legend)
            + 8
        let plotTop = y
        for (first, rows) in groups where !canvas.isFull {
            let title = ChartRows.title(first)
            canvas.open(cssClass: "configuration", label: title)
            canvas.text(10, y + 14, title, bold: true)
            y += rowHeight
            for row in rows where !canvas.isFull {
                drawRow(row, at: y + rowHeight / 2, scale: scale, on: &canvas)
                y += rowHeight
            }
            canvas.close()
            y += 6
        }
        return try finished(canvas, scale: scale, top: plotTop, bottom: y)
    }

    /// The left and right ends of the plot.
    static let plotLeft = labelWidth + 10
    static let plotRight = Charts.width - valueWidth

    /// The log axis that holds 1× and every ratio of `patterns` with its interval, and, with
    /// `net`, every positive ratio net of the floor with its interval.
    static func fittedScale(_ patterns: [ResultsRecord], net: Bool) -> ChartScale {
        var values = [1.0]
        for (index, row) in patterns.enumerated() {
            ResultsRecord.prefetch(patterns, at: index)
            let columns = ChartRows.ratioColumns(row)
            values += [
                row.number(columns.value), row.number(columns.low), row.number(columns.high),
            ]
            .compactMap { $0 }
            guard net else { continue }
            values += [
                row.number(.ratioNetOfFloor), row.number(.ratioNetCILow),
                row.number(.ratioNetCIHigh),
            ]
            .compactMap { $0 }.filter { $0 > 0 }
        }
        return ChartScale.fitted(
            .logarithmic, to: values, pixels: (plotLeft, plotRight), minimumSpan: 2)
    }

    /// A canvas with the chart's title, naming the ratio `patterns` draw.
    static func titled(_ patterns: [ResultsRecord]) -> SVGCanvas {
        var canvas = SVGCanvas(width: Charts.width, height: 0)
        let basis = ChartRows.ratioBasis(patterns)
        canvas.text(
            10, 20,
            "\(basis) ratio to the baseline, 95% CI (\(basis) time per event; log scale; < 1× is faster)",
            size: 14, bold: true)
        return canvas
    }

    /// The document of `canvas`, whose rows run from `top` to `bottom`, with the axes
    /// drawn under them.
    static func finished(_ canvas: SVGCanvas, scale: ChartScale, top: Double, bottom: Double)
        throws(CanvasOverflow) -> SVGDocument
    {
        let frame = ChartFrame(
            left: plotLeft, top: top, width: plotRight - plotLeft, height: bottom - top,
            x: scale, y: ChartScale(.linear, domain: 0...1, pixels: (bottom, top)))
        var axes = SVGCanvas(width: Charts.width, height: 0)
        drawXAxis(frame, on: &axes)
        // The axes go under the points: drawn into the same canvas first.
        var finished = SVGCanvas(width: Charts.width, height: bottom + 50)
        finished.append(axes)
        finished.append(canvas)
        return try finished.document(
            title: "simbench: ratio of each pattern to its baseline",
            kind: ChartKind.ratios.rawValue)
    }

    private static func drawXAxis(_ frame: ChartFrame, on canvas: inout SVGCanvas) {
        canvas.open(cssClass: "axes")
        for tick in frame.x.ticks() {
            let pixel = frame.x.pixel(tick)
            canvas.line(pixel, frame.top, pixel, frame.bottom, stroke: ChartPalette.grid)
            canvas.line(pixel, frame.bottom, pixel, frame.bottom + 4, stroke: ChartPalette.ink)
            canvas.text(pixel, frame.bottom + 16, ChartText.ratio(tick), anchor: .middle, size: 11)
        }
        canvas.line(frame.left, frame.bottom, frame.right, frame.bottom, stroke: ChartPalette.ink)
        let one = frame.x.pixel(1)
        canvas.line(
            one, frame.top, one, frame.bottom, stroke: ChartPalette.ink, width: 1.2, dash: "4 3",
            cssClass: "unity")
        canvas.text(
            frame.left + frame.width / 2, frame.bottom + 34,
            "ratio to the baseline variant's ns/event (×, log scale)", anchor: .middle)
        canvas.close()
    }

    /// How many elements `drawRow` draws for `row`, a row with a ratio: its group, name,
    /// point, annotation and close, its whisker where it has an interval, and its ratio net
    /// of the floor, with that one's whisker, where that is above zero.
    static func elements(_ row: ResultsRecord) -> Int {
        let columns = ChartRows.ratioColumns(row)
        var count = 5
        if row.number(columns.low) != nil, row.number(columns.high) != nil { count += 1 }
        if let net = row.number(.ratioNetOfFloor), net > 0 {
            count += 1
            if row.number(.ratioNetCILow) != nil, row.number(.ratioNetCIHigh) != nil { count += 1 }
        }
        return count
    }

    private static func drawRow(
        _ row: ResultsRecord, at y: Double, scale: ChartScale, on canvas: inout SVGCanvas
    ) {
        guard let point = ChartRows.ratio(row, x: 0) else { return }
        canvas.open(cssClass: "ratio-row", label: row[.variant])
        canvas.text(24, y + 4, row[.variant])
        let colour = ChartPalette.colour(0)
        if let low = point.low, let high = point.high {
            canvas.line(
                scale.clampedPixel(low), y - 3, scale.clampedPixel(high), y - 3, stroke: colour,
                width: 2)
        }
        canvas.circle(
            scale.clampedPixel(point.y), y - 3, radius: 4.5, fill: colour, title: point.note,
            cssClass: "ratio")
        // `1.23× [1.20, 1.25] · net 1.10×`, written as bytes: a chart writes one per row.
        var annotation = [UInt8]()
        NumberFormat.appendRatio(point.y, to: &annotation)
        annotation.append(UInt8(ascii: " "))
        NumberFormat.appendInterval(point.low, point.high, ratio: true, to: &annotation)
        if let net = row.number(.ratioNetOfFloor) {
            let low = row.number(.ratioNetCILow)
            let high = row.number(.ratioNetCIHigh)
            let netColour = ChartPalette.colour(1)
            let netY = y + 5
            if net > 0 {
                if let low, let high {
                    canvas.line(
                        scale.clampedPixel(max(low, scale.domain.lowerBound)), netY,
                        scale.clampedPixel(high), netY, stroke: netColour, width: 1.5, dash: "3 2")
                }
                let x = scale.clampedPixel(net)
                canvas.path(
                    [(x, netY - 5), (x + 5, netY), (x, netY + 5), (x - 5, netY)], closed: true,
                    fill: "#ffffff", stroke: netColour,
                    width: 1.5,
                    // `variant net of floor: 1.10×, 95% CI [1.05, 1.15]`.
                    title: ChartRows.note(row, separator: " net of floor: ") { title in
                        NumberFormat.appendRatio(net, to: &title)
                        title += ", 95% CI ".utf8
                        NumberFormat.appendInterval(low, high, ratio: true, to: &title)
                    }, cssClass: "net-ratio")
            }
            annotation += " · net ".utf8
            NumberFormat.appendRatio(net, to: &annotation)
        }
        canvas.text(
            Charts.width - valueWidth + 8, y + 4, String(decoding: annotation, as: UTF8.self),
            size: 10.5)
        canvas.close()
    }
}
