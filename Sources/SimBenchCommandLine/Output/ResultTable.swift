import Foundation
import SimBench
import SimBenchCore

/// The terminal report of a run: the environment, then one table per scenario
/// configuration.
///
/// By default each table is compact (variant, CPU ns/event, CPU ratio with its CI, net of
/// floor, allocations per event, wall ns/event with its CI, CV) and the report fits `width`
/// columns, whole columns left out, and named under the table, until it does; `--wide`
/// shows every column, as wide as it takes.
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

    private func fullReport() -> String {
        let environment = result.environment
        var lines = [String]()
        var machine = [
            "\(environment.buildConfiguration) build", "Swift \(environment.swiftVersion)",
            environment.host, environment.cpuDescription, "\(environment.cores) cores",
            "load \(environment.loadAverage)",
        ]
        if !environment.gitCommit.isEmpty { machine.append("commit \(environment.gitCommit)") }
        lines.append("simbench \(SimBenchCommand.version) · " + machine.joined(separator: " · "))
        var run = [
            "run \(environment.runID)", "seed \(plan.seed)", "\(values(plan.machines)) machines",
        ]
        // The harness's fleet: an asynchronous scenario runs from one worker and spreads the
        // work itself, which its table's note says, so it adds no actor count here.
        var actors = [Int]()
        for configuration in plan.configurations
        where !configuration.entry.isAsynchronous && !actors.contains(configuration.actors) {
            actors.append(configuration.actors)
        }
        if !actors.isEmpty { run.append("\(values(actors)) actors") }
        if plan.processes > 1 && plan.spanSeconds > 0 {
            run.append("processes spread over \(String(format: "%g", plan.spanSeconds)) s or more")
        }
        if !plan.sweeps.isEmpty {
            run.append(
                "sweep of \(plan.sweeps.map(\.setting.flag).joined(separator: ", ")), a table per point"
            )
        }
        lines.append((run + [environment.timestamp]).joined(separator: " · "))
        let scopes = result.configurations.map(\.intervalScope)
        for scope in scopes.indices.filter({ scopes.firstIndex(of: scopes[$0]) == $0 }) {
            lines.append(scopes[scope].sentence.flagged)
        }
        for note in result.notes {
            lines.append("note: \(note)")
        }
        for (configuration, rows) in zip(result.configurations, rowGroups) {
            lines.append("")
            lines.append(contentsOf: block(for: configuration, rows: rows))
        }
        return lines.joined(separator: "\n")
    }

    /// `10,000`, or a sweep's values `1,000 / 10,000 / 100,000`.
    private func values(_ numbers: [Int]) -> String {
        numbers.map(NumberFormat.grouped).joined(separator: " / ")
    }

    private func block(
        for configuration: ConfigurationResult, rows configurationRows: [ResultRow]
    ) -> [String] {
        let planned = configuration.planned
        let descriptor = planned.entry.descriptor
        var lines = ["\(planned.label) — \(descriptor.title) · one event: \(descriptor.eventUnit)"]
        let machines = NumberFormat.grouped(planned.configuration.entities)
        let events = NumberFormat.grouped(planned.configuration.eventsPerEntity)
        if let note = planned.entry.measurementNote { lines.append("  note: \(note)") }
        let actors =
            plan.sweeps.isEmpty
            ? "" : "\(configuration.actors) actor\(configuration.actors == 1 ? "" : "s") · "
        var setup =
            "  \(machines) × \(events) events = \(NumberFormat.grouped(configuration.events)) events a round · \(actors)\(configuration.processes > 1 ? "\(configuration.processes) processes × " : "")\(configuration.rounds) rounds after \(configuration.warmupRounds) warm-up · inputs built in \(NumberFormat.significant(configurationRows.first?.setupMilliseconds ?? 0)) ms, each variant's own in \"prepare\" (untimed)"
        if let growth = configuration.residentGrowth, growth > 0 {
            let perMachine = Double(growth) / Double(max(planned.configuration.entities, 1))
            setup += " · \(NumberFormat.si(perMachine))B per \(descriptor.entityUnit)"
        }
        let peaks = Set(configurationRows.compactMap(\.peakResidentBytes))
        let sharedPeak =
            peaks.count == 1 && configurationRows.allSatisfy { $0.peakResidentBytes != nil }
        if sharedPeak, let peak = peaks.first {
            setup +=
                " · peak RSS \(NumberFormat.si(Double(peak)))B (the process's, the same for every variant)"
        }
        lines.append(setup)
        lines.append(
            contentsOf: table(configuration, rows: configurationRows, form: wide ? .wide : .compact)
        )
        return lines + notes(configurationRows, descriptor: descriptor)
    }

    /// Under a table: the warnings, then one sentence per pattern saying what it adds.
    private func notes(_ configurationRows: [ResultRow], descriptor: ScenarioDescriptor) -> [String]
    {
        var lines = RunWarnings.lines(for: configurationRows).map(\.flagged)
        let baseline = configurationRows.first { $0.role == .baseline && $0.status == .ok }
        let answers = configurationRows.compactMap { row -> PatternAnswer? in
            var answer = PatternAnswer(
                row: row, eventNoun: PatternAnswer.noun(descriptor.eventUnit),
                entityNoun: PatternAnswer.noun(descriptor.entityUnit))
            answer?.instructionsAdded = PatternAnswer.instructionsAdded(
                row.instructionsByMechanism, over: baseline?.instructionsByMechanism)
            return answer
        }
        if !answers.isEmpty {
            lines.append("  what each pattern adds:")
            lines += answers.map { "    " + $0.sentence }
        }
        return lines
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
            value.isFinite ? String(format: "%.2f", value) : (value > 0 ? "∞" : "-∞")
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
    ) -> [String] {
        let axisValues = configuration.axisReference?.axisValues ?? ""
        let columns = TableColumn.shown(in: form, axisReference: configuration.axisReference != nil)
        var table = TextTable(
            header: ["variant"] + columns.compactMap { $0.header(in: form, axisValues: axisValues) }
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
            table = table.removingEmptyColumns()
            (table, dropped) = table.fitted(
                width: width, dropOrder: TableColumn.dropOrder(axisValues: axisValues))
            table.header = table.header.map(TableColumn.fittedHeader)
        }
        var lines = [table.render()]
        if !dropped.isEmpty {
            lines.append(ResultTable.leftOutLine(dropped, width: width))
        }
        for row in wrong {
            lines.append(contentsOf: difference(of: row, in: configuration))
        }
        return lines
    }

    /// `  left out to fit 80 columns: ns CI, CV, wall ns/event; --wide shows every column`.
    static func leftOutLine(_ dropped: [String], width: Int) -> String {
        "  left out to fit \(width) columns: \(dropped.joined(separator: ", ")); --wide shows every column"
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
