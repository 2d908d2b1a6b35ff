import Foundation
import SimBench
import Testing

/// The cost model's whole path on this host: `host --instructions callgrind --csv` prices
/// each cost, latency and throughput, first-level and last-level misses among them; `run
/// --instructions callgrind --prices` predicts every pattern from those prices, a point and an
/// interval around it.
@Suite("the cost model from host to run --prices")
struct CostModelPathTests {
    static let valgrindPresent = FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind")

    /// The smallest sizes: what is checked is the path, not the figures' precision.
    static let sizes = [
        "--allow-debug", "--machines", "20", "--events", "5", "--rounds", "2", "--processes", "1",
    ]

    /// The columns the model reads and writes, beside the counts before them.
    static let modelColumns = [
        "cache_misses_l1d_per_event", "cache_misses_ll_per_event", "cache_geometry",
        "predicted_ns_added_low", "predicted_ns_added_high",
    ]

    @Test(
        "host prices each cost twice with intervals, misses too, and run --prices predicts every pattern as a point inside its interval",
        .enabled(if: LongTests.enabled, "long: scripts/long-tests.sh runs it (.ci/run)"),
        .enabled(if: valgrindPresent, "valgrind is not installed (apt-get install valgrind)"))
    func hostThenRun() throws {
        // Where no committed counts are: the scratch directory has no results/hosts/.
        let scratch = try ScratchDirectory()
        let prices = scratch.path("prices.csv")
        let host = try SimBenchBinary.run(
            ["host"] + Self.sizes + ["--instructions", "callgrind", "--csv", prices],
            in: scratch.url, timeout: 600)
        #expect(host.status == 0, "stderr: \(host.standardError)")

        // The printed prices: a latency and a throughput column, each with its interval,
        // and a row for each level's miss.
        let lines = host.standardOutput.split(separator: "\n").map(String.init)
        let header = try #require(
            lines.first { $0.hasPrefix("  cost ") }, "no prices table: \(host.standardOutput)")
        #expect(
            header.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                == "cost latency 95% CI throughput 95% CI", "\(header)")
        let interval = #"\[[^\]]+, [^\]]+\]"#
        for miss in ["first-level miss", "last-level miss"] {
            let row = try #require(
                lines.first { $0.hasPrefix("  \(miss) ") }, "no \(miss) row: \(host.standardOutput)"
            )
            #expect(
                row.range(
                    of: #"^  \#(miss) +\S+ +\#(interval) +\S+ +\#(interval)$"#,
                    options: .regularExpression) != nil,
                "a latency and a throughput, each with its interval: \(row)")
        }

        // The prices file: every counted row with its misses and the caches simulated,
        // this host's own.
        let priceRows = try csvRows(at: prices)
        let columns = parseCSV(try String(contentsOfFile: prices, encoding: .utf8)).first ?? []
        for column in Self.modelColumns {
            #expect(columns.contains(column), "\(column) in the prices file's header")
        }
        let geometry = CacheGeometry(host: RunEnvironment.current().hostIdentity).description
        let ok = priceRows.filter { $0["status"] == "ok" }
        #expect(ok.count == priceRows.count && !ok.isEmpty, "\(priceRows.map { $0["status"] })")
        let otherCaches = ok.filter { $0["cache_geometry"] != geometry }
        #expect(
            otherCaches.isEmpty,
            "not \(geometry): \(otherCaches.map { "\($0["variant"] ?? ""): \($0["cache_geometry"] ?? "")" })"
        )
        let uncounted = ok.filter { row in
            CacheMiss.allCases.contains { Double(row[$0.columnName] ?? "") == nil }
        }
        #expect(uncounted.isEmpty, "misses not counted: \(uncounted.map { $0["variant"] })")
        // The chases miss where they say, on this host's caches: each adds about one miss
        // per event at its level over the plain work, the L2-sized one none at the last level.
        func added(_ variant: String, _ column: String) throws -> Double {
            let row = try #require(ok.first { $0["variant"] == variant }, "no \(variant) row")
            let plain = try #require(ok.first { $0["variant"] == "plain" }, "no plain row")
            return try #require(Double(row[column] ?? "")) - #require(Double(plain[column] ?? ""))
        }
        let l2FirstLevel = try added("miss-l2", "cache_misses_l1d_per_event")
        let l2LastLevel = try added("miss-l2", "cache_misses_ll_per_event")
        let memoryLastLevel = try added("miss-memory", "cache_misses_ll_per_event")
        #expect(l2FirstLevel > 0.9, "miss-l2 adds \(l2FirstLevel) first-level misses per event")
        #expect(abs(l2LastLevel) < 0.1, "miss-l2 adds \(l2LastLevel) last-level misses per event")
        #expect(memoryLastLevel > 0.9, "miss-memory adds \(memoryLastLevel) last-level misses")

        // A counted run priced by that file: every ok pattern predicted, a point within its
        // interval.
        let results = scratch.path("run.csv")
        let run = try SimBenchBinary.run(
            ["run", "--scenarios", "vending"] + Self.sizes + [
                "--instructions", "callgrind", "--prices", prices, "--csv", results,
            ], in: scratch.url, timeout: 600)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let patterns = try csvRows(at: results).filter {
            $0["role"] == "pattern" && $0["status"] == "ok"
        }
        #expect(patterns.count == 3, "\(patterns.map { $0["variant"] })")
        for row in patterns {
            let variant = row["variant"] ?? "?"
            #expect(row["cache_geometry"] == geometry, "\(variant)")
            let point = try #require(
                Double(row["predicted_ns_added_per_event"] ?? ""), "\(variant): no point")
            let low = try #require(Double(row["predicted_ns_added_low"] ?? ""), "\(variant)")
            let high = try #require(Double(row["predicted_ns_added_high"] ?? ""), "\(variant)")
            #expect(low <= point && point <= high, "\(variant): \(point) in [\(low), \(high)]")
        }
    }
}
