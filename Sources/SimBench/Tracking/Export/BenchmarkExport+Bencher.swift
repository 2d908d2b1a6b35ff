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
    }

    static func bencher(_ rows: [ResultsRecord]) -> [String: [String: BencherMetric]] {
        var benchmarks = [String: [String: BencherMetric]]()
        for row in rows {
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
            benchmarks[row.identity.benchmarkName] = measures
        }
        return benchmarks
    }
}
