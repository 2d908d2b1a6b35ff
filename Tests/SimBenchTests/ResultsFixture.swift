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
