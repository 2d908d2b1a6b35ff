/// A plot area on a canvas: two scales, the axes with their ticks, grid and labels.
struct ChartFrame {
    /// The plot area, in canvas pixels.
    let left: Double
    let top: Double
    let width: Double
    let height: Double
    let x: ChartScale
    let y: ChartScale

    var right: Double { left + width }
    var bottom: Double { top + height }

    /// A frame whose scales are fitted to the values; `y` grows upwards.
    init(
        left: Double, top: Double, width: Double, height: Double,
        x xKind: ChartScale.Kind, xValues: [Double], xIncluding: [Double] = [],
        xFromZero: Bool = false,
        y yKind: ChartScale.Kind, yValues: [Double], yIncluding: [Double] = [],
        yFromZero: Bool = false
    ) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        x = .fitted(
            xKind, to: xValues, pixels: (left, left + width), including: xIncluding, minimumSpan: 2,
            fromZero: xFromZero)
        y = .fitted(
            yKind, to: yValues, pixels: (top + height, top), including: yIncluding, minimumSpan: 2,
            fromZero: yFromZero)
    }

    init(left: Double, top: Double, width: Double, height: Double, x: ChartScale, y: ChartScale) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.x = x
        self.y = y
    }

    /// Grid lines, both axes with tick labels, and the axis titles (which carry units).
    func drawAxes(
        on canvas: inout SVGCanvas, xTitle: String, yTitle: String?,
        xLabel: (Double) -> String = ChartText.short, yLabel: (Double) -> String = ChartText.short
    ) {
        canvas.open(cssClass: "axes")
        for tick in x.ticks() {
            let pixel = x.pixel(tick)
            canvas.line(pixel, top, pixel, bottom, stroke: ChartPalette.grid)
            canvas.line(pixel, bottom, pixel, bottom + 4, stroke: ChartPalette.ink)
            canvas.text(pixel, bottom + 16, xLabel(tick), anchor: .middle, size: 11)
        }
        for tick in y.ticks() {
            let pixel = y.pixel(tick)
            canvas.line(left, pixel, right, pixel, stroke: ChartPalette.grid)
            canvas.line(left - 4, pixel, left, pixel, stroke: ChartPalette.ink)
            canvas.text(left - 6, pixel + 4, yLabel(tick), anchor: .end, size: 11)
        }
        canvas.line(left, bottom, right, bottom, stroke: ChartPalette.ink)
        canvas.line(left, top, left, bottom, stroke: ChartPalette.ink)
        canvas.text(left + width / 2, bottom + 34, xTitle, anchor: .middle)
        if let yTitle {
            canvas.text(left - 48, top + height / 2, yTitle, anchor: .middle, rotated: true)
        }
        canvas.close()
    }

    /// A line through the shown points of a series, its 95% band behind it, and a marker
    /// per point.
    func drawSeries(
        on canvas: inout SVGCanvas, _ points: [ChartPoint], colour: String, label: String,
        dash: String? = nil
    ) {
        let shown = points.filter { x.pixelIfShown($0.x) != nil && y.pixelIfShown($0.y) != nil }
        guard !shown.isEmpty else { return }
        canvas.open(cssClass: "series", label: label)
        let banded = shown.filter { $0.low != nil && $0.high != nil }
        if banded.count >= 2 {
            let upper = banded.map { (x.pixel($0.x), y.clampedPixel($0.high!)) }
            let lower = banded.reversed().map { (x.pixel($0.x), y.clampedPixel($0.low!)) }
            canvas.path(
                upper + lower, closed: true, fill: colour, fillOpacity: 0.18, cssClass: "band")
        } else {
            for point in banded {
                let pixel = x.pixel(point.x)
                canvas.line(
                    pixel, y.clampedPixel(point.low!), pixel, y.clampedPixel(point.high!),
                    stroke: colour, width: 1.5)
            }
        }
        if shown.count >= 2 {
            canvas.path(
                shown.map { (x.pixel($0.x), y.pixel($0.y)) }, closed: false, stroke: colour,
                width: 2, dash: dash)
        }
        for point in shown {
            canvas.circle(
                x.pixel(point.x), y.pixel(point.y), radius: 3.5, fill: colour, title: point.note,
                cssClass: "point")
        }
        canvas.close()
    }
}

