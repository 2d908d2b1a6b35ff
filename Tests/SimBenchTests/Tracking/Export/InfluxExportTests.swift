import Foundation
import Testing

@testable import SimBench

/// Influx timestamps far from today, and agreement with Foundation's calendar.
@Suite("influx export")
struct InfluxExportTests {
    @Test("influx timestamps: exact nanoseconds where they fit, an error naming the row where not")
    func influxFarTimestamps() throws {
        let cases: [(String, Int64?)] = [
            ("1970-01-01T00:00:00Z", 0), ("2026-11-29T10:00:00Z", 1_795_946_400_000_000_000),
            ("2000-02-29T12:34:56Z", 951_827_696_000_000_000),
            ("1677-09-21T00:12:44Z", -9_223_372_036_000_000_000),
            ("2262-04-11T23:47:16Z", 9_223_372_036_000_000_000),
            ("1900-03-01T00:00:00Z", -2_203_891_200_000_000_000),
        ]
        for (text, nanoseconds) in cases {
            #expect(BenchmarkExport.epochNanoseconds(text) == .some(nanoseconds), "\(text)")
        }
        for far in [
            "0001-01-01T00:00:00Z", "2263-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
            "1677-09-21T00:12:43Z",
        ] {
            #expect(BenchmarkExport.epochNanoseconds(far) == .some(nil), "\(far)")
            var fixture = ResultsFixture([.row("table", median: 80)])
            fixture.rows[0]["timestamp"] = far
            let file = try fixture.file()
            let error = #expect(throws: ResultsFileError.self) {
                try BenchmarkExport.render(file, as: .influx)
            }
            #expect(
                error?.line == 2 && error?.column == "timestamp", "\(String(describing: error))")
            #expect(error?.message.contains("1677-09-21 to 2262-04-11") == true)
        }
        for other in [
            "", "yesterday", "2026-11-29 10:00:00", "2026-13-01T00:00:00Z", "２０２６-11-29T10:00:00Z",
        ] {
            #expect(BenchmarkExport.epochNanoseconds(other) == nil, "\(other)")
        }
    }

    @Test("influx agrees with Foundation's calendar on a sweep of dates")
    func influxAgreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var seed: UInt64 = 12
        for _ in 0..<500 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Int64(seed >> 33) % (580 * 365 * 86_400) - 290 * 365 * 86_400
            let text = formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
            #expect(
                BenchmarkExport.epochNanoseconds(text) == .some(seconds * 1_000_000_000), "\(text)")
        }
    }
}
