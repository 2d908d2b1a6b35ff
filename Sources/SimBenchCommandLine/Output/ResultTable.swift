import Foundation
import SimBench
import SimBenchCore

/// The terminal report of a run: a header of three lines (the build and host, the run's
/// shape and what this host cannot measure, what the intervals hold), then one table per
/// scenario configuration, each with at most one warning line, then what is said once for
/// all of them: the columns left out, the legend of `—`, the warnings' advice.
///
/// By default each table is compact (variant, CPU ns/event, CPU ratio with its CI, net of
/// floor, allocations per event, wall ns/event with its CI, CV) and the report fits `width`
/// columns, whole columns left out, and named once after the tables, until it does; `--wide`
/// shows every column, as wide as it takes, and the setup of each configuration in full.
/// The run's summary (`RunSummary`) follows the results file's path: `RunCommand` prints it
/// last.
struct ResultTable {
    let result: RunResult
    let plan: RunPlan
    /// The rows of each configuration of `result.configurations`, in its order.
    let rowGroups: [[ResultRow]]
    /// Every column, no width limit (`--wide`).
    var wide = false
    /// The terminal's width (`Terminal.width`).
    var width = Terminal.width

    func render() -> String {
        let report = fullReport()
        return wide ? report : TextWrap.fit(report, width: width)
    }

    /// The host as the header names it: one field, its CPU (the name and the identity that
    /// tells one generation from another: in full with `--wide`, else its family and model)
    /// and cores.
    static func host(of environment: RunEnvironment, wide: Bool) -> String {
        let cpu = wide ? environment.cpuDescription : environment.briefCPUDescription
        return "\(cpu), \(environment.cores) cores"
    }

    /// The header: the build and host; the run's shape and what this host cannot measure;
    /// what the intervals hold (in full with `--wide`).
    func header() -> [String] {
        let environment = result.environment
        var machine = [
            "\(environment.buildConfiguration) build",
            "Swift \(environment.swiftVersion)", ResultTable.host(of: environment, wide: wide),
        ]
        if !environment.gitCommit.isEmpty {
            // Seven digits name a commit to git; the CSV keeps the longer form.
            let commit = environment.gitCommit
            let dirty = commit.hasSuffix("+dirty") ? "+dirty" : ""
            machine.append("commit \(wide ? commit : String(commit.prefix(7)) + dirty)")
        }
        var shape = ["\(values(plan.machines)) \(entityNoun)"]
        // The harness's fleet: an asynchronous scenario runs from one worker and spreads the
        // work itself, which its table's note says, so it adds no actor count here.
        var actors = [Int]()
        for configuration in plan.configurations
        where !configuration.entry.isAsynchronous && !actors.contains(configuration.actors) {
            actors.append(configuration.actors)
        }
        if !actors.isEmpty {
            let noun = actors == [1] ? "actor" : "actors"
            shape.append("\(values(actors)) \(noun)" + actorsReason(actors))
        }
        if let spread = spreadPhrase() { shape.append(spread) }
        shape.append("seed \(plan.seed)")
        if !plan.sweeps.isEmpty {
            shape.append(
                "sweep of \(plan.sweeps.map(\.setting.flag).joined(separator: ", ")), a table per point"
            )
        }
        if wide {
            machine.insert(BenchmarkTool.running.version, at: 0)
            shape += ["run \(environment.runID)", environment.timestamp]
        }
        var lines = [
            machine.joined(separator: " · "), (shape + result.notes).joined(separator: " · "),
        ]
        let scopes = result.configurations.map(\.intervalScope)
        for scope in scopes.indices.filter({ scopes.firstIndex(of: scopes[$0]) == $0 }) {
            lines.append((wide ? scopes[scope].sentence : scopes[scope].brief).flagged)
        }
        return lines
    }

    /// What the header calls the run's entities: the unit of its scenarios when they share
    /// one (`10,000 drawings`, `1 drawing`), else the tool's word (`10,000 machines`).
    private var entityNoun: String {
        var entries = [ScenarioEntry]()
        for configuration in plan.configurations
        where !entries.contains(where: { $0.name == configuration.entry.name }) {
            entries.append(configuration.entry)
        }
        let units = Set(entries.map { PatternAnswer.noun($0.descriptor.entityUnit) })
        if plan.machines == [1], units.count == 1, let unit = units.first { return unit }
        return BenchmarkTool.entities(of: entries, else: BenchmarkTool.running.entities)
    }

