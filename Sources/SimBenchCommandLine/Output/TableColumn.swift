import Foundation
import SimBench
import SimBenchCore

/// One column of `run`'s terminal table, declared once, as `ResultColumn` declares the CSV's:
/// its headers, which tables show it (the compact one, `--wide`, or both), its cell, and when
/// the compact table drops it to fit the terminal. `ResultTable` builds both tables from
/// `TableColumn.all`; a new column is one entry here.
struct TableColumn: Sendable {
    /// The two tables `run` prints.
    enum Form: Sendable {
        /// The default: fits the terminal, drops columns (`dropRank`) when it must.
        case compact
        /// `--wide`: every column, as wide as it takes.
        case wide
    }

    /// The header in the compact table, unique there (a `… CI` header reads `95% CI` once
    /// the table fits); nil: not in the compact table.
    let compactHeader: String?
    /// The header in the wide table; nil: not in the wide table.
    let wideHeader: String?
    /// Shown only in a configuration with an axis reference (`vs work=1000`); the header's
    /// `%@` is the reference's values.
    var needsAxisReference = false
    /// The compact table drops its columns, lowest rank first, until it fits; nil: never.
    var dropRank: Int? = nil
    /// Shown only in a configuration where some row has it (nil: always shown).
    var present: (@Sendable (ResultRow) -> Bool)? = nil
    /// The cell of a measured row (`status` ok, with a time).
    let cell: @Sendable (ResultRow, TimeStatistics, Form) -> String

    func header(in form: Form, axisValues: String) -> String? {
        let header = form == .compact ? compactHeader : wideHeader
        return header.map { $0.replacingOccurrences(of: "%@", with: axisValues) }
    }

    /// The columns after the variant's name, in the order both tables show them.
    ///
    /// The headline is CPU time per event, what the pattern costs on one core whatever the
    /// number of cores: `CPU ns/event` and `CPU ratio` (to the baseline) come first and are
    /// never dropped. Wall time per event, the fleet's throughput on the host's N cores, is
    /// named as such (`wall ns/event`, `wall ratio`). The compact table gives way from the
    /// axis interval up to the allocations, then the CPU ratio's interval, which goes last of
    /// all: the headline keeps its interval.
    static let all: [TableColumn] = [
        TableColumn(compactHeader: "CPU ns/event", wideHeader: "CPU ns/event") { row, _, form in
            row.cpuNsPerEventMedian.map { NumberFormat.significant($0.value) } ?? form.missing
        },
        TableColumn(compactHeader: "CPU ratio", wideHeader: "CPU ratio") { row, _, form in
            row.cpuRatioToBaseline.map { NumberFormat.ratio($0.value) } ?? form.missing
        },
        TableColumn(compactHeader: "ratio CI", wideHeader: "95% CI", dropRank: 9) { row, _, _ in
            row.role == .baseline
                ? ""
                : NumberFormat.interval(
                    row.cpuRatioToBaseline?.low, row.cpuRatioToBaseline?.high, ratio: true)
        },
        // Modes across processes: marked where found, with the slow mode's share and median;
        // not judged (too few processes) is blank, never 1. Never dropped: a row in modes
        // says so beside its ratio.
        TableColumn(compactHeader: "modes", wideHeader: "modes") { row, _, form in
            guard let modes = row.processModes else { return form.missing }
            guard let slow = modes.slow, let share = modes.slowShare else {
                return form == .compact ? "" : "1"
            }
            return
                "\(modes.count): \(NumberFormat.percent(share)) at \(NumberFormat.ratio(slow.median))"
        },
        // The net ratio only where there is a floor to be net of: a scenario without one
        // (a floor is optional) shows no empty columns.
        TableColumn(
            compactHeader: netHeader, wideHeader: netHeader, dropRank: 5, present: hasFloor
        ) { row, _, _ in
            row.role == .pattern
                ? row.ratioNetOfFloor.map { NumberFormat.ratio($0.value) } ?? "—" : ""
        },
        TableColumn(
            compactHeader: netIntervalHeader, wideHeader: "95% CI", dropRank: 4,
            present: hasFloor
        ) { row, _, _ in
            row.role == .pattern ? ResultTable.netInterval(row) : ""
        },
        TableColumn(
            compactHeader: ResultColumn.allocationsPerEvent.heading,
            wideHeader: ResultColumn.allocationsPerEvent.heading, dropRank: 8
        ) {
            row, _, _ in
            row.allocationsPerEvent.map { NumberFormat.fixed($0, decimals: 2) } ?? "—"
        },
        TableColumn(compactHeader: wallHeader, wideHeader: wallHeader, dropRank: 3) {
            _, time, _ in
            NumberFormat.significant(time.median)
        },
        // A CI that is only [min, max] (too few rounds for a narrower one) says nothing, and
        // the compact table leaves it out.
        TableColumn(compactHeader: "ns CI", wideHeader: runIntervalHeader, dropRank: 1) {
            _, time, form in
            form == .compact && time.medianLow == time.min && time.medianHigh == time.max
                ? "" : NumberFormat.interval(time.medianLow, time.medianHigh)
        },
        TableColumn(compactHeader: nil, wideHeader: "min") { _, time, _ in
            NumberFormat.significant(time.min)
        },
        TableColumn(compactHeader: nil, wideHeader: "max") { _, time, _ in
            NumberFormat.significant(time.max)
        },
        TableColumn(compactHeader: nil, wideHeader: "events/s") { row, _, _ in
            row.eventsPerSecond.map(NumberFormat.si) ?? "—"
        },
        TableColumn(compactHeader: nil, wideHeader: "wall ratio") { row, _, _ in
            row.ratioToBaseline.map { NumberFormat.ratio($0.value) } ?? "—"
        },
        TableColumn(compactHeader: nil, wideHeader: "95% CI") { row, _, _ in
            row.role == .baseline
                ? "" : NumberFormat.interval(row.ratioBounds.low, row.ratioBounds.high, ratio: true)
        },
        TableColumn(compactHeader: "CV", wideHeader: "CV", dropRank: 2) { _, time, _ in
            NumberFormat.percent(time.coefficientOfVariation)
        },
        TableColumn(compactHeader: nil, wideHeader: "peak RSS") { row, _, _ in
            row.peakResidentBytes.map { NumberFormat.bytes(Double($0)) } ?? "—"
        },
        TableColumn(compactHeader: nil, wideHeader: "prepare") { row, _, _ in
            NumberFormat.significant(row.prepareMilliseconds) + " ms"
        },
        TableColumn(
            compactHeader: "vs %@", wideHeader: "vs %@", needsAxisReference: true, dropRank: 6
        ) { row, _, form in
            row.ratioToAxisReference.map { NumberFormat.ratio($0.value) } ?? form.missing
        },
        TableColumn(
            compactHeader: "vs reference CI", wideHeader: "95% CI", needsAxisReference: true,
            dropRank: 0
        ) { row, _, _ in
            NumberFormat.interval(row.axisRatioBounds.low, row.axisRatioBounds.high, ratio: true)
        },
        // The cost model's prediction of the ns a pattern adds (`run --prices`), where the
        // run predicted any: the summary puts it beside the measured ns added.
        TableColumn(
            compactHeader: nil, wideHeader: "predicted ns added", present: hasPrediction,
            cell: { row, _, form in
                row.prediction.map { NumberFormat.signed($0.nanoseconds) } ?? form.missing
            }),
        // The prediction's interval, and whether the measured one shares nothing with it
        // (a miss, named with the cost the prediction rests on most).
        TableColumn(
            compactHeader: nil, wideHeader: "predicted CI", present: hasPrediction,
            cell: { row, _, form in
                guard let prediction = row.prediction else { return form.missing }
                guard let measured = row.overheadNsPerEvent, let low = measured.low,
                    let high = measured.high,
                    prediction.misses(measuredLow: low, measuredHigh: high)
                else { return prediction.interval }
                return prediction.interval + " miss"
                    + (prediction.dominant.map { ": \($0.plural)" } ?? "")
            }),
    ]

