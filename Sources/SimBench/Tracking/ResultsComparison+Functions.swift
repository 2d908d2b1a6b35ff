/// Which functions moved, in the reports: under each row whose counted instructions changed
/// (and under every counted row with `listsEveryRowsFunctions`), the functions whose own
/// instructions per event moved most (`FunctionDiff`), from the rows' `functions` columns.
extension ResultsComparison {
    /// The functions shown under `row`: an instructions verdict between rows that list
    /// their functions, flagged, or any such row with `listsEveryRowsFunctions`.
    func shownFunctions(_ row: MetricComparison) -> FunctionDiff? {
        guard row.metric == .instructions, let functions = row.functions else { return nil }
        guard listsEveryRowsFunctions || [.regression, .improvement].contains(row.verdict)
        else { return nil }
        return functions
    }

    /// The text report's lines under `row`: a heading and a line a function, or that none
    /// moved, each after `indent` and wrapped to `width` (not at all when nil); empty when
    /// the row shows none.
    func functionLines(_ row: MetricComparison, indent: String, width: Int?) -> [String] {
        guard let functions = shownFunctions(row) else { return [] }
        let lines =
            functions.changes.isEmpty
            ? ["functions: none moved"]
            : ["functions that moved (self instr/event, share of the row's change):"]
                + functions.lines.map { "  " + $0 }
        return lines.flatMap { line -> [String] in
            let lead = indent + line.prefix { $0 == " " }
            guard let width else { return [indent + line] }
            return ResultsComparison.wrap(line, width: max(20, width - lead.count - 4))
                .enumerated().map { lead + ($0.offset == 0 ? "" : "    ") + $0.element }
        }
    }

    /// The Markdown under the flagged table: a folded table per row that shows functions.
    func markdownFunctions(_ rows: [MetricComparison]) -> [String] {
        var lines = [String]()
        for row in rows {
            guard let functions = shownFunctions(row), !functions.changes.isEmpty else { continue }
            lines += [
                "<details><summary>`\(row.identity.benchmarkName)` instructions \(row.changeText): the functions that moved</summary>",
                "",
                "| function | mechanism | baseline | current | change | share of the row's change |",
                "|---|---|--:|--:|--:|--:|",
            ]
            for change in functions.changes {
                let share = functions.share(of: change).map(FunctionDiff.percent)
                let cells = [
                    "`\(change.name)`"
                        + (FunctionDiff.sideNote(change.side).map { " (\($0))" } ?? ""),
                    change.mechanism.rawValue,
                    change.baseline.map { NumberFormat.significant($0) } ?? "—",
                    change.current.map { NumberFormat.significant($0) } ?? "—",
                    FunctionDiff.signed(change.change), share ?? "—",
                ]
                lines.append("| " + cells.map(escape).joined(separator: " | ") + " |")
            }
            lines += ["", "</details>", ""]
        }
        return lines
    }
}