/// A value with its optional 95% interval, at `x`.
struct ChartPoint {
    var x: Double
    var y: Double
    var low: Double?
    var high: Double?
    /// What the point's tooltip says.
    var note: String
}

/// How charts write numbers and names.
enum ChartText {
    /// `0.5`, `1`, `2.5`, `10k`, `1M`: three significant digits, SI prefixes from a
    /// thousand up.
    /// Past a thousand tera, and below a millionth, in scientific notation: `1.8e+308`,
    /// `5e-324`.
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        if abs(value) >= 1e15 || (value != 0 && abs(value) < 1e-6) {
            return String(format: "%.3g", value)
        }
        for (scale, prefix) in [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]
        where abs(value) >= scale {
            return trimmed(value / scale) + prefix
        }
        return trimmed(value)
    }

    /// A count from a size column (machines, events, actors): `10,000`; past what an `Int`
    /// holds exactly (a file may say `1e300`), in scientific notation.
    static func count(_ value: Double) -> String {
        var text = [UInt8]()
        appendCount(value, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `count(value)` to `text`.
    static func appendCount(_ value: Double, to text: inout [UInt8]) {
        if !value.isFinite {
            StackBytes.append("—", to: &text)
        } else if abs(value) >= 1e15 {
            text += String(format: "%.3g", value).utf8
        } else {
            NumberFormat.appendGrouped(Int(value), to: &text)
        }
    }

    /// `text`, or its first `ChartLimits.charactersPerText` characters and `…`: a label
    /// longer than the chart is wide helps nobody, and a cell may be megabytes long.
    static func clipped(_ text: String) -> String {
        let limit = ChartLimits.charactersPerText
        guard text.utf8.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    /// `1×`, `0.5×`.
    static func ratio(_ value: Double) -> String { short(value) + "×" }

    private static func trimmed(_ value: Double) -> String {
        if value == 0 { return "0" }
        var text = NumberFormat.significant(value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// A legend: a coloured swatch and a name per entry, in rows from (`x`, `y`).
    static func legend(
        on canvas: inout SVGCanvas, x: Double, y: Double, width: Double,
        entries: [(colour: String, name: String, marker: LegendMarker)]
    ) -> Double {
        canvas.open(cssClass: "legend")
        var column = x
        var row = y
        for entry in entries where !canvas.isFull {
            let itemWidth = 30 + Double(min(entry.name.count, ChartLimits.charactersPerText)) * 7
            if column + itemWidth > x + width, column > x {
                column = x
                row += 18
            }
            switch entry.marker {
            case .line:
                canvas.line(column, row - 4, column + 18, row - 4, stroke: entry.colour, width: 2.5)
            case .dashed:
                canvas.line(
                    column, row - 4, column + 18, row - 4, stroke: entry.colour, width: 2,
                    dash: "5 3")
            case .dot:
                canvas.circle(column + 9, row - 4, radius: 4, fill: entry.colour)
            case .hollowDiamond:
                canvas.path(
                    [
                        (column + 9, row - 9), (column + 14, row - 4), (column + 9, row + 1),
                        (column + 4, row - 4),
                    ], closed: true,
                    fill: "#ffffff", stroke: entry.colour, width: 1.5)
            case .ring:
                canvas.circle(column + 9, row - 4, radius: 6, fill: "none", stroke: entry.colour)
            case .bar:
                canvas.rect(column + 2, row - 10, 14, 12, fill: entry.colour)
            case .shape(let shape):
                shape.draw(on: &canvas, x: column + 9, y: row - 4, size: 9, fill: entry.colour)
            }
            canvas.text(column + 24, row, entry.name)
            column += itemWidth
        }
        canvas.close()
        return row + 10
    }

    enum LegendMarker {
        case line, dashed, dot, hollowDiamond, ring, bar
        /// A point of a series told apart by its shape as well as its colour.
        case shape(MarkerShape)
    }
}
