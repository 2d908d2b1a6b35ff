import Foundation
import SimBench

/// `simbench doctor`: are this host's and this build's numbers worth reading?
struct DoctorCommand: Command {
    /// Enough machines that a round's fixed cost (actor messages) is small next to its work.
    var machines = 2000
    var scenarios: [String]?
    var seed: UInt64 = 1
    var deterministic = false

    static let name = "doctor"
    static let abstract = "check that this build and machine give trustworthy numbers"

    static var flags: [Option<DoctorCommand>] {
        [
            .count(
                RunSetting.machines.flag, help: "entities of each scaling check",
                default: "\(DoctorCommand().machines)",
                limit: RunOptions.Limits.machines
            ) { $0.machines = $1 },
            .list(
                RunSetting.scenarios.flag, "--scenarios", value: "A,B",
                help: "scenarios whose variants the scaling check measures",
                default: "the default suite",
                expected: "a comma list of scenarios (see '\(Suite.toolName) list')"
            ) { $0.scenarios = $1 },
            .flag(
                "--deterministic",
                help:
                    "only the checks whose verdict other work on the machine cannot change: no load, A/A or step check (what CI runs)"
            ) { $0.deterministic = true },
        ]
    }

    static var discussion: String {
        """
        CHECKS
          build          a release build (a debug build fails the doctor)
          clock          the monotonic clock's resolution
          allocations    whether an untimed child with the allocation counter preloaded counts
                         \(taxName)'s allocations (the timing process interposes nothing)
          instructions   whether perf_event_open can count instructions (not on most VMs)
          counting       whether run --instructions callgrind counts: valgrind found, its version, and
                         a probe of \(rulerProbe): \(rulerName) and its twin
                         count alike, the step counts as much more as it works (no valgrind: a warning)
          platform       the platform, then each capability (clocks, memory, instruction and allocation
                         counts, unnamed files, one core …): ok and how it is had, or unavailable and why
          load           whether other work competes for the cores (not with --deterministic)
          scaling        every variant of every scenario at its default events and at \(Doctor.growthFactor)×:
                         its CPU time must grow at least \(String(format: "%g", Doctor.minimumGrowth))×, or its work was optimised
                         away; one that grows less is measured again at \(Doctor.growthFactor)× those events, where a
                         fixed cost per entity weighs \(Doctor.growthFactor)× less, and must grow \(String(format: "%g", Doctor.minimumGrowth))× there
          outcome        every variant of every scenario computed its baseline's outcome in those runs
          tax            \(taxName) and .\(Suite.tax?.plain ?? "its plain twin"), timed by a bare loop in this binary
                         and by the harness at --actors 1, taking turns: they must agree within ±\(String(format: "%g", Doctor.taxLimit * 100))%
                         (not with --deterministic)
          A/A            \(rulerScenario)'s \(rulerName) against its identical twin: the ratio CI contains 1
                         (not with --deterministic)
          10% step       \(rulerScenario) \(rulerStep): the ratio CI excludes 1
                         (not with --deterministic)
        """
    }

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "every check passed (warnings allowed)"),
        (.unhealthy, "a check failed"),
    ]

    /// The help's names for the tool's tax and ruler scenarios; a tool that names none has
    /// those checks skipped, and its help says so.
    private static let unnamed = "(none: this tool names no such scenario, the check is skipped)"
    private static var taxName: String {
        Suite.tax.map { "\($0.scenario).\($0.allocating)" } ?? unnamed
    }
    private static var rulerScenario: String { Suite.ruler?.scenario ?? unnamed }
    private static var rulerName: String { Suite.ruler?.ruler ?? "its ruler" }
    private static var rulerProbe: String {
        Suite.ruler.map { "\($0.scenario) at \($0.parameter)=\($0.reference) and \($0.step)" }
            ?? unnamed
    }
    private static var rulerStep: String {
        Suite.ruler.map { "\($0.parameter)=\($0.step) against \($0.parameter)=\($0.reference)" }
            ?? ""
    }

    init() {}

    mutating func finish(operands: [String]) throws {
        try Self.refuseOperands(operands)
    }

    func execute() async throws -> ExitStatus {
        let progress = ProgressLine(enabled: Terminal.standardErrorIsTerminal)
        var doctor = Doctor(
            machines: machines, scenarios: scenarios, seed: seed, catalog: Suite.catalog,
            ruler: Suite.ruler, tax: Suite.tax,
            deterministic: deterministic)
        doctor.settingName = { $0.flag }
        let checks = try await doctor.run {
            phase in
            progress.show(
                BenchmarkRunner.Progress(scenario: 1, scenarios: 1, label: "doctor", phase: phase))
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
