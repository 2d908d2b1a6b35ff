import Foundation

/// InfluxDB export: InfluxDB line protocol.
extension BenchmarkExport {
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

    /// Each column's key as a line writes it, escaped once (`appendInfluxKey`), not on
    /// every row: a tag's `,name=`, a field's `name=`, by the column's ordinal.
    private static let influxKeys: [[UInt8]] = {
        var keys = [[UInt8]](
            repeating: [], count: (ResultColumn.all.map(\.ordinal).max() ?? -1) + 1)
        for column in ResultColumn.all where column.influx != nil {
            var key = column.influx == .tag ? [UInt8(ascii: ",")] : []
            appendInfluxKey(column.name, to: &key)
            key.append(UInt8(ascii: "="))
            keys[column.ordinal] = key
        }
        return keys
    }()

    /// `simbench,scenario=vending,… ns_per_event_median=12.5,… 1764410000000000000`, or nil
    /// when the row's timestamp cannot be written in nanoseconds; `measurement` first.
    static func influxLine(_ row: ResultsRecord, measurement: String) -> String? {
        guard influxTimestamp(row) != .some(nil) else { return nil }
        var line = [UInt8]()
        appendInfluxLine(row, measurement: measurement, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// The row's timestamp in nanoseconds, its run's offset added (`runOffsetNanoseconds`):
    /// nil for a timestamp in no form simbench writes (the line goes without one),
    /// `.some(nil)` for one that 64-bit nanoseconds cannot hold.
    static func influxTimestamp(_ row: ResultsRecord) -> Int64?? {
        let timestamp = row.withCell(.timestamp) { epochNanoseconds($0) }
        guard case .some(.some(let nanoseconds)) = timestamp else { return timestamp }
        // Clamped in the last second line protocol can carry, so that the documented
        // range holds.
        let offset = min(
            row.withCell(.runID) { runOffsetNanoseconds($0) }, Int64.max - max(nanoseconds, 0))
        return .some(nanoseconds + offset)
    }

    /// Appends the row's line (`influxLine`) to `line`, its cells copied from their bytes
    /// where they need no escape; a row whose timestamp 64-bit nanoseconds cannot hold
    /// (which `Export` refuses before writing) goes without one.
    static func appendInfluxLine(
        _ row: ResultsRecord, measurement: String, to line: inout [UInt8]
    ) {
        appendInfluxKey(measurement, equals: false, to: &line)
        for tag in influxTags {
            row.withCell(tag) { value in
                guard !value.isEmpty else { return }
                line += influxKeys[tag.ordinal]
                appendInfluxKey(value, to: &line)
            }
        }
        line.append(UInt8(ascii: " "))
        var first = true
        func field(_ column: ResultColumn) {
            if !first { line.append(UInt8(ascii: ",")) }
            first = false
            line += influxKeys[column.ordinal]
        }
        for column in influxNumberFields {
            if let value = row.number(column) {
                field(column)
                line.appendDescription(of: value)
            }
        }
        for column in influxIntegerFields {
            if let value = row.withCell(column, wholeNumber) {
                field(column)
                line.appendDescription(of: value)
                line.append(UInt8(ascii: "i"))
            }
        }
        for column in influxStringFields {
            row.withCell(column) { value in
                guard !value.isEmpty else { return }
                field(column)
                appendInfluxString(value, to: &line)
            }
        }
        if case .some(.some(let nanoseconds)) = influxTimestamp(row) {
            line.append(UInt8(ascii: " "))
            line.appendDescription(of: nanoseconds)
        }
        line.append(UInt8(ascii: "\n"))
    }

    /// The cell as `Int64(String)` reads it: an optional sign, then ASCII digits; nil for
    /// anything else or a value beyond 64 bits.
    private static func wholeNumber(_ cell: UnsafeBufferPointer<UInt8>) -> Int64? {
        var at = 0
        let negative = at < cell.count && cell[at] == UInt8(ascii: "-")
        if at < cell.count, cell[at] == UInt8(ascii: "-") || cell[at] == UInt8(ascii: "+") {
            at += 1
        }
        guard at < cell.count else { return nil }
        var value: Int64 = 0
        while at < cell.count {
            let digit = cell[at] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowed) =
                negative
                ? times.subtractingReportingOverflow(Int64(digit))
                : times.addingReportingOverflow(Int64(digit))
            guard !overflow, !overflowed else { return nil }
            value = sum
            at += 1
        }
        return value
    }

    /// Appends `text` as `escapeInfluxKey` writes it: as it is when it needs no escape, and
    /// escaped byte by byte when it is ASCII without a carriage return, where each byte is
    /// a character of its own (a CPU's name with spaces, on every row).
    static func appendInfluxKey(
        _ text: UnsafeBufferPointer<UInt8>, equals: Bool = true, to line: inout [UInt8]
    ) {
        let special = text.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n")
                || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\\")
                || (equals && $0 == UInt8(ascii: "="))
        }
        guard special else {
            line.append(contentsOf: text)
            return
        }
        guard text.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else {
            line += escapeInfluxKey(String(decoding: text, as: UTF8.self), equals: equals).utf8
            return
        }
        for index in text.indices {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: " "):
                line.append(UInt8(ascii: "\\"))
                line.append(byte)
            case UInt8(ascii: "=") where equals:
                line += "\\=".utf8
            case UInt8(ascii: "\n"):
                line += "\\ ".utf8
            case UInt8(ascii: "\\"):
                let escapes =
                    index + 1 == text.count || ",= \n".utf8.contains(text[index + 1])
                line += (escapes ? "\\\\" : "\\").utf8
            default:
                line.append(byte)
            }
        }
    }

    private static func appendInfluxKey(
        _ text: String, equals: Bool = true, to line: inout [UInt8]
    ) {
        var text = text
        text.withUTF8 { appendInfluxKey($0, equals: equals, to: &line) }
    }

    /// Appends `text` as `quoteInfluxString` writes it.
    private static func appendInfluxString(
        _ text: UnsafeBufferPointer<UInt8>, to line: inout [UInt8]
    ) {
        guard text.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") })
        else {
            line.append(UInt8(ascii: "\""))
            line.append(contentsOf: text)
            line.append(UInt8(ascii: "\""))
            return
        }
        line += quoteInfluxString(String(decoding: text, as: UTF8.self)).utf8
    }

    /// Nanoseconds past the run's start second, the same for every row of the run and in every
    /// file and export that holds it (the whole history, one run of it, the run's own CSV).
    ///
    /// The `timestamp` column has whole seconds, and InfluxDB keeps one point per series and
    /// time: runs started in the same second (short runs appended one after another) would
    /// be one point of each series, the last written replacing the others. FNV-1a of the run
    /// id, below one second, parts them: two runs of one second meet with a chance of one in
    /// a billion. 0 without a run id. Never change the function: every point a user already
    /// wrote would be written again beside itself.
    static func runOffsetNanoseconds(_ runID: String) -> Int64 {
        var runID = runID
        return runID.withUTF8(runOffsetNanoseconds)
    }

    /// `runOffsetNanoseconds` of a run id's UTF-8 bytes.
    static func runOffsetNanoseconds(_ runID: UnsafeBufferPointer<UInt8>) -> Int64 {
        guard !runID.isEmpty else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in runID { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return Int64(hash % 1_000_000_000)
    }

    /// Escapes a measurement name (commas, spaces), or a tag key, tag value or field key
    /// (commas, equals signs, spaces). Line breaks cannot be escaped in line protocol: they
    /// become spaces, escaped.
    ///
    /// A backslash is written as it is: InfluxDB 1.x (`scripts/influx-check.sh` reads 1.6
    /// back) unescapes only the characters above, so `\\` would be stored as two backslashes.
    /// Where one would escape what follows (before one of those characters, or at the end,
    /// before the separator) it is written `\\`, line protocol's escaped backslash for the
    /// readers that take it so; InfluxDB 1.x keeps both there, or refuses the line when it
    /// ends the value: no form carries it.
    static func escapeInfluxKey(_ text: String, equals: Bool = true) -> String {
        // Most tags need no escape: found among the bytes, they are written as they are.
        let special = text.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n")
                || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\\")
                || (equals && $0 == UInt8(ascii: "="))
        }
        guard special else { return text }
        let characters = Array(text)
        var result = ""
        for (index, character) in characters.enumerated() {
            switch character {
            case ",", " ": result += "\\\(character)"
            case "=" where equals: result += "\\="
            case "\n", "\r", "\r\n": result += "\\ "
            case "\\":
                let next = characters.indices.contains(index + 1) ? characters[index + 1] : nil
                let escapes = next.map { ",= \n\r".contains($0) || $0 == "\r\n" } ?? true
                result += escapes ? "\\\\" : "\\"
            default: result.append(character)
            }
        }
        return result
    }

    /// A string field value: in double quotes, with quotes and backslashes escaped.
    static func quoteInfluxString(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") })
        else { return "\"" + text + "\"" }
        return "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"") + "\""
    }

    /// `2026-11-29T10:00:00Z` (the form simbench writes) as nanoseconds since 1970: nil if
    /// the text is not in that form, `.some(nil)` if it is a time that 64-bit nanoseconds
    /// cannot hold. Parsed by hand: no date formatter per row, no overflow.
    static func epochNanoseconds(_ timestamp: String) -> Int64?? {
        var timestamp = timestamp
        return timestamp.withUTF8(epochNanoseconds)
    }

    /// `epochNanoseconds` of a timestamp's UTF-8 bytes.
    static func epochNanoseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64?? {
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let seconds =
            daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60
            + second
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return .some(overflow ? nil : nanoseconds)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard
    /// Hinnant's `days_from_civil`); small enough for any four-digit year.
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
