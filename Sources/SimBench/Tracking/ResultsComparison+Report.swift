import Foundation

/// The ways `simbench compare` prints its verdicts: a terminal table, Markdown for a
/// pull-request comment or a GitHub job summary, and JSON for a script
/// (`ResultsComparison+JSON.swift`).
extension ResultsComparison {
    /// How the report is printed (`ComparisonSetting.format`).
    public enum Format: String, Sendable, CaseIterable {
        case text
        case markdown
        case json
        /// A self-contained page: the text report and a chart of the functions that moved
        /// under each row that lists them (`ResultsComparison+HTML.swift`).
        case html
    }

    /// The report; a text report fits `width` columns with a compact table (verdict, name,
    /// change with its CI, why), or shows every column when `width` is nil (`ComparisonSetting.wide`).
    public func render(_ format: Format, width: Int? = nil) -> String {
        switch format {
        case .text:
            width.map { TextWrap.fit(text(width: $0), width: $0) } ?? text(width: nil)
        case .markdown: markdown()
        case .json: json()
        case .html: html()
        }
    }

    /// `1 regression · 2 improvements · 3 not judged · 10 unchanged`, with `1 moved with the
    /// baseline` and `1 layout/env shift` between where there are any.
    public var tally: String {
        func count(_ value: Int, _ one: String, _ many: String) -> String {
            "\(value) \(value == 1 ? one : many)"
        }
        let shifts = [
            movedWithBaseline > 0 ? "\(movedWithBaseline) moved with the baseline" : nil,
            layoutShifts > 0 ? count(layoutShifts, "layout/env shift", "layout/env shifts") : nil,
        ].compactMap { $0 }
        return
            ([
                count(regressions, "regression", "regressions"),
                count(improvements, "improvement", "improvements"),
            ] + shifts + ["\(notJudged) not judged", "\(unchanged) unchanged"]).joined(
                separator: " · ")
    }

    /// How a verdict is reached, in one paragraph, for the reader of a report.
    public static let method: SettingMessage = """
        A time change counts when it passes the threshold and its 95% CI excludes 0; the CI \
        of a change combines the two runs' CIs as independent errors (in log space, \
        √(a² + b²) of their half-widths). Time is each worker thread's CPU time unless \
        \(.metric) wall says otherwise. Pattern variants are judged on their ratio to the \
        scenario's baseline variant in the same run, which cancels the machine's speed; \
        baseline variants on their CPU time over a fixed machine-speed reference timed in \
        the same rounds (absolute ns per event in files without it, or with \(.metric) \
        wall). Allocations per event count when they move beyond the tolerance; \
        instructions and estimated cycles per event (counted, with no interval) when they \
        move beyond their thresholds. A time change of a row whose counts stayed within \
        their thresholds is a layout or environment shift: shown, not counted.
        """

    // MARK: - Text

    /// The note on a change of environment (`EnvironmentChange`), which every verdict
    /// depends on: printed first, under the title, not among the other notes.
    private var environmentNote: String? {
        notes.first { $0.hasPrefix(EnvironmentChange.notePrefix) }
    }

    private var otherNotes: [String] {
        notes.filter { !$0.hasPrefix(EnvironmentChange.notePrefix) }
    }

    private func text(width: Int?) -> String {
        var lines =
            [title] + (environmentNote.map { ["  \($0)"] } ?? []) + [
                "  baseline: \(baselineSummary)",
                "  current:  \(currentSummary)",
                "  thresholds: \(thresholds.summary)",
                "  \(tally)",
            ]
        let flagged = comparisons.filter { $0.verdict != .unchanged }
        if !flagged.isEmpty {
            lines.append("")
            lines.append(table(flagged, width: width))
        }
        let quiet = comparisons.filter { $0.verdict == .unchanged }
        if !quiet.isEmpty {
            lines.append("")
            lines.append("  unchanged (\(quiet.count)):")
            lines.append(table(quiet, width: width))
        }
        lines += missing().map { "\n  " + $0.replacingOccurrences(of: "`", with: "") }
        if !otherNotes.isEmpty {
            lines.append("")
            lines.append("  notes:")
            lines += otherNotes.map { "  - \($0)" }
        }
        lines.append("")
        lines += ResultsComparison.wrap(methodText, width: min(96, (width ?? 98) - 2)).map {
            "  " + $0
        }
        return lines.joined(separator: "\n")
    }

