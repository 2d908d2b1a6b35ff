import Foundation
import SimBenchCore

/// `simbench doctor`: checks that this host and this build can produce numbers worth
/// reading, and that every variant's time grows with its work.
public struct Doctor: Sendable {
    /// One finding.
    public struct Check: Sendable {
        public enum Verdict: String, Sendable {
            case pass = "ok"
            case warning = "warn"
            case failure = "FAIL"
        }

        public var name: String
        public var verdict: Verdict
        public var detail: String
    }

    public let machines: Int
    public let scenarios: [String]?
    public let seed: UInt64
    /// The scenarios the scaling check may measure.
    public let catalog: Catalog
    /// The calibration scenario of the ruler checks; none skips them.
    public let ruler: RulerCheck?
    /// The variants of the tax check and of the allocation probe; none skips them.
    public let tax: TaxCheck?
    /// Only the checks whose verdict other work on the machine cannot change: no load
    /// check, no tax and no ruler (deterministic, what CI runs).
    public let deterministic: Bool
    /// How the findings name a run's settings: by their own names unless the caller names
    /// them its way (a command line, by its flags).
    public var settingName: @Sendable (RunSetting) -> String = { $0.optionName }

    public init(
        machines: Int, scenarios: [String]?, seed: UInt64, catalog: Catalog, ruler: RulerCheck?,
        tax: TaxCheck? = nil, deterministic: Bool = false
    ) {
        self.machines = machines
        self.scenarios = scenarios
        self.seed = seed
        self.catalog = catalog
        self.ruler = ruler
        self.tax = tax
        self.deterministic = deterministic
    }

    /// `message` with each setting named as `settingName` says.
    func words(_ message: SettingMessage) -> String {
        message.rendered(naming: settingName)
    }

    /// How much the scaling check multiplies each machine's events by.
    public static let growthFactor = 8

    /// The least a variant's CPU time may grow when its events grow `growthFactor`×. Work
    /// that is really done grows about 8×, less where a per-machine cost (recording a
    /// machine's result) is a large share; work the optimiser removed does not grow at all.
    /// (At 4×, marks' flat stats, a few ns per mark beside a per-page record, grew 1.94×.)
    public static let minimumGrowth = 2.0

    /// The scaling check's rounds at each size, after one warm-up round.
    static let scalingRounds = 5

    /// Runs every check; `progress` hears what is being checked.
    ///
    /// Every run the checks will make is planned first, so that one the machine cannot hold
    /// is refused before anything is measured, naming the doctor's own flags.
    public func run(progress: @Sendable (String) -> Void = { _ in }) async throws(RunPlanError)
        -> [Check]
    {
        var checks = environmentChecks()
        let environment = RunEnvironment.current()

        // Scaling: every variant, at its scenario's default events and at 8×.
        var small = RunOptions()
        small.machines = [machines]
        small.scenarios = scenarios
        small.seed = seed
        let smallPlan = try plan(
            small, environment: environment, size: "its default events per machine")
        var scalings = [(planned: PlannedConfiguration, base: RunPlan, grown: RunPlan)]()
        for planned in smallPlan.configurations {
            let events = planned.configuration.eventsPerEntity
            scalings.append(
                (
                    planned,
                    try scalingPlan(planned, events: events, environment: environment),
                    try scalingPlan(
                        planned, events: events * Doctor.growthFactor, environment: environment)
                ))
        }
        var rulerPlan: RunPlan?
        if let ruler, !deterministic { rulerPlan = try planRuler(ruler, environment: environment) }
        var taxPlan: RunPlan?
        if let tax, !deterministic {
            taxPlan = try plan(
                taxOptions(tax), environment: environment, size: "its default events per machine")
        }

        // Probes in children: once every run above is known to fit.
        if let ruler {
            progress("counting: a probe under callgrind")
            checks.append(countingCheck(ruler, executable: ProcessPool.currentExecutable))
        }
        progress("allocations: an untimed child counts")
        checks.insert(allocationCheck(tax, environment: environment), at: min(2, checks.count))

        for scaling in scalings {
            progress("scaling: \(scaling.planned.label)")
            checks += await scalingChecks(
                scaling.planned, base: scaling.base, grown: scaling.grown, environment: environment)
        }

        // The tax: the harness at one actor against a bare loop of the same code. Timed, so
        // not in a deterministic doctor.
        if let tax, let taxPlan {
            progress(
                words(
                    "tax: \(tax.scenario) \(tax.allocating) and \(tax.plain), bare loop and \(.actors) 1"
                ))
            checks += await taxChecks(tax, plan: taxPlan, environment: environment)
        }

        // The ruler: an A/A pair and a 10% step must be told apart correctly.
        if let ruler, let rulerPlan {
            progress(
                "\(ruler.scenario): A/A and \(ruler.parameter)=\(ruler.reference) vs \(ruler.step)")
            checks += await rulerChecks(ruler, plan: rulerPlan, environment: environment)
        }
        return checks
    }

