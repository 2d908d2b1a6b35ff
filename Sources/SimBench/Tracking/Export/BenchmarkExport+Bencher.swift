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
            row.appendBenchmarkName(to: &names)
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
            names.withUnsafeBufferPointer {
                PrettyJSON.quote(
                    utf8: UnsafeBufferPointer(rebasing: $0[range(index)]), into: &output.bytes)
            }
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
    /// an object's keys: made in that order (a test holds the text equal to `JSONEncoder`'s,
    /// which sorts them), with no dictionary to sort for each of 100,000 rows.
    static func bencherMeasures(_ row: ResultsRecord) -> [(String, BencherMetric)] {
        var measures = [(String, BencherMetric)]()
        func interval(
            _ key: String, _ value: Double?, _ low: ResultColumn, _ high: ResultColumn
        ) {
            guard let value else { return }
            measures.append(
                (
                    key,
                    BencherMetric(
                        value: value, lowerValue: row.number(low), upperValue: row.number(high))
                ))
        }
        func count(_ key: String, _ column: ResultColumn) {
            guard let value = row.number(column) else { return }
            measures.append((key, BencherMetric(value: value)))
        }
        let pattern = !row.isBaselineVariant
        count("allocations-per-event", .allocationsPerEvent)
        // CPU time per event, the headline, where the file has it; `latency` and
        // `ratio-to-baseline` are wall time (the fleet's throughput on the host's cores).
        interval(
            "cpu-latency", row.number(.cpuNsPerEventMedian), .cpuNsPerEventCILow,
            .cpuNsPerEventCIHigh)
        interval(
            "cpu-ratio-to-baseline", pattern ? row.number(.cpuRatioToBaseline) : nil,
            .cpuRatioCILow, .cpuRatioCIHigh)
        count("estimated-cycles-per-event", .estimatedCyclesPerEvent)
        count("instructions-per-event", .instructionsPerEvent)
        interval(
            "latency", row.number(.nsPerEventMedian)!, .nsPerEventCILow, .nsPerEventCIHigh)
        interval(
            "ratio-to-baseline", pattern ? row.number(.ratioToBaseline) : nil, .ratioCILow,
            .ratioCIHigh)
        return measures
    }
}