    /// `text` broken into lines of at most `width` characters, at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        let words = text.split(separator: " ")
        return words.isEmpty ? [] : TextWrap.breakLines(words, width: width)
    }

    private func table(_ rows: [MetricComparison], width: Int?) -> String {
        guard let width else { return wideTable(rows) }
        var table = TextTable(header: ["verdict", "benchmark", "change", "why"])
        table.leftAligned = [0, 1, 3]
        let cells = rows.map { row in
            let interval = row.intervalText
            return [
                row.verdict.label, "\(row.identity.benchmarkName) \(row.metric.rawValue)",
                interval == "—" || interval.isEmpty
                    ? row.changeText : "\(row.changeText) \(interval)",
            ]
        }
        // `why` takes what the other columns leave, in as many lines as it needs; when
        // that is too little (long benchmark names), it goes under its row instead.
        var probe = TextTable(header: ["verdict", "benchmark", "change"])
        probe.leftAligned = [0, 1]
        probe.rows = cells
        let room = width - probe.width() - 2
        guard room < 36 else {
            // The functions go under their row, across the table's width.
            var functions = [(after: Int, lines: [String])]()
            for (row, first) in zip(rows, cells) {
                let why = ResultsComparison.wrap(row.note, width: room)
                table.rows.append(first + [why.first ?? ""])
                for line in why.dropFirst() { table.rows.append(["", "", "", line]) }
                let lines = functionLines(row, indent: "    ", width: width)
                if !lines.isEmpty { functions.append((table.rows.count, lines)) }
            }
            // Without functions to insert (nearly always), the table is the text as it is:
            // not split into its lines and joined again.
            guard !functions.isEmpty else { return table.render() }
            var lines = TextWrap.lines(table.render()).map(String.init)
            let header = lines.count - table.rows.count
            for (after, extra) in functions.reversed() {
                lines.insert(contentsOf: extra, at: header + after)
            }
            return lines.joined(separator: "\n")
        }
        let rendered = TextWrap.lines(probe.render()).map(String.init)
        let indent = String(repeating: " ", count: 2 + (cells.map { $0[0].count } + [7]).max()! + 2)
        var lines = [rendered[0]]
        for (row, line) in zip(rows, rendered.dropFirst()) {
            lines.append(line)
            lines += ResultsComparison.wrap("why: " + row.note, width: width - indent.count).map {
                indent + $0
            }
            lines += functionLines(row, indent: indent, width: width)
        }
        return lines.joined(separator: "\n")
    }

    /// Every column: both figures, the metric and the basis of the verdict apart.
    private func wideTable(_ rows: [MetricComparison]) -> String {
        var table = TextTable(header: [
            "verdict", "configuration", "variant", "metric", "basis", "baseline", "current",
            "change", "95% CI of change", "why",
        ])
        table.leftAligned = [0, 1, 2, 3, 4, 9]
        for row in rows {
            table.rows.append([
                row.verdict.label, row.identity.configuration, row.identity.variant,
                row.metric.rawValue, row.basis.rawValue, row.formatted(row.baseline),
                row.formatted(row.current), row.changeText, row.intervalText, row.note,
            ])
            for line in functionLines(row, indent: "", width: nil) {
                table.rows.append(Array(repeating: "", count: 9) + [line])
            }
        }
        return table.render()
    }

    // MARK: - Markdown

    private func markdown() -> String {
        var headline =
            regressions > 0
            ? "**\(regressions) regression\(regressions == 1 ? "" : "s")**"
            : improvements > 0
                ? "no regression, \(improvements) improvement\(improvements == 1 ? "" : "s")"
                : "no regression"
        if notJudged > 0 { headline += ", \(notJudged) not judged" }
        var lines = ["### \(title): \(headline)", ""]
        if let environmentNote { lines += ["**\(escape(environmentNote))**", ""] }
        lines += [tally, ""]
        // Shifts the code did not make are shown beside the verdicts, not folded: a reader
        // should see that a row moved, and why it is not counted.
        let flagged = comparisons.filter {
            [.regression, .improvement, .movedWithBaseline, .layoutShift].contains($0.verdict)
        }
        if !flagged.isEmpty {
            lines += markdownTable(flagged)
            lines.append("")
            lines += markdownFunctions(flagged)
        }
        let folded = comparisons.filter { $0.verdict == .unchanged || $0.verdict == .notJudged }
        if !folded.isEmpty {
            let summary = [
                notJudged > 0 ? "\(notJudged) not judged" : nil,
                unchanged > 0 ? "\(unchanged) unchanged" : nil,
            ].compactMap { $0 }.joined(separator: ", ")
            lines.append("<details><summary>\(summary)</summary>")
            lines.append("")
            lines += markdownTable(folded)
            lines.append("")
            lines.append("</details>")
            lines.append("")
            lines += markdownFunctions(folded)
        }
        if !answers.isEmpty {
            lines.append("What the changed patterns add per event, before → now:")
            lines.append("")
            for answer in answers {
                lines.append("- now: \(escape(answer.now))")
                lines.append("  was: \(escape(answer.before))")
            }
            lines.append("")
        }
        for line in missing() {
            lines.append(line)
            lines.append("")
        }
        if !otherNotes.isEmpty {
            lines += otherNotes.map { "- \(escape($0))" }
            lines.append("")
        }
        lines.append(
            "<sub>Baseline \(escape(baselineSummary)); current \(escape(currentSummary)). Thresholds: \(thresholds.summary). \(methodText)</sub>"
        )
        return lines.joined(separator: "\n")
    }

    private func markdownTable(_ rows: [MetricComparison]) -> [String] {
        var lines = [
            "| verdict | benchmark | metric | basis | baseline | current | change | 95% CI | why |",
            "|---|---|---|---|--:|--:|--:|--:|---|",
        ]
        for row in rows {
            let verdict = row.verdict == .regression ? "**regression**" : row.verdict.label
            let cells = [
                verdict, "`\(row.identity.benchmarkName)`", row.metric.rawValue,
                row.basis.rawValue, row.formatted(row.baseline), row.formatted(row.current),
                row.changeText, row.intervalText, row.note,
            ]
            lines.append("| " + cells.map(escape).joined(separator: " | ") + " |")
        }
        return lines
    }

    /// Markdown-safe table text: pipes and angle brackets escaped, line breaks flattened.
    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\n", with: " ")
    }

    /// What one side has and the other lacks, one line per side.
    private func missing() -> [String] {
        func list(_ identities: [ResultIdentity]) -> String {
            identities.map { "`\($0.benchmarkName)`" }.joined(separator: ", ")
        }
        var lines = [String]()
        if !onlyInBaseline.isEmpty {
            lines.append(
                "Only in the baseline, not measured now (\(onlyInBaseline.count)): \(list(onlyInBaseline))"
            )
        }
        if !onlyInCurrent.isEmpty {
            lines.append(
                "Only in the current run, no baseline yet (\(onlyInCurrent.count)): \(list(onlyInCurrent))"
            )
        }
        return lines
    }
}