    /// A plan of the doctor's; a run too large for this host's memory is refused naming
    /// `machines`, the doctor's one setting that sizes it, and `size`, the events per machine
    /// the doctor chose.
    private func plan(
        _ options: RunOptions, environment: RunEnvironment, size: String
    ) throws(RunPlanError) -> RunPlan {
        try RunPlan(
            options: options, catalog: catalog, cores: environment.cores,
            physicalMemory: environment.physicalMemory
        ) { refusal in
            RunPlanError(
                .machines,
                "\(.machines) \(refusal.machines): \(refusal.shortfall), at \(size) (\(refusal.events)); \(refusal.remedy)"
            )
        }
    }

    /// The run of one configuration at `events` per machine, as the scaling check measures it.
    private func scalingPlan(
        _ planned: PlannedConfiguration, events: Int, environment: RunEnvironment,
        variants: [String]? = nil
    ) throws(RunPlanError) -> RunPlan {
        var options = RunOptions()
        options.machines = [machines]
        options.eventsPerMachine = [events]
        options.scenarios = [planned.entry.name]
        options.variants = variants
        options.rounds = Doctor.scalingRounds
        options.warmup = 1
        options.seed = seed
        options.parameters = planned.configuration.parameters.values.map {
            ParameterAssignment(scenario: planned.entry.name, name: $0.key, value: $0.value)
        }
        let factor = events / max(planned.configuration.eventsPerEntity, 1)
        return try plan(
            options, environment: environment,
            size: factor == 1
                ? "its default events per machine"
                : "the scaling check's \(factor)× its default events per machine")
    }

    private func environmentChecks() -> [Check] {
        var checks = [Check]()
        checks.append(
            RunEnvironment.isDebugBuild
                ? Check(
                    name: "build", verdict: .failure,
                    detail:
                        "debug build: timings mean nothing; use swift run -c release \(ToolName.current) …"
                )
                : Check(name: "build", verdict: .pass, detail: "release build (-O)"))
        var resolution = timespec()
        clock_getres(CLOCK_MONOTONIC, &resolution)
        let resolutionNs = resolution.tv_sec * 1_000_000_000 + resolution.tv_nsec
        checks.append(
            Check(
                name: "clock", verdict: resolutionNs <= 1000 ? .pass : .warning,
                detail: "CLOCK_MONOTONIC resolution \(resolutionNs) ns"))
        checks.append(
            InstructionCounter.unavailableReason().map {
                Check(name: "instructions", verdict: .warning, detail: $0)
            }
                ?? Check(
                    name: "instructions", verdict: .pass,
                    detail: "perf_event_open counts instructions"))
        checks += platformChecks()
        var loads = [Double](repeating: 0, count: 3)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // The load is a moment's noise, not this build's fitness: a deterministic doctor
        // leaves it out.
        if !deterministic, getloadavg(&loads, 3) == 3 {
            let busy = loads[0] > Double(cores) * 0.5
            checks.append(
                Check(
                    name: "load", verdict: busy ? .warning : .pass,
                    detail: String(
                        format: "load average %.2f on %d cores%@", loads[0], cores,
                        busy ? ": other work competes; expect noisy samples" : "")))
        }
        return checks
    }

