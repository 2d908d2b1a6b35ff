/// GitHub export: github-action-benchmark's `customSmallerIsBetter` JSON.
extension BenchmarkExport {
    /// One entry of `customSmallerIsBetter`. Written by `PrettyJSON` (`json`); `Encodable`
    /// so that a test can hold that text equal to `JSONEncoder`'s.
    struct GitHubEntry: Encodable, Equatable {
        var name: String
        var unit: String
        var value: Double
        var range: String?
        var extra: String?

        /// The entry as `JSONEncoder` encodes it: an absent range or extra has no key.
        var json: PrettyJSON.Value {
            var members: [String: PrettyJSON.Value] = [
                "name": .string(name), "unit": .string(unit), "value": .number(value),
            ]
            if let range { members["range"] = .string(range) }
            if let extra { members["extra"] = .string(extra) }
            return .object(members)
        }

        /// Appends the entry as `PrettyJSON` writes `json` in an array (the array's indent
        /// written already): its members in the keys' order, `extra` to `value`.
        func append(to text: inout [UInt8]) {
            text += "{".utf8
            func member(_ key: String, _ first: Bool = false) {
                text += (first ? "\n    \"" : ",\n    \"").utf8
                text += key.utf8
                text += "\" : ".utf8
            }
            if let extra {
                member("extra", true)
                PrettyJSON.quote(extra, into: &text)
            }
            member("name", extra == nil)
            PrettyJSON.quote(name, into: &text)
            if let range {
                member("range")
                PrettyJSON.quote(range, into: &text)
            }
            member("unit")
            PrettyJSON.quote(unit, into: &text)
            member("value")
            PrettyJSON.append(value, to: &text)
            text += "\n  }".utf8
        }
    }

    static func github(_ rows: [ResultsRecord]) -> [GitHubEntry] {
        rows.flatMap { githubEntries($0) }
    }

    /// The github export of `rows`, written as `PrettyJSON.text(.array(github(rows)…))`
    /// writes it, and a line break: entry by entry, passed on as `output` fills.
    static func writeGitHub(_ rows: [ResultsRecord], into output: inout TextOutput)
        throws(FileError)
    {
        output.append("[")
        var written = false
        var machines = MachineText()
        for row in rows {
            for entry in githubEntries(row, machine: machines.text(for: row)) {
                output.append(written ? ",\n  " : "\n  ")
                written = true
                entry.append(to: &output.bytes)
            }
            try output.flushIfFull()
        }
        // An empty array is two lines apart, as `JSONEncoder` writes it.
        output.append(written ? "\n]\n" : "\n\n]\n")
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

    /// The entries of one row.
    ///
    /// - Parameter machine: `machineText(row)`, where the caller has it already.
    static func githubEntries(_ row: ResultsRecord, machine: String? = nil) -> [GitHubEntry] {
        var entries = [GitHubEntry]()
        let name = row.identity.benchmarkName
        let machine = machine ?? machineText(row)
        let median = row.number(.nsPerEventMedian)!
        var extra = [
            "\(row[.eventUnit].isEmpty ? "one event" : "one event: \(row[.eventUnit])")"
        ]
        if let low = row.number(.nsPerEventCILow), let high = row.number(.nsPerEventCIHigh) {
            extra.append("95% CI [\(low), \(high)] ns/event")
        }
        if !row[.rounds].isEmpty { extra.append("\(row[.rounds]) rounds") }
        if !machine.isEmpty { extra.append(machine) }
        // The headline first where the file has it: CPU time per event, what the pattern
        // costs on one core. Each entry names its basis.
        if let cpu = row.number(.cpuNsPerEventMedian) {
            entries.append(
                GitHubEntry(
                    name: "\(name) CPU", unit: "CPU ns/event", value: cpu,
                    range: range(row, cpu, .cpuNsPerEventCILow, .cpuNsPerEventCIHigh),
                    extra:
                        "CPU time per event: the pattern's cost on one core, whatever the number of cores"
                ))
        }
        if !row.isBaselineVariant, let ratio = row.number(.cpuRatioToBaseline) {
            entries.append(
                GitHubEntry(
                    name: "\(name) CPU ratio to baseline", unit: "× baseline (CPU)",
                    value: ratio, range: range(row, ratio, .cpuRatioCILow, .cpuRatioCIHigh),
                    extra:
                        "median CPU ns per event over the scenario's baseline variant's, paired by round"
                ))
        }
        extra.insert(
            "wall time per event: the fleet's throughput on the host's \(row[.cores].isEmpty ? "N" : row[.cores]) cores",
            at: 0)
        entries.append(
            GitHubEntry(
                name: name, unit: "ns/event", value: median,
                range: range(row, median, .nsPerEventCILow, .nsPerEventCIHigh),
                extra: extra.joined(separator: "\n")))
        if !row.isBaselineVariant, let ratio = row.number(.ratioToBaseline) {
            entries.append(
                GitHubEntry(
                    name: "\(name) ratio to baseline", unit: "× baseline", value: ratio,
                    range: range(row, ratio, .ratioCILow, .ratioCIHigh),
                    extra:
                        "median wall ns per event over the scenario's baseline variant's, paired by round"
                ))
        }
        if let allocations = row.number(.allocationsPerEvent) {
            entries.append(
                GitHubEntry(
                    name: "\(name) allocations", unit: ResultColumn.allocationsPerEvent.heading,
                    value: allocations))
        }
        let source =
            row[.instructionsSource].isEmpty ? "" : ", counted by \(row[.instructionsSource])"
        if let instructions = row.number(.instructionsPerEvent) {
            entries.append(
                GitHubEntry(
                    name: "\(name) instructions", unit: "instructions/event",
                    value: instructions,
                    extra:
                        "instructions per event\(source): the same on every run of one binary"))
        }
        if let cycles = row.number(.estimatedCyclesPerEvent) {
            entries.append(
                GitHubEntry(
                    name: "\(name) estimated cycles",
                    unit: ResultColumn.estimatedCyclesPerEvent.heading, value: cycles,
                    extra: "L1 hits + 5 × LL hits + 35 × RAM accesses per event\(source)"))
        }
        return entries
    }

    /// The 95% CI around `value`, as github-action-benchmark shows a range (a free string
    /// next to the value): `+1.25 / −0.80`, the distances to the CI's ends, which a
    /// bootstrap interval need not make equal; the interval itself, `[0.78, 0.82]`, when it
    /// does not hold the value (a ratio's median can lie outside its paired CI), so that no
    /// distance is ever written negative.
    static func range(
        _ row: ResultsRecord, _ value: Double, _ low: ResultColumn, _ high: ResultColumn
    ) -> String? {
        guard let low = row.number(low), let high = row.number(high), high >= low else {
            return nil
        }
        guard low <= value, value <= high else {
            return "[\(NumberFormat.significant(low)), \(NumberFormat.significant(high))]"
        }
        return
            "+\(NumberFormat.significant(high - value)) / −\(NumberFormat.significant(value - low))"
    }
}
