/// The comparison as one self-contained HTML page (what compare and ab print as HTML): the
/// text report, and under it a diverging bar chart of the functions that moved
/// (`FunctionChart`) for each row that lists its functions, the rows `shownFunctions` picks:
/// those whose counted instructions changed, or every counted row with
/// `listsEveryRowsFunctions`. Nothing is fetched: the SVG and the CSS are inline.
extension ResultsComparison {
    func html() -> String {
        let escaped = SVGCanvas.escaped
        var page =
            HTMLReport.documentStart(
                title: title, style: ResultsComparison.htmlStyle) + """
                <h1>\(escaped(title))</h1>
                <pre class="report">\(escaped(render(.text, width: nil)))</pre>

                """
        // Only a verdict that holds functions can show them: the others are not made whole.
        let shown = verdicts.indices.filter(verdicts.hasExtra).compactMap { index in
            let row = verdicts[index]
            return shownFunctions(row).map { (row, $0) }
        }
        if !shown.isEmpty {
            page += "<h2>The functions that moved</h2>\n"
            page +=
                "<p>Own (self) instructions per event of each function, current less baseline, the \(FunctionDiff.listed) that moved most: bars right of 0 for more, left for fewer, with both sides' figures.</p>\n"
        }
        for (row, functions) in shown {
            let name = "\(row.identity.benchmarkName) instructions \(row.changeText)"
            page +=
                "<section class=\"functions\" data-row=\"\(escaped(row.identity.benchmarkName))\">\n"
            page += "<h3>\(escaped(name))</h3>\n"
            let svg: String?
            do {
                svg = try FunctionChart.svg(functions, row: row.identity.benchmarkName)?.text
            } catch {
                page += "<p class=\"left-out\">The chart is left out: too many elements.</p>\n"
                page += "</section>\n"
                continue
            }
            if let svg {
                page += "<figure class=\"chart\" data-chart=\"functions\">\n\(svg)</figure>\n"
            } else {
                page += "<p class=\"none\">No function moved.</p>\n"
            }
            page += "</section>\n"
        }
        page += "</body>\n</html>\n"
        return page
    }

    static let htmlStyle = """
        body { font-family: sans-serif; margin: 1.5em; color: #222; }
        pre.report { font-size: 12px; overflow-x: auto; background: #f6f6f6; padding: 0.8em; }
        section.functions { margin: 1.2em 0; }
        figure.chart { margin: 0; overflow-x: auto; }
        """
}