    /// Why the run has that many actors when it was not given them: `(4 per core)`, or
    /// `(one per vending machine)` where there are fewer entities than that. Nothing when
    /// `--actors` gave them.
    private func actorsReason(_ actors: [Int]) -> String {
        guard plan.inputs.options.actors == nil else { return "" }
        let perCore = max(1, plan.inputs.cores) * RunPlan.actorsPerCore
        if actors == [perCore] { return " (\(RunPlan.actorsPerCore) per core)" }
        let units = Set(
            plan.configurations.map { PatternAnswer.noun($0.entry.descriptor.entityUnit) })
        let each = units.count == 1 ? units.first! : "entity"
        return " (\(RunPlan.actorsPerCore) per core, never more than one per \(each))"
    }

    /// `5 processes × 2 rounds over 20 s`; a spread cut short says why, and what its
    /// intervals rest on.
    private func spreadPhrase() -> String? {
        guard plan.processes > 1 else { return nil }
        let rounds = Set(result.configurations.map(\.rounds))
        var processes = "\(plan.processes) processes"
        if rounds.count == 1, let count = rounds.first { processes += " × \(count) rounds" }
        guard let spread = result.spread, spread.used > 0 else { return processes }
        let over = "\(processes) over \(NumberFormat.significant(spread.used, digits: 2)) s"
        guard spread.wasCut else { return over }
        return over
            + " (too little work to spread over the \(NumberFormat.significant(spread.asked, digits: 2)) s of \(RunSetting.span.flag): the intervals rely on their allowance for drift between runs)"
    }

    private func fullReport() -> String {
        var lines = header()
        var dropped = [String]()
        var netHidden = false
        for (configuration, rows) in zip(result.configurations, rowGroups) {
            let block = block(for: configuration, rows: rows)
            lines.append(contentsOf: block.lines)
            for name in block.dropped where !dropped.contains(name) { dropped.append(name) }
            netHidden = netHidden || block.netHidden
        }
        var once = [String]()
        if !dropped.isEmpty { once.append(ResultTable.leftOutLine(dropped, width: width)) }
        if netHidden { once.append(ResultRow.netOfFloorLegend) }
        once += RunWarnings.kinds(in: rowGroups).map {
            "warning: " + RunWarnings.advice($0, in: rowGroups).flagged
        }
        if !once.isEmpty { lines += [""] + once }
        return lines.joined(separator: "\n")
    }

    /// `10,000`, or a sweep's values `1,000 / 10,000 / 100,000`.
    private func values(_ numbers: [Int]) -> String {
        numbers.map(NumberFormat.grouped).joined(separator: " / ")
    }

    /// One configuration's lines, the columns its table left out, and whether it hid a net
    /// ratio that means nothing.
    private func block(
        for configuration: ConfigurationResult, rows configurationRows: [ResultRow]
    ) -> (lines: [String], dropped: [String], netHidden: Bool) {
        let planned = configuration.planned
        let descriptor = planned.entry.descriptor
        var perEntity: String?
        if let growth = configuration.residentGrowth, growth > 0 {
            let bytes = Double(growth) / Double(max(planned.configuration.entities, 1))
            perEntity = "\(NumberFormat.bytes(bytes)) per \(descriptor.entityUnit)"
        }
        var lines = [String]()
        if wide {
            lines.append("")
            lines.append(
                "\(planned.label) — \(descriptor.title) · one event: \(descriptor.eventUnit)")
            if let note = planned.entry.measurementNote { lines.append("  note: \(note)") }
            lines.append(setupLine(configuration, rows: configurationRows, perEntity: perEntity))
        } else if let note = planned.entry.measurementNote {
            // The compact table is headed by its configuration's label (`table`); the title
            // and setup are --wide's.
            lines.append("\(planned.label) note: \(note)")
        }
        // The net ratio only where it means something (`meaningfulNetOfFloor`).
        let baseline = configurationRows.first { $0.role == .baseline }
        var netHidden = false
        let shownRows = configurationRows.map { row in
            var shown = row
            if row.role == .pattern, row.ratioNetOfFloor != nil {
                shown.ratioNetOfFloor = row.meaningfulNetOfFloor(baseline: baseline)
                netHidden = netHidden || shown.ratioNetOfFloor == nil
            }
            return shown
        }
        let table = table(configuration, rows: shownRows, form: wide ? .wide : .compact)
        lines += table.lines
        // A warning about wall times only under a table that shows them; the run's advice
        // after the tables names it anyway.
        let wallShown = !table.dropped.contains(TableColumn.wallHeader)
        let hidden = wallShown ? [] : Set(RunWarnings.Kind.allCases.filter(\.concernsWallTime))
        if let warning = RunWarnings.line(for: configurationRows, leavingOut: hidden) {
            lines.append(warning)
        }
        if wide { lines += sentences(configurationRows, descriptor: descriptor) }
        return (lines, table.dropped, netHidden && !table.dropped.contains(TableColumn.netHeader))
    }

