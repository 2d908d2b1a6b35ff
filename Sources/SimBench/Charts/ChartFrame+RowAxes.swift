extension ChartFrame {
    /// The document of a chart whose rows run across it (allocations, mechanisms, processes):
    /// `rows`, drawn from `top` down to `bottom` between `left` and `right`, over axes on
    /// `scale`. At each of the scale's ticks a grid line and its label, then the bottom axis,
    /// the left one where `leftAxis`, and `axisTitle` under the labels.
    static func rowChart(
        _ rows: SVGCanvas, scale: ChartScale, left: Double, right: Double, top: Double,
        bottom: Double, axisTitle: String, tickLabel: (Double) -> String, leftAxis: Bool = true,
        title: String, kind: ChartKind
    ) throws(CanvasOverflow) -> SVGDocument {
        let frame = ChartFrame(
            left: left, top: top, width: right - left, height: bottom - top,
            x: scale, y: ChartScale(.linear, domain: 0...1, pixels: (bottom, top)))
        var canvas = SVGCanvas(width: Charts.width, height: bottom + 50)
        canvas.open(cssClass: "axes")
        for tick in frame.x.ticks() {
            let pixel = frame.x.pixel(tick)
            canvas.line(pixel, frame.top, pixel, frame.bottom, stroke: ChartPalette.grid)
            canvas.text(pixel, frame.bottom + 16, tickLabel(tick), anchor: .middle, size: 11)
        }
        canvas.line(frame.left, frame.bottom, frame.right, frame.bottom, stroke: ChartPalette.ink)
        if leftAxis {
            canvas.line(frame.left, frame.top, frame.left, frame.bottom, stroke: ChartPalette.ink)
        }
        canvas.text(frame.left + frame.width / 2, frame.bottom + 34, axisTitle, anchor: .middle)
        canvas.close()
        canvas.append(rows)
        return try canvas.document(title: title, kind: kind.rawValue)
    }
}
