import Foundation
import Testing

@testable import SimBench

/// The exports lead with the headline, CPU time per event, where the file has it, and name
/// each entry's basis; the wall entries stay, named as the fleet's throughput.
@Suite("exports name their basis")
struct ExportBasisTests {
    static func file() throws -> ResultsFile {
        func withCPU(_ row: [String: String], cpu: Double, ratio: Double?) -> [String: String] {
            var row = row
            row["cpu_ns_per_event_median"] = "\(cpu)"
            row["cpu_ns_per_event_ci_low"] = "\(cpu - 1)"
            row["cpu_ns_per_event_ci_high"] = "\(cpu + 1)"
            if let ratio {
                row["cpu_ratio_to_baseline"] = "\(ratio)"
                row["cpu_ratio_ci_low"] = "\(ratio - 0.01)"
                row["cpu_ratio_ci_high"] = "\(ratio + 0.01)"
            }
            return row
        }
        return try ResultsFixture([
            withCPU(
                .row("enum-switch", role: "baseline", median: 100, ci: (99, 101), ratio: 1),
                cpu: 190, ratio: nil),
            withCPU(
                .row("table", median: 80, ci: (79, 81), ratio: 0.8, ratioCI: (0.78, 0.82)),
                cpu: 150, ratio: 0.79),
        ]).file("run.csv")
    }

    @Test("github: CPU entries first, labelled CPU; the wall entry says what it is")
    func github() throws {
        let text = try BenchmarkExport.render(try Self.file(), as: .github)
        let entries = try #require(
            JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let table = entries.filter { ($0["name"] as? String)?.hasPrefix("vending.table") == true }
        let names = table.compactMap { $0["name"] as? String }
        #expect(
            Array(names.prefix(2)) == [
                "vending.table[products=40] CPU",
                "vending.table[products=40] CPU ratio to baseline",
            ], "\(names)")
        #expect(table.first?["unit"] as? String == "CPU ns/event")
        #expect(table.first?["value"] as? Double == 150)
        #expect(table[1]["unit"] as? String == "× baseline (CPU)")
        let wall = try #require(
            table.first { $0["name"] as? String == "vending.table[products=40]" })
        #expect(
            (wall["extra"] as? String)?.hasPrefix("wall time per event: the fleet's throughput")
                == true)
    }

    @Test("bencher: cpu-latency and cpu-ratio-to-baseline beside the wall measures")
    func bencher() throws {
        let text = try BenchmarkExport.render(try Self.file(), as: .bencher)
        let benchmarks = try #require(
            JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [String: Any]])
        let table = try #require(benchmarks["vending.table[products=40]"])
        #expect(
            Set(table.keys).isSuperset(of: [
                "cpu-latency", "cpu-ratio-to-baseline", "latency", "ratio-to-baseline",
            ]), "\(table.keys)")
        let cpu = try #require(table["cpu-latency"] as? [String: Any])
        #expect(cpu["value"] as? Double == 150)
    }
}
