import Foundation

/// `simbench report`: results files as one self-contained HTML page.
///
/// Per scenario, in the order the rows first name them: the title and what one event is,
/// the one-line answers (what each pattern adds per event and per entity, and its
/// break-even: the sentences `run` prints under its table), every chart the rows allow
/// (ratios, sweep, scaling, allocations, history) and a table of every row (sortable by a
/// few lines of inline script). The environment the runs measured on is given once, after
/// the last scenario: one run's host and build are the same for all its scenarios, so a
/// block per scenario only repeated it. Nothing is fetched: the SVG, the CSS and the script
/// are inline, so the page opens from disk and prints with each scenario starting a page.
/// The same rows give the same page. What it shows is bounded by `ChartLimits` (sections,
/// chart elements, table rows), and whatever is left out is said on the page.
public enum HTMLReport {
    /// What the catalog says of a scenario, for its heading.
    public struct Scenario: Sendable {
        public let name: String
        public let title: String
        /// What one event is: "customer action (putMoney, …)".
        public let event: String
        /// What one entity is: "vending machine".
        public let entity: String

        public init(name: String, title: String, event: String, entity: String) {
            self.name = name
            self.title = title
            self.event = event
            self.entity = entity
        }
    }

    /// The charts a scenario's section may hold, in the order they are shown.
    /// Where the instructions go (`mechanisms`) comes first, right after the answers that
    /// sum it up.
    static let sectionCharts: [ChartKind] = [
        .mechanisms, .ratios, .processes, .sweep, .scaling, .allocs, .history,
    ]

    /// The columns the environment block shows, each with its distinct values.
    static let environmentColumns: [ResultColumn] = [
        .host, .cpu, .cores, .os, .swiftVersion, .buildConfig, .buildFlags, .gitCommit, .runID,
        .timestamp,
        .loadAverage, .processes, .seed,
    ]

    /// What a report may still draw: `ChartLimits`' report-wide bounds, spent section by
    /// section in the order shown.
    struct Budget {
        var chartElements = ChartLimits.elementsPerReport
        var tableRows = ChartLimits.tableRowsPerReport
    }

    /// The page for `records`, read from `sources`.
    ///
    /// Bounded whatever the rows: at most `ChartLimits.sectionsPerReport` sections, charts
    /// within `ChartLimits.elementsPerReport` elements and tables within
    /// `ChartLimits.tableRowsPerReport` rows in all; what is left out is said on the page.
    /// The captions name run settings by `settingName` (a command line: by its flags).
    public static func render(
        _ records: [ResultsRecord], scenarios: [Scenario], sources: [String],
        settingName: (RunSetting) -> String = { $0.optionName }
    ) -> String {
        String(
            decoding: renderBytes(
                records, scenarios: scenarios, sources: sources, settingName: settingName),
            as: UTF8.self)
    }

