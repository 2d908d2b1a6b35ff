@testable import SimBench

/// A results CSV built in memory, every column of the current schema present, each row
/// given by the few cells a test cares about.
struct ResultsFixture {
    var columns = ResultRow.columns
    var rows: [[String: String]]

    init(_ rows: [[String: String]]) {
        self.rows = rows
    }

    var text: String {
        OutputFile.document(
            header: columns, rows: rows.map { row in columns.map { row[$0] ?? "" } })
    }

    func file(_ path: String = "fixture.csv", runs: ResultsFile.Runs = .one)
        throws(ResultsFileError) -> ResultsFile
    {
        try ResultsFile(path: path, bytes: Array(text.utf8), runs: runs)
    }
}

extension Dictionary where Key == String, Value == String {
    /// One measured row for a `ResultsFixture`: CIs, ratio and allocations only where given.
    static func row(
        _ variant: String, scenario: String = "vending", role: String = "pattern",
        params: String = "products=40", median: Double?, ci: (Double, Double)? = nil,
        ratio: Double? = nil, ratioCI: (Double, Double)? = nil, allocations: Double? = nil,
        status: String = "ok", run: String = "run-1", host: String = "ci-host"
    ) -> [String: String] {
        func text(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }
        return [
            "run_id": run, "timestamp": "2026-11-29T10:00:00Z", "host": host,
            "cpu": "test cpu, 2 GHz",
            "cores": "2", "build_config": "release", "git_commit": "abc123", "scenario": scenario,
            "params": params, "variant": variant, "role": role, "status": status,
            "event_unit": "customer action (putMoney, ejectMoney or pressButton)",
            "machines": "1000", "events_per_machine": "200", "rounds": "10", "seed": "1",
            "ns_per_event_median": text(median), "ns_per_event_ci_low": text(ci?.0),
            "ns_per_event_ci_high": text(ci?.1), "ratio_to_baseline": text(ratio),
            "ratio_ci_low": text(ratioCI?.0), "ratio_ci_high": text(ratioCI?.1),
            "allocs_per_event": text(allocations), "checksum": "1f2e",
        ]
    }
}

extension ResultRow {
    /// An `ok` pattern row, `napping` of scenario `spin`: 10 ns/event whose rounds spread by
    /// `cv`, `rounds` rounds of 100,000 events (1 ms each), in one process.
    static func measured(rounds: Int = 10, cv: Double = 0.05) -> ResultRow {
        let time = TimeStatistics(
            median: 10, min: 9, max: 11, mean: 10, standardDeviation: 10 * cv,
            coefficientOfVariation: cv, p10: 9.5, p90: 10.5, medianLow: 9.8, medianHigh: 10.2,
            mildOutliers: 0, severeOutliers: 0)
        return ResultRow(
            environment: RunEnvironment.current(), scenario: "spin", parameters: "",
            variant: "napping", role: .pattern, status: .ok, eventUnit: "step", machines: 100,
            eventsPerMachine: 1000, eventsPerRound: 100_000, actors: 1, rounds: rounds,
            warmupRounds: 1, seed: 1, nsPerEvent: time, eventsPerSecond: 1e8,
            ratioToBaseline: Estimate(value: 1, low: 0.9, high: 1.1),
            cpuNsPerEventMedian: Estimate(value: 10), allocationsPerEvent: 0,
            peakResidentBytes: nil, residentBytesPerMachine: nil, instructionsPerEvent: nil,
            setupMilliseconds: 1, prepareMilliseconds: 0, checksum: 1)
    }
}
