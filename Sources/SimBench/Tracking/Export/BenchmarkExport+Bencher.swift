/// Bencher export: Bencher Metric Format.
extension BenchmarkExport {
    /// One metric of Bencher Metric Format. Written by `PrettyJSON` (`json`); `Encodable`
    /// so that a test can hold that text equal to `JSONEncoder`'s.
    struct BencherMetric: Encodable, Equatable {
        var value: Double
        var lowerValue: Double?
        var upperValue: Double?

        enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }

        /// The metric as `JSONEncoder` encodes it: an absent bound has no key.
        var json: PrettyJSON.Value {
            var members: [String: PrettyJSON.Value] = [CodingKeys.value.rawValue: .number(value)]
            if let lowerValue { members[CodingKeys.lowerValue.rawValue] = .number(lowerValue) }
            if let upperValue { members[CodingKeys.upperValue.rawValue] = .number(upperValue) }
            return .object(members)
        }

        /// Appends the metric as `PrettyJSON` writes `json` as a member's value at depth 2:
        /// its members in the keys' order.
        func append(to text: inout [UInt8]) {
            text += "{".utf8
            if let lowerValue {
                text += "\n      \"lower_value\" : ".utf8
                PrettyJSON.append(lowerValue, to: &text)
            }
            if let upperValue {
                text += (lowerValue == nil ? "\n" : ",\n").utf8
                text += "      \"upper_value\" : ".utf8
                PrettyJSON.append(upperValue, to: &text)
            }
            text += (lowerValue == nil && upperValue == nil ? "\n" : ",\n").utf8
            text += "      \"value\" : ".utf8
            PrettyJSON.append(value, to: &text)
            text += "\n    }".utf8
        }
    }

    static func bencher(_ rows: [ResultsRecord]) -> [String: [String: BencherMetric]] {
        var benchmarks = [String: [String: BencherMetric]]()
        for row in rows {
            benchmarks[row.identity.benchmarkName] = Dictionary(
                uniqueKeysWithValues: bencherMeasures(row))
        }
        return benchmarks
    }

    /// The bencher export of `rows`, written as `PrettyJSON.text(.object(…))` writes
    /// `bencher(rows)`, and a line break: benchmarks in the order of their names' bytes, a
    /// name measured twice by its last row, passed on as `output` fills.
    static func writeBencher(_ rows: [ResultsRecord], into output: inout TextOutput)
        throws(FileError)
    {
        // The names, one after another in one buffer, sorted as positions.
        var names = [UInt8]()
        var ends = [Int]()
        ends.reserveCapacity(rows.count)
        for row in rows {
            names += row.identity.benchmarkName.utf8
            ends.append(names.count)
        }
        func range(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }
        let order = names.withUnsafeBufferPointer { names in
            rows.indices.sorted { one, other in
                let order = ByteOrder.compare(names, range(one), names, range(other))
                return order != 0 ? order < 0 : one < other
            }
        }
        output.append("{")
        var written = false
        for (position, index) in order.enumerated() {
            // Of rows with one name, the last in the file.
            if position + 1 < order.count, names[range(order[position + 1])] == names[range(index)]
            {
                continue
            }
            output.append(written ? ",\n  " : "\n  ")
            written = true
            PrettyJSON.quote(
                String(decoding: names[range(index)], as: UTF8.self), into: &output.bytes)
            output.append(" : {")
            for (number, (key, metric)) in bencherMeasures(rows[index]).enumerated() {
                output.append(number == 0 ? "\n    \"" : ",\n    \"")
                output.append(key)
                output.append("\" : ")
                metric.append(to: &output.bytes)
            }
            output.append("\n  }")
            try output.flushIfFull()
        }
        output.append(written ? "\n}\n" : "\n\n}\n")
    }

    /// The measures of one row, in the order of their names' bytes, as `PrettyJSON` sorts
    /// an object's keys.
    static func bencherMeasures(_ row: ResultsRecord) -> [(String, BencherMetric)] {
        var measures = [String: BencherMetric]()
        measures["latency"] = BencherMetric(
            value: row.number(.nsPerEventMedian)!, lowerValue: row.number(.nsPerEventCILow),
            upperValue: row.number(.nsPerEventCIHigh))
        if !row.isBaselineVariant, let ratio = row.number(.ratioToBaseline) {
            measures["ratio-to-baseline"] = BencherMetric(
                value: ratio, lowerValue: row.number(.ratioCILow),
                upperValue: row.number(.ratioCIHigh))
        }
        // CPU time per event, the headline, where the file has it; `latency` and
        // `ratio-to-baseline` are wall time (the fleet's throughput on the host's cores).
        if let cpu = row.number(.cpuNsPerEventMedian) {
            measures["cpu-latency"] = BencherMetric(
                value: cpu, lowerValue: row.number(.cpuNsPerEventCILow),
                upperValue: row.number(.cpuNsPerEventCIHigh))
        }
        if !row.isBaselineVariant, let ratio = row.number(.cpuRatioToBaseline) {
            measures["cpu-ratio-to-baseline"] = BencherMetric(
                value: ratio, lowerValue: row.number(.cpuRatioCILow),
                upperValue: row.number(.cpuRatioCIHigh))
        }
        if let allocations = row.number(.allocationsPerEvent) {
            measures["allocations-per-event"] = BencherMetric(value: allocations)
        }
        if let instructions = row.number(.instructionsPerEvent) {
            measures["instructions-per-event"] = BencherMetric(value: instructions)
        }
        if let cycles = row.number(.estimatedCyclesPerEvent) {
            measures["estimated-cycles-per-event"] = BencherMetric(value: cycles)
        }
        return measures.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
            ($0.key, $0.value)
        }
    }
}
