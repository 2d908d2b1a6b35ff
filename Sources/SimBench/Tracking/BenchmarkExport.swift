import Foundation

/// `simbench export`: a results CSV in the formats existing trackers read.
///
/// - `github`: github-action-benchmark's `customSmallerIsBetter` JSON, an array of
///   `{name, unit, value, range, extra}`; one entry per measured figure: ns per event, the
///   ratio to the scenario's baseline variant (patterns only), allocations per event.
/// - `bencher`: Bencher Metric Format, `{benchmark: {measure: {value, lower_value,
///   upper_value}}}`, with the measures `latency` (Bencher's built-in, in ns: here ns per
///   event), `ratio-to-baseline` and `allocations-per-event`; bounds are the 95% CIs.
/// - `influx`: InfluxDB line protocol, one line per row in measurement `simbench`: the
///   identity and machine as tags, the figures as fields, the run's timestamp in ns.
///
/// Benchmarks are named `scenario.variant[params]` (`ResultIdentity.benchmarkName`), stable
/// from run to run. Rows without timings (a wrong outcome) are left out.
public enum BenchmarkExport {
    public enum Format: String, Sendable, CaseIterable {
        case github
        case bencher
        case influx
    }

    /// The file's measured rows in `format`, ending with a line break.
    public static func render(_ file: ResultsFile, as format: Format) -> String {
        let rows = file.records.filter { $0.isOK && $0.number(.nsPerEventMedian) != nil }
        switch format {
        case .github: return json(github(rows))
        case .bencher: return json(bencher(rows))
        case .influx: return rows.map(influxLine).joined()
        }
    }

    // MARK: - github-action-benchmark

    /// One entry of `customSmallerIsBetter`.
    struct GitHubEntry: Encodable, Equatable {
        var name: String
        var unit: String
        var value: Double
        var range: String?
        var extra: String?
    }

    static func github(_ rows: [ResultsRecord]) -> [GitHubEntry] {
        var entries = [GitHubEntry]()
        for row in rows {
            let name = row.identity.benchmarkName
            let machine = [
                row[.gitCommit].isEmpty ? nil : "commit \(row[.gitCommit])",
                row[.host].isEmpty ? nil : "host \(row[.host])",
                row[.buildConfig].isEmpty ? nil : "\(row[.buildConfig]) build",
                row[.runID].isEmpty ? nil : "run \(row[.runID])",
            ].compactMap { $0 }.joined(separator: ", ")
            let median = row.number(.nsPerEventMedian)!
            var extra = ["\(row[.eventUnit].isEmpty ? "one event" : "one event: \(row[.eventUnit])")"]
            if let low = row.number(.nsPerEventCILow), let high = row.number(.nsPerEventCIHigh) {
                extra.append("95% CI [\(low), \(high)] ns/event")
            }
            if !row[.rounds].isEmpty { extra.append("\(row[.rounds]) rounds") }
            if !machine.isEmpty { extra.append(machine) }
            entries.append(
                GitHubEntry(
                    name: name, unit: "ns/event", value: median,
                    range: halfWidth(row, .nsPerEventCILow, .nsPerEventCIHigh),
                    extra: extra.joined(separator: "\n")))
            if !row.isBaselineVariant, let ratio = row.number(.ratioToBaseline) {
                entries.append(
                    GitHubEntry(
                        name: "\(name) ratio to baseline", unit: "× baseline", value: ratio,
                        range: halfWidth(row, .ratioCILow, .ratioCIHigh),
                        extra: "median ns per event over the scenario's baseline variant's, paired by round"))
            }
            if let allocations = row.number(.allocsPerEvent) {
                entries.append(
                    GitHubEntry(name: "\(name) allocations", unit: "allocs/event", value: allocations))
            }
        }
        return entries
    }

    /// `± 1.25`: half the CI's width, as github-action-benchmark shows a range.
    private static func halfWidth(_ row: ResultsRecord, _ low: ResultColumn, _ high: ResultColumn) -> String? {
        guard let low = row.number(low), let high = row.number(high) else { return nil }
        return "± \(NumberFormat.significant((high - low) / 2))"
    }

    // MARK: - Bencher

    /// One metric of Bencher Metric Format.
    struct BencherMetric: Encodable, Equatable {
        var value: Double
        var lowerValue: Double?
        var upperValue: Double?

        enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
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
                    value: ratio, lowerValue: row.number(.ratioCILow), upperValue: row.number(.ratioCIHigh))
            }
            if let allocations = row.number(.allocsPerEvent) {
                measures["allocations-per-event"] = BencherMetric(value: allocations)
            }
            benchmarks[row.identity.benchmarkName] = measures
        }
        return benchmarks
    }

    private static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The values are finite (the reader refuses anything else), so encoding cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: - InfluxDB line protocol

    /// Tags: what identifies the series. Fields: what was measured. Each column says its
    /// role (`ResultColumn.influx`).
    static let influxTags = influxColumns(.tag)
    static let influxNumberFields = influxColumns(.number)
    /// Written as integers (`1000i`), so that their field type never changes.
    static let influxIntegerFields = influxColumns(.integer)
    static let influxStringFields = influxColumns(.string)

    private static func influxColumns(_ role: ResultColumn.InfluxRole) -> [ResultColumn] {
        ResultColumn.all.filter { $0.influx == role }
    }

    /// `simbench,scenario=vending,… ns_per_event_median=12.5,… 1764410000000000000`.
    static func influxLine(_ row: ResultsRecord) -> String {
        var line = escapeInfluxKey("simbench", equals: false)
        for tag in influxTags where !row[tag].isEmpty {
            line += ",\(escapeInfluxKey(tag.name))=\(escapeInfluxKey(row[tag]))"
        }
        var fields = [String]()
        for field in influxNumberFields {
            if let value = row.number(field) { fields.append("\(escapeInfluxKey(field.name))=\(value)") }
        }
        for field in influxIntegerFields {
            if let value = Int64(row[field]) { fields.append("\(escapeInfluxKey(field.name))=\(value)i") }
        }
        for field in influxStringFields where !row[field].isEmpty {
            fields.append("\(escapeInfluxKey(field.name))=\(quoteInfluxString(row[field]))")
        }
        line += " " + fields.joined(separator: ",")
        if let nanoseconds = epochNanoseconds(row[.timestamp]) { line += " \(nanoseconds)" }
        return line + "\n"
    }

    /// Escapes a measurement name (commas, spaces), or a tag key, tag value or field key
    /// (commas, equals signs, spaces). Line breaks cannot be escaped in line protocol: they
    /// become spaces, escaped.
    static func escapeInfluxKey(_ text: String, equals: Bool = true) -> String {
        var result = ""
        for character in text {
            switch character {
            case ",", " ": result += "\\\(character)"
            case "=" where equals: result += "\\="
            case "\n", "\r", "\r\n": result += "\\ "
            case "\\": result += "\\\\"
            default: result.append(character)
            }
        }
        return result
    }

    /// A string field value: in double quotes, with quotes and backslashes escaped.
    static func quoteInfluxString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `2026-11-29T10:00:00Z` as nanoseconds since 1970, or nil.
    static func epochNanoseconds(_ timestamp: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: timestamp) else { return nil }
        return Int64(date.timeIntervalSince1970) * 1_000_000_000
    }
}