    /// What the scaling check reads of one run: each variant's median CPU time per round,
    /// and the variants whose outcome was not their baseline's.
    private struct ScalingRun {
        var medians: [String: Double] = [:]
        var wrong: [String] = []
        var events = 0
    }

    /// Runs `plan` and reads, for every variant, the median over rounds of the CPU time its
    /// run took: the workers' threads while they ran it (for an asynchronous scenario, the
    /// process's). That is the variant's own work: a thread waiting for a core while other
    /// work runs adds nothing, and neither do the round's actor messages, a fixed cost of the
    /// harness that is not the variant's, so neither a busy machine nor the harness can hide
    /// or fake growth. Wall time counts both, and failed honest variants on a loaded 2-core
    /// machine.
    private func measure(_ plan: RunPlan, environment: RunEnvironment) async -> ScalingRun {
        let result = await BenchmarkRunner(plan: plan, environment: environment).run()
        var run = ScalingRun()
        for configuration in result.configurations {
            run.events = configuration.planned.configuration.eventsPerEntity
            run.wrong += configuration.wrongVariants
            for variant in configuration.planned.variants {
                let perRound = configuration.cpuNanosecondsPerEvent(of: variant.name).map {
                    $0 * Double(configuration.events)
                }
                run.medians[variant.name] = Percentile.median(sorted: perRound.sorted())
            }
        }
        return run
    }

    /// Every variant's CPU time must grow `minimumGrowth`× when its events grow
    /// `growthFactor`×, and every variant must compute its baseline's outcome at both sizes.
    ///
    /// A variant that grows less at its scenario's default events is measured once more at
    /// `growthFactor`× those: a cost per machine (recording a session's log) can outweigh
    /// a few nanoseconds of work per event at the default, and shrinks `growthFactor`×
    /// against the events there. Work the optimiser removed grows at neither size, so the
    /// check still fails it.
    private func scalingChecks(
        _ planned: PlannedConfiguration, base basePlan: RunPlan, grown grownPlan: RunPlan,
        environment: RunEnvironment
    ) async -> [Check] {
        let base = await measure(basePlan, environment: environment)
        let grown = await measure(grownPlan, environment: environment)
        func milliseconds(_ nanoseconds: Double) -> String {
            NumberFormat.significant(nanoseconds / 1e6) + " ms"
        }
        func growth(_ before: ScalingRun, _ after: ScalingRun, _ variant: String) -> (
            Double, String
        )? {
            guard let low = before.medians[variant], let high = after.medians[variant], low > 0
            else {
                return nil
            }
            return (high / low, "\(milliseconds(low)) → \(milliseconds(high))")
        }
        let slow = planned.variants.map(\.name).filter { variant in
            growth(base, grown, variant).map { $0.0 < Doctor.minimumGrowth } ?? false
        }
        var further: ScalingRun?
        var furtherRefusal: String?
        if !slow.isEmpty {
            do {
                let plan = try scalingPlan(
                    planned, events: grown.events * Doctor.growthFactor, environment: environment,
                    variants: slow)
                further = await measure(plan, environment: environment)
            } catch {
                furtherRefusal = error.description
            }
        }
        var checks = planned.variants.map { variant in
            let name = "scaling \(planned.label).\(variant.name)"
            guard let (first, firstTimes) = growth(base, grown, variant.name) else {
                return Check(name: name, verdict: .failure, detail: "could not be measured")
            }
            let detail = String(
                format: "%d× the events took %.2f× the CPU time (%@ per round)",
                Doctor.growthFactor, first,
                firstTimes)
            if first >= Doctor.minimumGrowth {
                return Check(name: name, verdict: .pass, detail: detail)
            }
            guard let further, let (second, secondTimes) = growth(grown, further, variant.name)
            else {
                return Check(
                    name: name, verdict: .failure,
                    detail: detail + "; \(Doctor.growthFactor)× again could not be measured"
                        + (furtherRefusal.map { ": \($0)" } ?? ""))
            }
            let again = String(
                format: "; %d× again took %.2f× (%@)", Doctor.growthFactor, second, secondTimes)
            return second >= Doctor.minimumGrowth
                ? Check(
                    name: name, verdict: .pass,
                    detail: detail + again
                        + ": it grows with its events once fixed costs weigh less")
                : Check(
                    name: name, verdict: .failure,
                    detail: detail + again + ": work optimised away, or fixed costs dominate")
        }
        // Whatever the timings, every variant must have computed its baseline's outcome (the
        // floor: the same outcome every round) at every size the check ran.
        let wrong = Set(base.wrong + grown.wrong + (further?.wrong ?? []))
        let sizes = [base, grown] + (further.map { [$0] } ?? [])
        let events = sizes.map { "\($0.events)" }.joined(separator: ", ")
        let wrongNames = planned.variants.map(\.name).filter(wrong.contains).joined(separator: ", ")
        checks.append(
            wrong.isEmpty
                ? Check(
                    name: "outcome \(planned.label)", verdict: .pass,
                    detail:
                        "every variant computed its baseline's outcome at \(events) events per machine"
                )
                : Check(
                    name: "outcome \(planned.label)", verdict: .failure,
                    detail:
                        "\(wrongNames) computed another outcome than the baseline at \(events) events per machine"
                ))
        return checks
    }

