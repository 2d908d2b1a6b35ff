/// GitHub export: github-action-benchmark's `customSmallerIsBetter` JSON.
extension BenchmarkExport {
    /// The github export of `rows`: an array of `{name, unit, value, range, extra}` entries
    /// written as `JSONEncoder` writes them with `.prettyPrinted`, `.sortedKeys` and
    /// `.withoutEscapingSlashes` (an absent range or extra has no key), and a line break:
    /// entry by entry, from the rows' bytes, passed on as `output` fills.
    static func writeGitHub(_ rows: [ResultsRecord], into output: inout TextOutput)
        throws(FileError)
    {
        output.append("[")
        var entries = GitHubEntries()
        var machines = MachineText()
        for row in rows {
            entries.write(row, machine: machines.text(for: row), into: &output.bytes)
            try output.flushIfFull()
        }
        // An empty array is two lines apart, as `JSONEncoder` writes it.
        output.append(entries.written ? "\n]\n" : "\n\n]\n")
    }

    /// Writes a row's entries: one per measured figure, the headline first where the file
    /// has it.
    struct GitHubEntries {
        /// Whether an entry is written: the next goes after a comma.
        private(set) var written = false
        /// The row's benchmark name, escaped for JSON, without quotes.
        private var name = [UInt8]()
        /// Scratch bytes: an entry's text before it is escaped.
        private var scratch = [UInt8]()
        /// An entry's range (`BenchmarkExport.appendRange`), which needs no escape.
        private var rangeText = [UInt8]()

        /// Writes the row's range around `value` to `rangeText`: whether it has one.
        private mutating func range(
            _ row: ResultsRecord, _ value: Double, _ low: ResultColumn, _ high: ResultColumn
        ) -> Bool {
            rangeText.removeAll(keepingCapacity: true)
            return BenchmarkExport.appendRange(row, value, low, high, to: &rangeText)
        }

        mutating func write(_ row: ResultsRecord, machine: String, into text: inout [UInt8]) {
            scratch.removeAll(keepingCapacity: true)
            row.appendBenchmarkName(to: &scratch)
            name.removeAll(keepingCapacity: true)
            scratch.withUnsafeBufferPointer { PrettyJSON.quote(utf8: $0, into: &name) }
            name.removeFirst()
            name.removeLast()
            let median = row.number(.nsPerEventMedian)!
            // CPU time per event, what the pattern costs on one core. Each entry names its
            // basis.
            if let cpu = row.number(.cpuNsPerEventMedian) {
                writeEntry(
                    " CPU", unit: "CPU ns/event", value: cpu,
                    range: range(row, cpu, .cpuNsPerEventCILow, .cpuNsPerEventCIHigh),
                    extra:
                        .text(
                            "CPU time per event: the pattern's cost on one core, whatever the number of cores"
                        ),
                    into: &text)
            }
            if !row.isBaselineVariant, let ratio = row.number(.cpuRatioToBaseline) {
                writeEntry(
                    " CPU ratio to baseline", unit: "× baseline (CPU)", value: ratio,
                    range: range(row, ratio, .cpuRatioCILow, .cpuRatioCIHigh),
                    extra:
                        .text(
                            "median CPU ns per event over the scenario's baseline variant's, paired by round"
                        ),
                    into: &text)
            }
            scratch.removeAll(keepingCapacity: true)
            scratch += "wall time per event: the fleet's throughput on the host's ".utf8
            appendCell(row, .cores, orElse: "N")
            scratch += " cores\none event".utf8
            if row.withCell(.eventUnit, { !$0.isEmpty }) {
                scratch += ": ".utf8
                appendCell(row, .eventUnit)
            }
            if let low = row.number(.nsPerEventCILow), let high = row.number(.nsPerEventCIHigh) {
                scratch += "\n95% CI [".utf8
                scratch.appendDescription(of: low)
                scratch += ", ".utf8
                scratch.appendDescription(of: high)
                scratch += "] ns/event".utf8
            }
            if row.withCell(.rounds, { !$0.isEmpty }) {
                scratch.append(UInt8(ascii: "\n"))
                appendCell(row, .rounds)
                scratch += " rounds".utf8
            }
            if !machine.isEmpty {
                scratch.append(UInt8(ascii: "\n"))
                scratch += machine.utf8
            }
            writeEntry(
                "", unit: "ns/event", value: median,
                range: range(row, median, .nsPerEventCILow, .nsPerEventCIHigh),
                extra: .scratch, into: &text)
            if !row.isBaselineVariant, let ratio = row.number(.ratioToBaseline) {
                writeEntry(
                    " ratio to baseline", unit: "× baseline", value: ratio,
                    range: range(row, ratio, .ratioCILow, .ratioCIHigh),
                    extra:
                        .text(
                            "median wall ns per event over the scenario's baseline variant's, paired by round"
                        ),
                    into: &text)
            }
            if let allocations = row.number(.allocationsPerEvent) {
                writeEntry(
                    " allocations", unit: ResultColumn.allocationsPerEvent.heading,
                    value: allocations, extra: .none, into: &text)
            }
            let counted = row.withCell(.instructionsSource, { !$0.isEmpty })
            func source() {
                guard counted else { return }
                scratch += ", counted by ".utf8
                appendCell(row, .instructionsSource)
            }
            if let instructions = row.number(.instructionsPerEvent) {
                scratch.removeAll(keepingCapacity: true)
                scratch += "instructions per event".utf8
                source()
                scratch += ": the same on every run of one binary".utf8
                writeEntry(
                    " instructions", unit: "instructions/event", value: instructions,
                    extra: .scratch, into: &text)
            }
            if let cycles = row.number(.estimatedCyclesPerEvent) {
                scratch.removeAll(keepingCapacity: true)
                scratch += "L1 hits + 5 × LL hits + 35 × RAM accesses per event".utf8
                source()
                writeEntry(
                    " estimated cycles", unit: ResultColumn.estimatedCyclesPerEvent.heading,
                    value: cycles, extra: .scratch, into: &text)
            }
        }

