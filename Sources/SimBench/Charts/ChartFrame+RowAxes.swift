extension ChartFrame {
    /// The axes of a chart whose rows run across it (allocations, mechanisms, processes): at
    /// each of the x scale's ticks a grid line and its label, then the bottom axis, the left
    /// one where `leftAxis`, and `title` under the labels.
    func drawRowAxes(
        on canvas: inout SVGCanvas, title: String, tickLabel: (Double) -> String,
        leftAxis: Bool = true
    ) {
        for tick in x.ticks() {
            let pixel = x.pixel(tick)
            canvas.line(pixel, top, pixel, bottom, stroke: ChartPalette.grid)
            canvas.text(pixel, bottom + 16, tickLabel(tick), anchor: .middle, size: 11)
        }
        canvas.line(left, bottom, right, bottom, stroke: ChartPalette.ink)
        if leftAxis { canvas.line(left, top, left, bottom, stroke: ChartPalette.ink) }
        canvas.text(left + width / 2, bottom + 34, title, anchor: .middle)
    }
}