    /// Whether the cost model predicted the row's ns added.
    static let hasPrediction: @Sendable (ResultRow) -> Bool = { $0.prediction != nil }
    /// A configuration's rows hold its floor: the net ratio's columns have something to be
    /// net of.
    static let hasFloor: @Sendable (ResultRow) -> Bool = { $0.role == .floor }

    /// The net ratio's header: the legend of its `—` goes with its column.
    static let netHeader = "net of floor"

    /// The compact header of the net ratio's interval, before it reads `95% CI`: when the
    /// table drops it, the net ratio goes too (no `×` figure without its interval).
    static let netIntervalHeader = "net CI"

    /// The wall time's header: the warnings about wall times go with its column.
    static let wallHeader = "wall ns/event"

    /// The header of an absolute time's interval, which holds this run only
    /// (`IntervalScope`): the host's speed drifts between runs.
    static let runIntervalHeader = "run's CI"

    /// A compact header once the table fits: `ns CI` is the run's interval, every other
    /// `… CI` a 95% one.
    static func fittedHeader(_ header: String) -> String {
        if header == "ns CI" { return runIntervalHeader }
        return header.hasSuffix("CI") ? "95% CI" : header
    }

    /// The columns `form` shows in a configuration with or without an axis reference, whose
    /// rows are `rows`.
    static func shown(in form: Form, axisReference: Bool, rows: [ResultRow]) -> [TableColumn] {
        all.filter { column in
            (form == .compact ? column.compactHeader : column.wideHeader) != nil
                && (axisReference || !column.needsAxisReference)
                && (column.present.map { present in rows.contains(where: present) } ?? true)
        }
    }

    /// The compact headers in the order the table drops them.
    static func dropOrder(axisValues: String) -> [String] {
        all.filter { $0.dropRank != nil }.sorted { $0.dropRank! < $1.dropRank! }.compactMap {
            $0.header(in: .compact, axisValues: axisValues)
        }
    }
}

extension TableColumn.Form {
    /// A value the row lacks: blank in the compact table, `—` in the wide one.
    var missing: String { self == .compact ? "" : "—" }
}

/// What the table reads of a row's intervals, in one place: the bounds of its estimates.
extension ResultRow {
    var ratioBounds: (low: Double?, high: Double?) { (ratioToBaseline?.low, ratioToBaseline?.high) }
    var netRatioBounds: (low: Double?, high: Double?) {
        (ratioNetOfFloor?.low, ratioNetOfFloor?.high)
    }
    var axisRatioBounds: (low: Double?, high: Double?) {
        (ratioToAxisReference?.low, ratioToAxisReference?.high)
    }
}
