/// The functions that moved under one counted row (`FunctionDiff`), as a diverging bar chart:
/// a bar a function, its own (self) instructions per event in the current run less the
/// baseline's, right of zero for more and left of it for fewer, with both sides' figures
/// beside it. A comparison's HTML page draws one under each row that lists its functions.
enum FunctionChart {
    static let width = 860.0
    /// The function names' column, the bars' and the figures'.
    static let labelWidth = 340.0
    static let barWidth = 300.0
    static let rowHeight = 22.0
    static let top = 30.0
    static let bottom = 24.0
    /// Bars of more instructions, and of fewer (`ChartPalette`).
    static let more = ChartPalette.flag
    static let fewer = ChartPalette.colour(0)

    /// The chart of `diff`, titled `row`; nil when no function moved (nothing to draw).
    static func svg(_ diff: FunctionDiff, row: String) throws(CanvasOverflow) -> SVGDocument? {
        guard !diff.changes.isEmpty else { return nil }
        try SVGCanvas.reserve(diff.changes.count * 4 + 6)
        let height = top + Double(diff.changes.count) * rowHeight + bottom
        var canvas = SVGCanvas(width: width, height: height)
        let zero = labelWidth + barWidth / 2
        let largest = diff.changes.map { abs($0.change) }.max() ?? 0
        let scale = largest > 0 ? (barWidth / 2) / largest : 0
        canvas.text(
            8, 18, "\(row): self instructions per event, current less baseline", bold: true)
        for (index, change) in diff.changes.enumerated() {
            let y = top + Double(index) * rowHeight
            let length = abs(change.change) * scale
            let grew = change.change > 0
            canvas.open(cssClass: "function", label: change.name)
            canvas.text(
                labelWidth - 8, y + 15, "\(change.mechanism.rawValue) \(change.name)",
                anchor: .end, size: 11)
            canvas.rect(
                grew ? zero : zero - length, y + 4, length, rowHeight - 8,
                fill: grew ? more : fewer, cssClass: grew ? "bar more" : "bar fewer")
            let side = FunctionDiff.sideNote(change.side) == nil ? "" : " (one side only)"
            canvas.text(
                labelWidth + barWidth + 8, y + 15,
                "\(FunctionDiff.signed(change.change)): \(figure(change.baseline)) → \(figure(change.current))\(side)",
                size: 11, cssClass: "value")
            canvas.close()
        }
        let axis = top + Double(diff.changes.count) * rowHeight
        canvas.line(zero, top, zero, axis, stroke: ChartPalette.ink, cssClass: "zero")
        canvas.text(zero, axis + 16, "0", anchor: .middle, size: 11)
        canvas.text(
            zero + barWidth / 2, axis + 16, FunctionDiff.signed(largest), anchor: .end, size: 11)
        canvas.text(
            zero - barWidth / 2, axis + 16, FunctionDiff.signed(-largest), anchor: .start,
            size: 11)
        return try canvas.document(
            title: "\(row): the functions that moved, baseline against current",
            kind: "functions")
    }

    /// A side's figure, or a dash where the side does not list the function.
    private static func figure(_ value: Double?) -> String {
        value.map { NumberFormat.significant($0) } ?? "—"
    }
}