    /// The ruler checks' run: the A/A pair and the step, measured side by side.
    private func planRuler(
        _ ruler: RulerCheck, environment: RunEnvironment
    ) throws(RunPlanError) -> RunPlan {
        var options = RunOptions()
        options.machines = [machines]
        options.scenarios = [ruler.scenario]
        options.parameters = [
            .init(
                scenario: ruler.scenario, name: ruler.parameter,
                value: "\(ruler.reference),\(ruler.step)")
        ]
        options.rounds = 15
        options.seed = seed
        return try plan(
            options, environment: environment,
            size: "\(ruler.scenario)'s default events per machine")
    }

    private func rulerChecks(
        _ ruler: RulerCheck, plan: RunPlan, environment: RunEnvironment
    ) async -> [Check] {
        let result = await BenchmarkRunner(plan: plan, environment: environment).run()
        let rows = result.configurations.flatMap { $0.rows(environment: environment, seed: seed) }
        var checks = [Check]()
        let prefix = ruler.parameter + "="
        func work(_ row: ResultRow) -> String? {
            row.parameters.split(separator: ";").first { $0.hasPrefix(prefix) }.map {
                String($0.dropFirst(prefix.count))
            }
        }
        if let twin = rows.first(where: { work($0) == ruler.reference && $0.variant == ruler.twin }
        ),
            let ratio = twin.ratioToBaseline?.value, let low = twin.ratioToBaseline?.low,
            let high = twin.ratioToBaseline?.high
        {
            let holds = low <= 1 && 1 <= high
            checks.append(
                Check(
                    name: "A/A \(ruler.ruler) vs \(ruler.twin)", verdict: holds ? .pass : .warning,
                    detail: String(
                        format: "ratio %.3f, 95%% CI [%.3f, %.3f]%@", ratio, low, high,
                        holds ? " contains 1" : " excludes 1: the machine drifts between variants"))
            )
        }
        if let step = rows.first(where: { work($0) == ruler.step && $0.variant == ruler.ruler }),
            let ratio = step.ratioToAxisReference?.value, let low = step.ratioToAxisReference?.low,
            let high = step.ratioToAxisReference?.high
        {
            let resolves = low > 1
            var name = "step \(ruler.parameter)=\(ruler.step) vs \(ruler.reference)"
            if let stepWork = Double(ruler.step), let referenceWork = Double(ruler.reference),
                referenceWork > 0
            {
                name = "\(Int(((stepWork / referenceWork - 1) * 100).rounded()))% " + name
            }
            checks.append(
                Check(
                    name: name, verdict: resolves ? .pass : .warning,
                    detail: String(
                        format: "ratio %.3f, 95%% CI [%.3f, %.3f]%@", ratio, low, high,
                        resolves ? ": the step is resolved" : ": the step is lost in noise here")))
        }
        if checks.count < 2 {
            checks.append(
                Check(
                    name: "ruler", verdict: .failure,
                    detail: "\(ruler.scenario) gave no ratio with an interval to check"))
        }
        return checks
    }
}