    /// `render`'s document as its UTF-8 bytes, which `simbench report` writes: its charts are
    /// inlined as the bytes they were drawn in, with no text made of them.
    public static func renderBytes(
        _ records: [ResultsRecord], scenarios: [Scenario], sources: [String],
        settingName: (RunSetting) -> String = { $0.optionName }
    ) -> [UInt8] {
        let allScenarios = groupedByScenario(records)
        let byScenario = allScenarios.prefix(ChartLimits.sectionsPerReport)
        let catalog = Dictionary(
            scenarios.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let start =
            documentStart(title: "simbench report", style: style) + """
                <header>
                <h1>simbench report</h1>
                <p>From \(sources.map { "<code>\(escaped(ChartText.clipped($0)))</code>" }.joined(separator: ", ")): \(records.count) rows, \(allScenarios.count) scenarios.
                The headline is CPU time per event, what a pattern costs on one core: a CPU ratio is a variant's median CPU time per event over its scenario's baseline variant's. Wall ns/event is the fleet's throughput on the host's cores. Intervals are 95%: over several processes, Student's t over the processes for the ratios and ns added, plus the drift between runs that processes cannot show (they hold a re-run), an absolute time's holding that run only; in one process, a bootstrap of its rounds.</p>
                <nav><ul>
                """
        var html = [UInt8]()
        html.reserveCapacity(ChartLimits.reportBytesReserved)
        html += start.utf8
        html += "\n".utf8
        if RunSummary.hasRows(records) {
            html += "<li><a href=\"#summary\">Summary</a></li>\n".utf8
        }
        for group in byScenario {
            html +=
                "<li><a href=\"#\(anchor(group.key))\">\(escaped(ChartText.clipped(group.key)))</a></li>\n"
                .utf8
        }
        html += "<li><a href=\"#environment\">Environment</a></li>\n".utf8
        html += "</ul></nav>\n".utf8
        if allScenarios.count > byScenario.count {
            html +=
                ("<p class=\"left-out\">Only the first \(NumberFormat.grouped(byScenario.count)) of "
                + "\(NumberFormat.grouped(allScenarios.count)) scenarios are shown; report fewer files, or filter the CSV.</p>\n")
                .utf8
        }
        html += "</header>\n<main>\n".utf8
        var budget = Budget()
        appendSummary(records, budget: &budget, to: &html)
        for group in byScenario {
            section(
                group.key, group.records, scenario: catalog[group.key], budget: &budget,
                settingName: settingName, into: &html)
        }
        html += "</main>\n".utf8
        html += ("<footer>\n" + environment(records) + "</footer>\n").utf8
        html += "<script>\(script)</script>\n</body>\n</html>\n".utf8
        return html
    }

    /// `ChartRows.grouped(records) { $0[.scenario] }`: a row naming the scenario of the row
    /// before it (nearly every row) joins that row's group, told from the bytes, with no
    /// string made nor hashed.
    static func groupedByScenario(_ records: [ResultsRecord])
        -> [(key: String, records: [ResultsRecord])]
    {
        ChartRows.groupedInStretches(
            records, repeats: { $0.hasSameCell(.scenario, as: $1) }, key: { $0[.scenario] })
    }

    static func section(
        _ name: String, _ records: [ResultsRecord], scenario: Scenario?, budget: inout Budget,
        settingName: (RunSetting) -> String, into page: inout [UInt8]
    ) {
        let shownName = escaped(ChartText.clipped(name))
        var html =
            "<section class=\"scenario\" id=\"\(anchor(name))\" data-scenario=\"\(shownName)\">\n"
        html += "<h2>\(shownName)\(scenario.map { " — " + escaped($0.title) } ?? "")</h2>\n"
        let event = scenario?.event ?? records.first { !$0[.eventUnit].isEmpty }?[.eventUnit] ?? ""
        if !event.isEmpty {
            html += "<p class=\"event\">One event: \(escaped(ChartText.clipped(event)))"
            if let entity = scenario?.entity { html += " · one machine: a \(escaped(entity))" }
            html += ". Times are per event.</p>\n"
        }
        html += answers(records, scenario: scenario)
        // The text so far goes onto the page before each chart's bytes.
        page += html.utf8
        html = ""
        for kind in sectionCharts {
            let svg: SVGDocument
            do {
                // A chart sure to pass what the budget holds is left out before it is drawn:
                // its document's lines beside its elements count too.
                guard
                    let drawn = try Charts.document(
                        kind, records: records,
                        room: budget.chartElements - SVGCanvas.documentLines)
                else { continue }
                svg = drawn
            } catch .pastRoom {
                html += pastBudget(kind, budget: budget)
                continue
            } catch {
                html +=
                    "<p class=\"left-out\" data-chart=\"\(kind.rawValue)\">"
                    + "The \(kind.rawValue) chart is left out: \(escaped(error.description)).</p>\n"
                continue
            }
            // One element a line (`SVGCanvas.document`).
            let elements = svg.lineCount(lineCount)
            guard elements <= budget.chartElements else {
                html += pastBudget(kind, budget: budget)
                continue
            }
            budget.chartElements -= elements
            html += "<figure class=\"chart\" data-chart=\"\(kind.rawValue)\">\n"
            page += html.utf8
            html = ""
            svg.append(to: &page)
            html +=
                "<figcaption>\(escaped(kind.summary.rendered(naming: settingName)))</figcaption>\n</figure>\n"
        }
        let shown = records.prefix(budget.tableRows)
        budget.tableRows -= shown.count
        html += table(Array(shown))
        if shown.count < records.count {
            html +=
                "<p class=\"left-out\">The table shows \(NumberFormat.grouped(shown.count)) of the scenario's "
                + "\(NumberFormat.grouped(records.count)) rows (a report shows "
                + "\(NumberFormat.grouped(ChartLimits.tableRowsPerReport)) in all); the CSV holds them all.</p>\n"
        }
        html += "</section>\n"
        page += html.utf8
    }

    /// The note for a `kind` chart left out because the charts before it hold nearly all the
    /// elements a report may.
    private static func pastBudget(_ kind: ChartKind, budget: Budget) -> String {
        let held = NumberFormat.grouped(ChartLimits.elementsPerReport - budget.chartElements)
        return
            "<p class=\"left-out\" data-chart=\"\(kind.rawValue)\">The \(kind.rawValue) chart is left out: "
            + "the report's charts already hold \(held) elements, near its bound of "
            + "\(NumberFormat.grouped(ChartLimits.elementsPerReport)); plot it alone with simbench plot.</p>\n"
    }

    /// The table's columns: a heading and the cell of a row, with the number it sorts by.
    private static let tableColumns:
        [(heading: String, cell: @Sendable (ResultsRecord) -> (text: String, sort: Double?))] = [
            ("params", { ($0[.parameters], nil) }),
            ("machines", { count($0, .machines) }),
            ("events each", { count($0, .eventsPerMachine) }),
            ("actors", { count($0, .actors) }),
            ("variant", { ($0[.variant], nil) }),
            ("role", { ($0[.role], nil) }),
            ("status", { ($0[.status], nil) }),
            ("CPU ns/event", { figure($0, .cpuNsPerEventMedian) }),
            ("wall ns/event", { figure($0, .nsPerEventMedian) }),
            (
                "95% CI",
                {
                    (
                        $0.isOK
                            ? NumberFormat.interval(
                                $0.number(.nsPerEventCILow), $0.number(.nsPerEventCIHigh)) : "—",
                        $0.number(.nsPerEventCILow)
                    )
                }
            ),
            ("CPU ratio", { ratio($0, .cpuRatioToBaseline) }),
            (
                "CPU ratio 95% CI",
                {
                    (
                        NumberFormat.interval(
                            $0.number(.cpuRatioCILow), $0.number(.cpuRatioCIHigh), ratio: true),
                        $0.number(.cpuRatioCILow)
                    )
                }
            ),
            ("wall ratio", { ratio($0, .ratioToBaseline) }),
            ("net of floor", { ratio($0, .ratioNetOfFloor) }),
            ("modes", { count($0, .modes) }),
            figureColumn(.allocationsPerEvent),
            figureColumn(.instructionsPerEvent),
            figureColumn(.estimatedCyclesPerEvent),
            ("run", { (String($0[.runID].prefix(19)), nil) }),
        ]

    private static func count(_ record: ResultsRecord, _ column: ResultColumn) -> (String, Double?)
    {
        guard let value = record.number(column) else { return ("—", nil) }
        return (ChartText.count(value), value)
    }

    /// A figure's column of the table, under the heading the figure declares.
    private static func figureColumn(
        _ column: ResultColumn
    ) -> (String, @Sendable (ResultsRecord) -> (String, Double?)) {
        (column.heading, { figure($0, column) })
    }

    private static func figure(_ record: ResultsRecord, _ column: ResultColumn) -> (String, Double?)
    {
        guard let value = record.number(column) else { return ("—", nil) }
        return (NumberFormat.significant(value), value)
    }

    private static func ratio(_ record: ResultsRecord, _ column: ResultColumn) -> (String, Double?)
    {
        guard let value = record.number(column) else { return ("—", nil) }
        return (NumberFormat.ratio(value), value)
    }

    private static func table(_ records: [ResultsRecord]) -> String {
        var html = "<div class=\"table-scroll\"><table class=\"results\">\n<thead><tr>"
        for column in tableColumns {
            html += "<th scope=\"col\" title=\"click to sort\">\(escaped(column.heading))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for record in records {
            html += "<tr>"
            for column in tableColumns {
                let cell = column.cell(record)
                // Swift's shortest exact form (`1.7976931348623157e+308`), which parseFloat reads.
                let sort = cell.sort.map { " data-sort=\"\($0)\"" } ?? ""
                html += "<td\(sort)>\(escaped(ChartText.clipped(cell.text)))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table></div>\n"
    }

    /// The run's summary, one row per pattern (`RunSummary`, the table `run` ends with),
    /// every column, bounded by the report's table rows. Rows measured on several processors
    /// give the summary across hosts instead (`RunSummary.acrossHosts`): a line per pattern
    /// with the range of its CPU ratio and a column per host.
    static func summary(_ records: [ResultsRecord], budget: inout Budget) -> String {
        var html = [UInt8]()
        appendSummary(records, budget: &budget, to: &html)
        return String(decoding: html, as: UTF8.self)
    }

    /// Appends `summary(records, budget:)` to `page`, its table's cells escaped straight into
    /// the page's bytes: a summary has up to `ChartLimits.tableRowsPerReport` rows.
    static func appendSummary(
        _ records: [ResultsRecord], budget: inout Budget, to page: inout [UInt8]
    ) {
        // Only the rows the budget shows are made; the others are counted.
        let rowCount = RunSummary.rowCount(records)
        guard rowCount > 0 else { return }
        let shown = RunSummary.rows(records, limit: budget.tableRows)
        budget.tableRows -= shown.count
        let hosts = RunSummary.processors(Array(shown)).count
        let table =
            hosts > 1 ? RunSummary.acrossHosts(Array(shown)) : RunSummary.table(Array(shown))
        var html = "<section id=\"summary\"><h2>Summary</h2>\n"
        if hosts > 1 {
            html +=
                "<p class=\"hosts\">Measured on \(hosts) processors, each named by its CPU and, where its file records it, "
                + "its family, model, stepping and caches: each pattern's CPU ratio on each host, with its 95% interval, "
                + "and its range over them. A ratio moves with the CPU; the scenarios' answers give each run's figures.</p>\n"
        }
        html += "<div class=\"table-scroll\"><table class=\"results\">\n<thead><tr>"
        for header in table.header { html += "<th scope=\"col\">\(escaped(header))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        page += html.utf8
        for row in table.rows {
            StackBytes.append("<tr>", to: &page)
            for cell in row {
                StackBytes.append("<td>", to: &page)
                SVGCanvas.appendEscaped(cell, clipped: true, to: &page)
                StackBytes.append("</td>", to: &page)
            }
            StackBytes.append("</tr>\n", to: &page)
        }
        html = "</tbody>\n</table></div>\n"
        if shown.count < rowCount {
            html +=
                "<p class=\"left-out\">Only the first \(NumberFormat.grouped(shown.count)) of \(NumberFormat.grouped(rowCount)) patterns are shown.</p>\n"
        }
        page += (html + "</section>\n").utf8
    }

    /// The one-line answers of a scenario's patterns (`PatternAnswer`), the sentences `run`
    /// prints under its table: one per pattern, measured configuration and run. When the
    /// rows hold several runs (several files, a history), every run's answers are shown, each
    /// list headed by its configuration and its run, so that no run's answer hides another's
    /// whatever the order of the files; with several configurations (a sweep, several
    /// parameters) each list is headed by its configuration. Empty when no row has the
    /// overhead columns.
    static func answers(_ records: [ResultsRecord], scenario: Scenario?) -> String {
        let byRun = holdsSeveral(.runID, records)
        // An answer per configuration and variant, from the latest row; only the answers
        // shown are made, the others are counted. Each is found by its configuration (keyed
        // by its cells, `configurationColumns`, hashed only where a row's differ from the
        // answer's before: a run lists a configuration's variants together), then by its
        // variant's cell among that configuration's.
        let configurationColumns = ChartRows.configurationColumns(byRun: byRun)
        let variantColumn = [ResultColumn.variant]
        // Each answer's latest row, and the answers of each configuration in the order first
        // met, with the configuration's first row (for its title) and its answers by variant.
        var latestRow = [ResultsRecord]()
        var configurationIndex = [RowKey: Int]()
        var configurations = [(first: ResultsRecord, slots: [Int])]()
        // A configuration's answers by variant: found by a scan of its few slots' variant
        // cells, which decides alone while every one is ASCII (equal text is then equal
        // bytes); by the variant's key (`RowKey`) once one is not, or past `scannedSlots`.
        var slotsByVariant = [[RowKey: Int]?]()
        let scannedSlots = 16
        var previous: (record: ResultsRecord, configuration: Int)?
        var repeated = RepeatedCells(configurationColumns)
        for (index, record) in records.enumerated() {
            ResultsRecord.prefetch(records, at: index)
            guard PatternAnswer.gives(record) else { continue }
            let configuration: Int
            if let previous, repeated.same(record, as: previous.record) {
                configuration = previous.configuration
            } else {
                let key = RowKey(record, configurationColumns)
                if let known = configurationIndex[key] {
                    configuration = known
                } else {
                    configuration = configurations.count
                    configurationIndex[key] = configuration
                    configurations.append((record, []))
                    slotsByVariant.append(nil)
                }
            }
            previous = (record, configuration)
            // The slots read in place, not held as a copy: a copy alive at the append below
            // would make it copy the whole array.
            if slotsByVariant[configuration] == nil,
                configurations[configuration].slots.count >= scannedSlots
                    || !record.withCell(.variant, { $0.allSatisfy { $0 < 0x80 } })
            {
                slotsByVariant[configuration] = Dictionary(
                    configurations[configuration].slots.map {
                        (RowKey(latestRow[$0], variantColumn), $0)
                    },
                    uniquingKeysWith: { first, _ in first })
            }
            let known: Int?
            if slotsByVariant[configuration] == nil {
                known = configurations[configuration].slots.first {
                    latestRow[$0].hasSameCell(.variant, as: record)
                }
            } else {
                let variant = RowKey(record, variantColumn)
                known = slotsByVariant[configuration]?[variant]
                if known == nil { slotsByVariant[configuration]?[variant] = latestRow.count }
            }
            if let known {
                latestRow[known] = record
                continue
            }
            configurations[configuration].slots.append(latestRow.count)
            latestRow.append(record)
        }
        guard !latestRow.isEmpty else { return "" }
        let limit = ChartLimits.answersPerScenario
        let shownRows = configurations.lazy.flatMap(\.slots).prefix(limit).map { latestRow[$0] }
        // Each run's baseline per configuration, for where the counted instructions go: the
        // last of its rows, found for the configurations shown. Looked for from the last row
        // back, the first met is the last, and the search ends once each is found: the rows
        // shown are the latest, whose runs close a history, not every baseline row keyed.
        let shownRuns = Set(shownRows.map { ChartRows.configurationKey($0, byRun: true) })
        var baselines = [RowKey: ResultsRecord]()
        for record in records.reversed() where record.isBaselineVariant && record.isOK {
            guard baselines.count < shownRuns.count else { break }
            let key = ChartRows.configurationKey(record, byRun: true)
            if shownRuns.contains(key), baselines[key] == nil { baselines[key] = record }
        }
        // The entity is the catalog's, the same for every row.
        let entity = scenario.map { PatternAnswer.noun($0.entity) }
        func shownAnswer(_ record: ResultsRecord) -> PatternAnswer? {
            guard var answer = PatternAnswer(record: record) else { return nil }
            answer.instructionsAdded = PatternAnswer.instructionsAdded(
                MechanismSplit(record: record),
                over: baselines[ChartRows.configurationKey(record, byRun: true)].flatMap(
                    MechanismSplit.init(record:))
            )
            // The section names the scenario, and the catalog knows its entity.
            answer.variant = record[.variant]
            if let entity { answer.entity = entity }
            return answer
        }
        var html = "<section class=\"answers\"><h3>What each pattern adds</h3>\n"
        var shown = 0
        for configuration in configurations where shown < limit {
            if configurations.count > 1 {
                var title = ChartRows.title(configuration.first)
                if byRun { title += " · " + runLabel(configuration.first) }
                html += "<p class=\"configuration\">\(escaped(ChartText.clipped(title)))</p>\n"
            }
            html += "<ul>\n"
            for slot in configuration.slots.prefix(limit - shown) {
                let answer = shownAnswer(latestRow[slot])
                html += "<li>\(escaped(ChartText.clipped(answer?.costSentence ?? "")))"
                // The split of a row with modes, clipped on its own: it must not be cut off.
                if let split = answer?.modes.flatMap(PatternAnswer.split) {
                    html += "<br><span class=\"modes\">\(escaped(ChartText.clipped(split)))</span>"
                }
                html += "</li>\n"
                shown += 1
            }
            html += "</ul>\n"
        }
        let answers = latestRow.count
        if shown < answers {
            html +=
                "<p class=\"left-out\">\(NumberFormat.grouped(shown)) of the scenario's "
                + "\(NumberFormat.grouped(answers)) answers are shown; "
                + "the table and the CSV hold them all.</p>\n"
        }
        return html + "</section>\n"
    }

    /// Whether `records` hold two or more distinct cells of `column`, as
    /// `ResultsRecord.distinct(column, of: records).count > 1` says: the first cell that
    /// differs from the first row's answers, with no set of them made.
    static func holdsSeveral(_ column: ResultColumn, _ records: [ResultsRecord]) -> Bool {
        guard let first = records.first else { return false }
        let text = first[column]
        // Cells of other bytes may still be equal text (canonical equivalence).
        return records.contains { !$0.hasSameCell(column, as: first) && $0[column] != text }
    }

    /// `run 2026-11-30T14:00:00Z-1a2b on vm`: a run's id and its host.
    static func runLabel(_ record: ResultsRecord) -> String {
        let host = record[.host].isEmpty ? "" : " on \(record[.host])"
        return "run \(record[.runID])\(host)"
    }

    /// The environment of every row, once for the page: each column's distinct values.
    private static func environment(_ records: [ResultsRecord]) -> String {
        var html = "<section class=\"environment\" id=\"environment\"><h2>Environment</h2>\n<dl>\n"
        // Each column's distinct values in the order first met, every column in one pass
        // over the rows (a pass per column brought the whole file through the cache again
        // for each).
        var valuesByColumn = [[String]](repeating: [], count: environmentColumns.count)
        var seen = [Set<String>](repeating: [], count: environmentColumns.count)
        // The columns by the runs of fields they lie in, found again for each table.
        var spans = [(fields: Range<Int>, columns: [Int])]()
        records.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                let row = rows[index]
                guard index > 0, row.table === rows[index - 1].table else {
                    spans = row.fieldSpans(of: environmentColumns)
                    for number in environmentColumns.indices { note(number, of: row) }
                    continue
                }
                for span in spans {
                    // Cells that repeat the row before's (nearly every one) were seen
                    // already: compared as bytes, a run of fields at once, no string made.
                    if row.hasSameFields(span.fields, as: rows[index - 1]) { continue }
                    for number in span.columns
                    where !row.hasSameCell(environmentColumns[number], as: rows[index - 1]) {
                        note(number, of: row)
                    }
                }
            }
        }
        func note(_ number: Int, of row: ResultsRecord) {
            let value = row[environmentColumns[number]]
            if !value.isEmpty, seen[number].insert(value).inserted {
                valuesByColumn[number].append(value)
            }
        }
        for (column, values) in zip(environmentColumns, valuesByColumn) {
            guard !values.isEmpty else { continue }
            let limit = ChartLimits.valuesPerEnvironmentEntry
            var shown = values.prefix(limit).map { escaped(ChartText.clipped($0)) }
            if values.count > limit {
                shown.append("and \(NumberFormat.grouped(values.count - limit)) more")
            }
            html += "<dt>\(column.name)</dt><dd>\(shown.joined(separator: "<br>"))</dd>\n"
        }
        return html + "</dl>\n</section>\n"
    }

    /// The line feeds in `text`, counted among its bytes where they lie (a report's charts
    /// are megabytes).
    static func lineCount(_ text: String) -> Int {
        var text = text
        return text.withUTF8(lineCount)
    }

    /// The line feeds in `bytes`: `lineCount` of their text.
    static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        // From line feed to line feed (`memchr`, which reads many bytes a step): a chart's
        // lines are a hundred bytes or so, and a report counts millions.
        guard var at = bytes.baseAddress else { return 0 }
        let end = at + bytes.count
        var count = 0
        while at < end,
            let found = memchr(at, Int32(UInt8(ascii: "\n")), end - at)
        {
            count &+= 1
            at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }

    /// An id for `name` made of letters, digits and dashes.
    static func anchor(_ name: String) -> String {
        "scenario-" + String(ChartText.clipped(name).map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    static func escaped(_ text: String) -> String { SVGCanvas.escaped(text) }

    /// A page's start, up to and with `<body>`: `title` (escaped) and `style` inline.
    static func documentStart(title: String, style: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escaped(title))</title>
        <style>\(style)</style>
        </head>
        <body>

        """
    }

    private static let style = """
        body{font-family:sans-serif;margin:1.5em auto;max-width:800px;color:#222;padding:0 1em}
        h1{font-size:1.6em}h2{font-size:1.3em;border-bottom:1px solid #ccc;padding-bottom:.2em}
        section.answers ul{margin:.3em 0 .8em;padding-left:1.2em}
        p.configuration{margin:.6em 0 0;font-weight:bold;font-size:.9em}
        figure{margin:1em 0}figure svg{max-width:100%;height:auto}figcaption{font-size:.85em;color:#555}
        .table-scroll{overflow-x:auto}
        table.results{border-collapse:collapse;font-size:.8em;margin:1em 0}
        table.results th,table.results td{border:1px solid #ccc;padding:2px 5px;text-align:right}
        table.results th{background:#f2f2f2;cursor:pointer}
        dl{display:grid;grid-template-columns:max-content auto;gap:2px 1em;font-size:.85em}dt{font-weight:bold}dd{margin:0}
        @media print{nav{display:none}section.scenario{break-before:page}figure,table{break-inside:avoid}body{max-width:none}.table-scroll{overflow:visible}}
        """

    /// Sorts a table by the clicked column: numbers by their `data-sort`, text as text;
    /// a second click reverses.
    private static let script = """
        document.querySelectorAll('table.results th').forEach(function(th){th.addEventListener('click',function(){
        var table=th.closest('table'),body=table.tBodies[0],index=th.cellIndex,up=th.dataset.order!=='up';
        table.querySelectorAll('th').forEach(function(h){delete h.dataset.order});th.dataset.order=up?'up':'down';
        var rows=Array.prototype.slice.call(body.rows);rows.sort(function(a,b){
        var x=a.cells[index],y=b.cells[index],p=x.dataset.sort,q=y.dataset.sort,c;
        if(p!==undefined&&q!==undefined){c=parseFloat(p)-parseFloat(q)}else{c=x.textContent.localeCompare(y.textContent)}
        return up?c:-c});rows.forEach(function(r){body.appendChild(r)})})});
        """
}