    /// `--wide`'s sentences under a table, one per pattern: what it adds, and the split of a
    /// row whose processes run in modes.
    private func sentences(_ configurationRows: [ResultRow], descriptor: ScenarioDescriptor)
        -> [String]
    {
        let baseline = configurationRows.first { $0.role == .baseline && $0.status == .ok }
        let answers = configurationRows.compactMap { row -> PatternAnswer? in
            var answer = PatternAnswer(
                row: row, eventNoun: PatternAnswer.noun(descriptor.eventUnit),
                entityNoun: PatternAnswer.noun(descriptor.entityUnit))
            answer?.instructionsAdded = PatternAnswer.instructionsAdded(
                row.instructionsByMechanism, over: baseline?.instructionsByMechanism)
            return answer
        }
        guard !answers.isEmpty else { return [] }
        return ["  what each pattern adds:"] + answers.map { "    " + $0.sentence }
    }

    /// `--wide`'s line under a configuration's title: its events, processes and rounds, the
    /// inputs' setup, the memory per entity and the process's peak.
    private func setupLine(
        _ configuration: ConfigurationResult, rows configurationRows: [ResultRow],
        perEntity: String?
    ) -> String {
        let planned = configuration.planned
        let machines = NumberFormat.grouped(planned.configuration.entities)
        let events = NumberFormat.grouped(planned.configuration.eventsPerEntity)
        let actors =
            plan.sweeps.isEmpty
            ? "" : "\(configuration.actors) actor\(configuration.actors == 1 ? "" : "s") · "
        let processes = configuration.processes > 1 ? "\(configuration.processes) processes × " : ""
        let setup = NumberFormat.significant(configurationRows.first?.setupMilliseconds ?? 0)
        var line =
            "  \(machines) × \(events) events = \(NumberFormat.grouped(configuration.events)) events a round · \(actors)\(processes)\(configuration.rounds) rounds after \(configuration.warmupRounds) warm-up · inputs built in \(setup) ms, each variant's own in \"prepare\" (untimed)"
        if let perEntity { line += " · " + perEntity }
        let peaks = Set(configurationRows.compactMap(\.peakResidentBytes))
        let sharedPeak =
            peaks.count == 1 && configurationRows.allSatisfy { $0.peakResidentBytes != nil }
        if sharedPeak, let peak = peaks.first {
            line +=
                " · peak RSS \(NumberFormat.bytes(Double(peak))) (the process's, the same for every variant)"
        }
        return line
    }

    /// The net ratio's interval; a side the rounds cannot bound (a resampled baseline no
    /// dearer than the floor) shows as ∞.
    static func netInterval(_ row: ResultRow) -> String {
        guard let low = row.netRatioBounds.low, let high = row.netRatioBounds.high, !low.isNaN,
            !high.isNaN
        else {
            return "—"
        }
        func bound(_ value: Double) -> String {
            value.isFinite ? NumberFormat.fixed(value, decimals: 2) : (value > 0 ? "∞" : "-∞")
        }
        return "[\(bound(low)), \(bound(high))]"
    }

    /// A row's name in the table: the baseline marked, the floor said for what it is.
    static func label(of row: ResultRow) -> String {
        switch row.role {
        case .baseline: "\(row.variant) (baseline)"
        case .floor: "floor (inputs + recording)"
        default: row.variant
        }
    }

