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
        var output = TextOutput()
        do {
            try write(format, width: width, into: &output)
        } catch {
            preconditionFailure("an output kept whole is written nowhere: \(error)")
        }
        return output.text
    }

    /// Writes the report (`render`) to `output`, passed on as it fills: a comparison of a
    /// million rows is more text than it is worth holding.
    public func write(_ format: Format, width: Int?, into output: inout TextOutput)
        throws(FileError)
    {
        switch format {
        case .text:
            guard let width else {
                try writeText(width: nil, into: &output)
                return
            }
            guard !mayHoldCarriageReturns else {
                // A carriage return may join the line feed after it: the text is fitted
                // whole, as its characters say.
                var whole = TextOutput()
                try writeText(width: width, fitting: false, into: &whole)
                output.append(TextWrap.fit(whole.text, width: width))
                return
            }
            try writeText(width: width, into: &output)
        case .markdown: output.append(markdown())
        case .json: try writeJSON(into: &output)
        case .html: output.append(html())
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

    /// Writes the text report, each line fitted to `width` (`TextWrap.fit`) unless not
    /// `fitting`; every column when `width` is nil.
    private func writeText(width: Int?, fitting: Bool = true, into output: inout TextOutput)
        throws(FileError)
    {
        var lines = FittedLines(width: fitting ? width : nil)
        lines.append(title, to: &output)
        if let environmentNote { lines.append("  \(environmentNote)", to: &output) }
        lines.append("  baseline: \(baselineSummary)", to: &output)
        lines.append("  current:  \(currentSummary)", to: &output)
        lines.append("  thresholds: \(thresholds.summary)", to: &output)
        lines.append("  \(tally)", to: &output)
        // Sorted by verdict: the unchanged rows come last.
        let firstUnchanged =
            verdicts.indices.first { verdicts.verdict(at: $0) == .unchanged }
            ?? verdicts.endIndex
        let flagged = verdicts.startIndex..<firstUnchanged
        let quiet = firstUnchanged..<verdicts.endIndex
        let names = width == nil ? nil : ResultsComparison.benchmarkNameCounts(of: verdicts.rows)
        if !flagged.isEmpty {
            lines.append("", to: &output)
            try table(flagged, width: width, names: names, lines: &lines, into: &output)
        }
        if !quiet.isEmpty {
            lines.append("", to: &output)
            lines.append("  unchanged (\(quiet.count)):", to: &output)
            try table(quiet, width: width, names: names, lines: &lines, into: &output)
        }
        for line in missing() {
            lines.append("", to: &output)
            lines.append("  " + line.replacingOccurrences(of: "`", with: ""), to: &output)
        }
        if !otherNotes.isEmpty {
            lines.append("", to: &output)
            lines.append("  notes:", to: &output)
            for note in otherNotes { lines.append("  - \(note)", to: &output) }
        }
        lines.append("", to: &output)
        for line in ResultsComparison.wrap(methodText, width: min(96, (width ?? 98) - 2)) {
            lines.append("  " + line, to: &output)
        }
    }

    /// `text` broken into lines of at most `width` characters, at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        // Where each scalar is a character (nearly every note: a comparison of 100,000 rows
        // wraps one per row), a space is a character of its own and no other is a space:
        // the words are split among the bytes, not by characters.
        var text = text
        let words =
            text.withUTF8(CharacterCount.scalarsIfEachIsACharacter) != nil
            ? text.utf8.split(separator: UInt8(ascii: " ")).map { Substring($0) }
            : text.split(separator: " ")
        return words.isEmpty ? [] : TextWrap.breakLines(words, width: width)
    }

    /// The lines of `wrap(text, width:)` of the UTF-8 `text`, each after `margin`,
    /// appended to `lines`: made among the bytes where each of the text's scalars is a
    /// character of its own (nearly every note: a comparison of 100,000 rows wraps one per
    /// row).
    private static func appendWrapped(
        _ text: UnsafeBufferPointer<UInt8>, width: Int, margin: [UInt8], lines: inout FittedLines,
        to output: inout TextOutput
    ) {
        guard CharacterCount.scalarsIfEachIsACharacter(text) != nil,
            text.contains(where: { $0 != UInt8(ascii: " ") })
        else {
            let indent = String(decoding: margin, as: UTF8.self)
            for line in wrap(String(decoding: text, as: UTF8.self), width: width) {
                lines.append(indent + line, to: &output)
            }
            return
        }
        lines.appendLine(to: &output) {
            TextWrap.appendBrokenLines(
                text, width: width, first: [], next: [], margin: margin, to: &$0)
        }
    }

    /// Writes the compact table's cells of the verdict at `index` to `cells`: the verdict,
    /// the benchmark and metric, the change and its interval. The name is written from the
    /// row's bytes: made again where printed, not kept for every row, since a comparison of
    /// a million rows is measured first. `change`: the change cell's bytes, where they were
    /// written already.
    private func compactCells(
        _ index: Int, change: ArraySlice<UInt8>? = nil, into cells: inout TextTable.ByteRow
    ) {
        cells.removeAll()
        cells.append(verdicts.verdict(at: index).label.utf8)
        cells.endCell()
        cells.write(verdicts.record(at: index).appendBenchmarkName)
        cells.append(" ".utf8)
        cells.append(verdicts.metric(at: index).rawValue.utf8)
        cells.endCell()
        guard let change else {
            changeCell(index, into: &cells)
            return
        }
        cells.append(change)
        cells.endCell()
    }

    /// Writes the change cell of the verdict at `index` to `cells`: the change, and its
    /// interval where it has one.
    private func changeCell(_ index: Int, into cells: inout TextTable.ByteRow) {
        cells.write { appendChange(index, to: &$0) }
        cells.endCell()
    }

    /// Appends the change of the verdict at `index` to `text`, and its interval where it has
    /// one: what its change cell holds.
    private func appendChange(_ index: Int, to text: inout [UInt8]) {
        let figures = verdicts.figures(at: index)
        // Written as bytes, no text made of the change or its interval.
        figures.appendChangeText(to: &text)
        figures.appendIntervalAfterBlank(to: &text)
    }

    /// The characters of each of `table`'s rows' benchmark name
    /// (`ResultIdentity.benchmarkName`), by row: counted from its cells' lengths, no name
    /// written, where every name is ASCII with no carriage return or line feed (each byte a
    /// character of its own, no name breaking a line); nil otherwise, when the names are
    /// measured as written.
    static func benchmarkNameCounts(of table: RowTable) -> [Int32]? {
        let fields = [ResultColumn.scenario, .parameters, .sweep, .variant].map {
            table.positions.position(of: $0)
        }
        var counts = [Int32]()
        counts.reserveCapacity(table.count)
        let plain = table.bytes.withUnsafeBufferPointer { bytes in
            for row in 0..<table.count {
                table.prefetch(row: row + 4)
                // scenario, params, sweep, variant: each one's bytes.
                var parts = (0, 0, 0, 0)
                for (part, field) in fields.enumerated() {
                    guard let field else { continue }
                    let range = table.range(row: row, field: field)
                    for byte in bytes[range]
                    where byte >= 0x80 || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                        return false
                    }
                    switch part {
                    case 0: parts.0 = range.count
                    case 1: parts.1 = range.count
                    case 2: parts.2 = range.count
                    default: parts.3 = range.count
                    }
                }
                let count = ResultIdentity.benchmarkNameCount(
                    scenario: parts.0, parameters: parts.1, sweep: parts.2, variant: parts.3)
                counts.append(Int32(clamping: count))
            }
            return true
        }
        return plain ? counts : nil
    }

    /// Writes the table of the verdicts at `rows`: at `width`, the compact one (verdict,
    /// name, change and its CI, why), the reasons beside or under each row; every column
    /// when nil. `names`: the characters of each row's benchmark name
    /// (`benchmarkNameCounts`), where counted.
    private func table(
        _ rows: Range<Int>, width: Int?, names: [Int32]?, lines: inout FittedLines,
        into output: inout TextOutput
    ) throws(FileError) {
        guard let width else {
            let table = wideTable(rows)
            for row in table.all.indices {
                lines.appendLine(to: &output) { table.append(row: row, to: &$0) }
                try output.flushIfFull()
            }
            return
        }
        var cells = TextTable.ByteRow()
        let header = ["verdict", "benchmark", "change"]
        var probe = TextTable.Measure(header: header, leftAligned: [0, 1])
        var labels = 7
        // The change cells written to measure them, kept to be printed: each written once.
        var changes = [UInt8]()
        var changeEnds = [Int]()
        if let names {
            changeEnds.reserveCapacity(rows.count)
            // Measured without the rows: the verdict's label and the name's count as they
            // are, the change written (a name ends with its metric, a label with a letter:
            // no trailing blanks).
            let verdictCases = MetricComparison.Verdict.allCases
            var labelCounts = [Int](
                repeating: 0, count: (verdictCases.map(\.rawValue).max() ?? 0) + 1)
            for verdict in verdictCases {
                labelCounts[verdict.rawValue] = CharacterCount.of(verdict.label)
            }
            for index in rows {
                let verdict = verdicts.verdict(at: index)
                let label = labelCounts[verdict.rawValue]
                probe.add(count: label, kept: label, column: 0)
                let name =
                    Int(names[verdicts.row(at: index)]) + 1
                    + verdicts.metric(at: index).rawValue.utf8.count
                probe.add(count: name, kept: name, column: 1)
                // Written where it is kept, then measured there.
                let start = changes.count
                appendChange(index, to: &changes)
                changes.withUnsafeBufferPointer {
                    probe.add(cell: UnsafeBufferPointer(rebasing: $0[start...]), column: 2)
                }
                changeEnds.append(changes.count)
                labels = max(labels, label)
            }
        } else {
            for index in rows {
                compactCells(index, into: &cells)
                probe.add(cells)
                labels = max(labels, verdicts.verdict(at: index).label.count)
            }
        }
        /// A row's cells as text, for a table that holds them.
        func cellTexts(_ index: Int) -> [String] {
            compactCells(index, into: &cells)
            return cells.cells
        }
        // `why` takes what the other columns leave, in as many lines as it needs; when
        // that is too little (long benchmark names), it goes under its row instead.
        let probeWidth =
            probe.width(indent: "  ")
            ?? {
                var table = TextTable(header: header)
                table.leftAligned = [0, 1]
                table.rows = rows.map(cellTexts)
                return table.width()
            }()
        let room = width - probeWidth - 2
        guard room < 36 else {
            var table = TextTable(header: ["verdict", "benchmark", "change", "why"])
            table.leftAligned = [0, 1, 3]
            // The functions go under their row, across the table's width.
            var functions = [Int: [String]]()
            for index in rows {
                let row = verdicts[index]
                let why = ResultsComparison.wrap(row.note, width: room)
                table.rows.append(cellTexts(index) + [why.first ?? ""])
                for line in why.dropFirst() { table.rows.append(["", "", "", line]) }
                let lines = functionLines(row, indent: "    ", width: width)
                if !lines.isEmpty { functions[table.rows.count] = lines }
            }
            let rendered = TextTable.Lines(table, indent: "  ")
            for index in 0...table.rows.count {
                lines.appendLine(to: &output) { rendered.append(row: index, to: &$0) }
                for line in functions[index] ?? [] { lines.append(line, to: &output) }
                try output.flushIfFull()
            }
            return
        }
        let widths = probe.widths
        let left = [true, true, false]
        let indent = String(repeating: " ", count: 2 + labels + 2)
        let margin = Array(indent.utf8)
        lines.appendLine(to: &output) {
            TextTable.Lines.append(header, widths: widths, left: left, indent: "  ", to: &$0)
        }
        // Where the rows' file keeps a name's parts, found once for the table.
        let nameFields = [ResultColumn.scenario, .parameters, .sweep, .variant].map {
            verdicts.rows.positions.position(of: $0)
        }
        var why = Array("why: ".utf8)
        let whyCount = why.count
        // Counted once, not for each row: `count` counts a string's characters anew.
        let whyWidth = width - indent.count
        for (position, index) in rows.enumerated() {
            // The row a few verdicts on, asked for ahead of its name's reads.
            if index + 4 < rows.upperBound {
                verdicts.rows.prefetch(row: verdicts.row(at: index + 4))
            }
            // The change cell written while measuring, where it was.
            let change =
                changeEnds.isEmpty
                ? nil : (position == 0 ? 0 : changeEnds[position - 1])..<changeEnds[position]
            let written =
                change.map { change in
                    changes.withUnsafeBufferPointer {
                        appendCompactLine(
                            index, change: UnsafeBufferPointer(rebasing: $0[change]),
                            widths: widths, nameFields: nameFields, lines: &lines, to: &output)
                    }
                } ?? false
            if !written {
                compactCells(index, change: change.map { changes[$0] }, into: &cells)
                lines.appendLine(to: &output) {
                    TextTable.Lines.append(cells, widths: widths, left: left, indent: "  ", to: &$0)
                }
            }
            why.removeSubrange(whyCount...)
            verdicts.withNote(at: index) { why += $0 }
            why.withUnsafeBufferPointer {
                ResultsComparison.appendWrapped(
                    $0, width: whyWidth, margin: margin, lines: &lines, to: &output)
            }
            // Only a verdict that holds functions has lines of them.
            if verdicts.hasExtra(at: index) {
                for line in functionLines(verdicts[index], indent: indent, width: width) {
                    lines.append(line, to: &output)
                }
            }
            try output.flushIfFull()
        }
    }

    /// Appends the compact table's line of the verdict at `index` to `lines`: its cells
    /// (`compactCells`, the change cell `change` as it was written to measure it) laid out in
    /// columns of `widths` as `TextTable.Lines` lays them out, written on the stack and
    /// passed on at once, not cell by cell into an array and then, where too wide to fit,
    /// copied out again (a comparison of 100,000 rows writes a line for each).
    ///
    /// For a table whose names were counted (`benchmarkNameCounts`: ASCII, each byte a
    /// character), so that a name's characters are its bytes. A change ending in an ASCII
    /// character other than a blank ends the line with no blank to drop; any other (`—`,
    /// where the change has no figure) is left to the cells' path: false, nothing written.
    /// `nameFields`: where the rows' file keeps scenario, params, sweep and variant.
    private func appendCompactLine(
        _ index: Int, change: UnsafeBufferPointer<UInt8>, widths: [Int], nameFields: [Int?],
        lines: inout FittedLines, to output: inout TextOutput
    ) -> Bool {
        guard let last = change.last, last < 0x80, last != UInt8(ascii: " "),
            !(9...13).contains(last)
        else { return false }
        var label = verdicts.verdict(at: index).label
        var metric = verdicts.metric(at: index).rawValue
        let table = verdicts.rows
        let row = verdicts.row(at: index)
        let changeScalars = CharacterCount.scalarsIfEachIsACharacter(change)
        let changeCount = changeScalars ?? CharacterCount.of(change)
        // Every line of the table is as wide, its last column aligned right: where that is
        // wider than the lines may be, each is fitted, its runs of blanks read as one, so
        // its padding is not written (`FittedLines.appendTooWide`).
        let tooWide =
            changeScalars != nil
            && lines.width.map { 2 + widths[0] + 2 + widths[1] + 2 + widths[2] > $0 } == true
        label.withUTF8 { label in
            metric.withUTF8 { metric in
                table.bytes.withUnsafeBufferPointer { bytes in
                    func part(_ field: Int?) -> UnsafeBufferPointer<UInt8> {
                        guard let field else { return UnsafeBufferPointer(start: nil, count: 0) }
                        return UnsafeBufferPointer(
                            rebasing: bytes[table.range(row: row, field: field)])
                    }
                    let scenario = part(nameFields[0])
                    let parameters = part(nameFields[1])
                    let sweep = part(nameFields[2])
                    let variant = part(nameFields[3])
                    // The name, then its metric.
                    let nameCount =
                        ResultIdentity.benchmarkNameCount(
                            scenario: scenario.count, parameters: parameters.count,
                            sweep: sweep.count, variant: variant.count) + 1 + metric.count
                    let room =
                        2 + label.count + widths[0] + 2 + nameCount + widths[1] + 2 + widths[2]
                        + change.count
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                        var line = StackBytes(start: buffer.baseAddress!, room: room)
                        if !tooWide { line.addBlanks(2) }
                        line.add(label)
                        line.addBlanks(
                            tooWide ? 1 : max(widths[0] - CharacterCount.of(label), 0) + 2)
                        ResultIdentity.addBenchmarkName(
                            scenario: scenario, parameters: parameters, sweep: sweep,
                            variant: variant, to: &line)
                        line.add(UInt8(ascii: " "))
                        line.add(metric)
                        line.addBlanks(
                            tooWide
                                ? 1
                                : max(widths[1] - nameCount, 0) + 2
                                    + max(widths[2] - changeCount, 0))
                        line.add(change)
                        let written = UnsafeBufferPointer(start: line.start, count: line.count)
                        if tooWide {
                            lines.appendTooWide(indent: 2, words: written, to: &output)
                        } else {
                            lines.append(line: written, to: &output)
                        }
                    }
                }
            }
        }
        return true
    }

    /// Every column: both figures, the metric and the basis of the verdict apart.
    private func wideTable(_ rows: Range<Int>) -> TextTable.Lines {
        var table = TextTable(header: [
            "verdict", "configuration", "variant", "metric", "basis", "baseline", "current",
            "change", "95% CI of change", "why",
        ])
        table.leftAligned = [0, 1, 2, 3, 4, 9]
        for index in rows {
            let row = verdicts[index]
            table.rows.append([
                row.verdict.label, row.identity.configuration, row.identity.variant,
                row.metric.rawValue, row.basis.rawValue, row.formatted(row.baseline),
                row.formatted(row.current), row.changeText, row.intervalText, row.note,
            ])
            for line in functionLines(row, indent: "", width: nil) {
                table.rows.append(Array(repeating: "", count: 9) + [line])
            }
        }
        return TextTable.Lines(table, indent: "  ")
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
        let flagged = verdicts(where: {
            [.regression, .improvement, .movedWithBaseline, .layoutShift].contains($0)
        })
        if !flagged.isEmpty {
            lines += markdownTable(flagged)
            lines.append("")
            lines += markdownFunctions(flagged)
        }
        let folded = verdicts(where: { $0 == .unchanged || $0 == .notJudged })
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

    /// The verdicts that `isIncluded` keeps, each made whole: only those.
    private func verdicts(where isIncluded: (MetricComparison.Verdict) -> Bool)
        -> [MetricComparison]
    {
        verdicts.indices.filter { isIncluded(verdicts.verdict(at: $0)) }.map { verdicts[$0] }
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
        // Nearly every cell holds none of them: returned as it is, found among its bytes.
        guard
            text.utf8.contains(where: {
                $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                    || $0 == UInt8(ascii: "\n")
            })
        else { return text }
        return text.replacingOccurrences(of: "|", with: "\\|")
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
