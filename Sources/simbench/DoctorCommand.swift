import SimBench

/// `simbench doctor`: are this machine's and this build's numbers worth reading?
struct DoctorCommand {
    /// Enough entities that a round's fixed cost (actor messages) is small next to its work.
    var machines = 2000
    var scenarios: [String]?
    var seed: UInt64 = 1

    init(parsing words: some Collection<String>) throws(UsageError) {
        var arguments = Arguments(words)
        while let flag = arguments.next() {
            switch flag {
            case "--machines":
                machines = try arguments.integer(for: flag, in: 1...1_000_000)
            case "--scenario", "--scenarios":
                scenarios = try arguments.list(
                    for: flag, expected: "a comma list of scenarios (see 'simbench list')")
            default:
                throw UsageError("doctor: unknown flag '\(flag)'; see 'simbench help doctor'")
            }
        }
    }

    func execute() async throws(UsageError) -> ExitStatus {
        let progress = ProgressLine(enabled: Terminal.standardErrorIsTerminal)
        let checks = try await Doctor(
            machines: machines, scenarios: scenarios, seed: seed, catalog: Suite.catalog,
            ruler: Suite.ruler
        ).run {
            phase in
            progress.show(BenchmarkRunner.Progress(scenario: 1, scenarios: 1, label: "doctor", phase: phase))
        }
        progress.finish()
        var table = TextTable(header: ["check", "", "detail"])
        table.leftAligned = [0, 1, 2]
        for check in checks {
            table.rows.append([check.name, check.verdict.rawValue, check.detail])
        }
        print(table.render(indent: ""))
        let failures = checks.filter { $0.verdict == Doctor.Check.Verdict.failure }.count
        let warnings = checks.filter { $0.verdict == Doctor.Check.Verdict.warning }.count
        print("\n\(checks.count) checks: \(failures) failed, \(warnings) warnings")
        return failures > 0 ? .unhealthy : .success
    }
}