    /// Why a row has no timing.
    static func wrongReason(of row: ResultRow) -> String {
        row.role == .floor
            ? "outcome changed between rounds; no timing"
            : "outcome differs from the baseline; no timing"
    }

    /// The table of one configuration, its columns from `TableColumn`. The compact one fits
    /// a terminal: variant, ns/event and its CI, ratio to the baseline and its CI, CV,
    /// allocations per event, and the ratio to the axis reference where there is one; empty
    /// columns go, then columns in their drop order until it fits. The wide one has them all.
    private func table(
        _ configuration: ConfigurationResult, rows configurationRows: [ResultRow],
        form: TableColumn.Form
    ) -> (lines: [String], dropped: [String]) {
        let axisValues = configuration.axisReference?.axisValues ?? ""
        let columns = TableColumn.shown(
            in: form, axisReference: configuration.axisReference != nil, rows: configurationRows)
        var table = TextTable(
            header: [form == .compact ? configuration.planned.label : "variant"]
                + columns.compactMap { $0.header(in: form, axisValues: axisValues) }
        )
        var wrong = [ResultRow]()
        for row in configurationRows {
            let name = ResultTable.label(of: row)
            guard row.status == .ok, let time = row.nsPerEvent else {
                // The reason goes on a line of its own under the table, which no column's
                // dropping can take away.
                table.rows.append([name, "WRONG"])
                wrong.append(row)
                continue
            }
            table.rows.append([name] + columns.map { $0.cell(row, time, form) })
        }
        var dropped = [String]()
        if form == .compact {
            (table, dropped) = ResultTable.compact(table, width: width, axisValues: axisValues)
        }
        var lines = [table.render()]
        for row in wrong {
            lines.append(contentsOf: difference(of: row, in: configuration))
        }
        return (lines, dropped)
    }

    /// The compact table fitted to `width`: empty columns out, then columns in their drop
    /// order until it fits, the `… CI` headers then read `95% CI`. Returns it with the
    /// headers it dropped.
    static func compact(_ full: TextTable, width: Int, axisValues: String) -> (
        table: TextTable, dropped: [String]
    ) {
        var (table, dropped) = full.removingEmptyColumns().fitted(
            width: width, dropOrder: TableColumn.dropOrder(axisValues: axisValues))
        // A net ratio is never shown without its interval: when the interval went, the
        // figure goes with it.
        if dropped.contains(TableColumn.netIntervalHeader),
            let net = table.header.lastIndex(of: TableColumn.netHeader)
        {
            table = table.removing(column: net)
            dropped.append(TableColumn.netHeader)
        }
        table.header = table.header.map(TableColumn.fittedHeader)
        return (table, dropped)
    }

    /// `left out to fit 80 columns: ns CI, CV, wall ns/event; --wide shows every column`,
    /// once after the tables: every column any of them left out.
    static func leftOutLine(_ dropped: [String], width: Int) -> String {
        "left out to fit \(width) columns: \(dropped.joined(separator: ", ")); --wide shows every column"
    }

    /// Why a wrong row has no timing, then the outcome lines in which it differs from its
    /// baseline.
    private func difference(of row: ResultRow, in configuration: ConfigurationResult) -> [String] {
        let variant = row.variant
        let baseline = configuration.planned.entry.baseline.name
        let expected = configuration.outcomeSummary(of: baseline)
        let actual = configuration.outcomeSummary(of: variant)
        var lines = [
            "  \(variant): WRONG: \(ResultTable.wrongReason(of: row))",
            "  \(variant) differs from \(baseline):",
        ]
        let expectedByLabel = Dictionary(
            expected.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
        let actualByLabel = Dictionary(
            actual.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
        let labels =
            expected.map(\.label) + actual.map(\.label).filter { expectedByLabel[$0] == nil }
        for label in labels where expectedByLabel[label] != actualByLabel[label] {
            lines.append(
                "    \(label): \(actualByLabel[label] ?? "none") (baseline \(expectedByLabel[label] ?? "none"))"
            )
        }
        if lines.count == 2 { lines.append("    (per-machine results differ; the totals agree)") }
        return lines
    }
}