        /// Appends the text of the row's `column` to `scratch`, or `empty` where it has none.
        private mutating func appendCell(
            _ row: ResultsRecord, _ column: ResultColumn, orElse empty: String = ""
        ) {
            row.withCell(column) { cell in
                if cell.isEmpty { scratch += empty.utf8 } else { scratch += cell }
            }
        }

        /// What an entry's `extra` holds.
        private enum Extra: Equatable {
            /// No key.
            case none
            case text(String)
            /// The text in `scratch`.
            case scratch
        }

        /// Writes an entry named by the row's name and `suffix`.
        private mutating func writeEntry(
            _ suffix: String, unit: String, value: Double, range: Bool = false, extra: Extra,
            into text: inout [UInt8]
        ) {
            text += (written ? ",\n  {" : "\n  {").utf8
            written = true
            func member(_ key: String, _ first: Bool = false) {
                text += (first ? "\n    \"" : ",\n    \"").utf8
                text += key.utf8
                text += "\" : ".utf8
            }
            switch extra {
            case .none:
                break
            case .text(let extra):
                member("extra", true)
                PrettyJSON.quote(extra, into: &text)
            case .scratch:
                member("extra", true)
                scratch.withUnsafeBufferPointer { PrettyJSON.quote(utf8: $0, into: &text) }
            }
            member("name", extra == .none)
            text.append(UInt8(ascii: "\""))
            text += name
            text += suffix.utf8
            text.append(UInt8(ascii: "\""))
            if range {
                member("range")
                // Digits, signs and brackets: nothing to escape.
                text.append(UInt8(ascii: "\""))
                text += rangeText
                text.append(UInt8(ascii: "\""))
            }
            member("unit")
            PrettyJSON.quote(unit, into: &text)
            member("value")
            PrettyJSON.append(value, to: &text)
            text += "\n  }".utf8
        }
    }

    /// What a row says of the commit, host, build and run it is from: `commit abc, host
    /// ci-7, release build, run 2026…`.
    static func machineText(_ row: ResultsRecord) -> String {
        [
            row[.gitCommit].isEmpty ? nil : "commit \(row[.gitCommit])",
            row[.host].isEmpty ? nil : "host \(row[.host])",
            row[.buildConfig].isEmpty ? nil : "\(row[.buildConfig]) build",
            row[.runID].isEmpty ? nil : "run \(row[.runID])",
        ].compactMap { $0 }.joined(separator: ", ")
    }

    /// `machineText` of each row, made again only where a row's cells differ from the row
    /// before's: a run's rows are together, and share it.
    struct MachineText {
        private var previous: ResultsRecord?
        private var text = ""

        mutating func text(for row: ResultsRecord) -> String {
            if let previous,
                [ResultColumn.gitCommit, .host, .buildConfig, .runID].allSatisfy({
                    row.hasSameCell($0, as: previous)
                })
            {
                return text
            }
            previous = row
            text = BenchmarkExport.machineText(row)
            return text
        }
    }

    /// The 95% CI around `value`, as github-action-benchmark shows a range (a free string
    /// next to the value): `+1.25 / −0.80`, the distances to the CI's ends, which a
    /// bootstrap interval need not make equal; the interval itself, `[0.78, 0.82]`, when it
    /// does not hold the value (a ratio's median can lie outside its paired CI), so that no
    /// distance is ever written negative.
    /// Written to `text` as bytes (no string made: an export writes up to four a row); false,
    /// and nothing written, where the row has no such interval.
    static func appendRange(
        _ row: ResultsRecord, _ value: Double, _ low: ResultColumn, _ high: ResultColumn,
        to text: inout [UInt8]
    ) -> Bool {
        guard let low = row.number(low), let high = row.number(high), high >= low else {
            return false
        }
        guard low <= value, value <= high else {
            NumberFormat.appendInterval(low, high, to: &text) {
                NumberFormat.appendSignificant($0, to: &$1)
            }
            return true
        }
        text.append(UInt8(ascii: "+"))
        NumberFormat.appendSignificant(high - value, to: &text)
        text += " / −".utf8
        NumberFormat.appendSignificant(value - low, to: &text)
        return true
    }
}
