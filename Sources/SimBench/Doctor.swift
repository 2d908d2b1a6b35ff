import Foundation
import Glibc
import SimBenchCore

/// `simbench doctor`: checks that this machine and this build can produce numbers worth
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
    /// This binary's `run` arguments that count `tax`'s allocating variant
    /// (`AllocationPass`); none skips the allocation probe.
    public let allocationArguments: [String]?

    public init(
        machines: Int, scenarios: [String]?, seed: UInt64, catalog: Catalog, ruler: RulerCheck?,
        tax: TaxCheck? = nil, allocationArguments: [String]? = nil
    ) {
        self.machines = machines
        self.scenarios = scenarios
        self.seed = seed
        self.catalog = catalog
        self.ruler = ruler
        self.tax = tax
        self.allocationArguments = allocationArguments
    }

    /// How much the scaling check multiplies each machine's events by.
    public static let growthFactor = 8

    /// The least a variant's time may grow when its events grow `growthFactor`×. Work that is
    /// really done grows about 8×, less where a per-machine cost (recording a machine's
    /// result) is a large share; work the optimiser removed does not grow at all. (At 4×,
    /// marks' flat stats, a few ns per mark beside a per-page record, grew 1.94×.)
    public static let minimumGrowth = 2.0

    /// Runs every check; `progress` hears what is being checked.
    public func run(progress: @Sendable (String) -> Void = { _ in }) async throws(UsageError) -> [Check] {
        var checks = environmentChecks()
        let environment = RunEnvironment.current()
        progress("allocations: an untimed child counts")
        checks.insert(allocationCheck(tax, environment: environment), at: min(2, checks.count))

        // Scaling: every variant, at its scenario's default events and at 8×.
        var small = RunOptions()
        small.machines = [machines]
        small.scenarios = scenarios
        small.rounds = 5
        small.warmup = 1
        small.seed = seed
        let smallPlan = try RunPlan(
            options: small, catalog: catalog, cores: environment.cores, physicalMemory: environment.physicalMemory)
        for planned in smallPlan.configurations {
            progress("scaling: \(planned.label)")
            checks += await scalingChecks(planned, environment: environment)
        }

        // The tax: the harness at one actor against a bare loop of the same code.
        if let tax {
            progress("tax: \(tax.scenario) \(tax.allocating) and \(tax.plain), bare loop and --actors 1")
            checks += try await taxChecks(tax, environment: environment)
        }

        // The ruler: an A/A pair and a 10% step must be told apart correctly.
        if let ruler {
            progress("\(ruler.scenario): A/A and \(ruler.parameter)=\(ruler.reference) vs \(ruler.step)")
            checks += try await rulerChecks(ruler, environment: environment)
        }
        return checks
    }

    private func environmentChecks() -> [Check] {
        var checks = [Check]()
        checks.append(
            RunEnvironment.isDebugBuild
                ? Check(
                    name: "build", verdict: .failure,
                    detail: "debug build: timings mean nothing; use swift run -c release simbench …")
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
            } ?? Check(name: "instructions", verdict: .pass, detail: "perf_event_open counts instructions"))
        var loads = [Double](repeating: 0, count: 3)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        if getloadavg(&loads, 3) == 3 {
            let busy = loads[0] > Double(cores) * 0.5
            checks.append(
                Check(
                    name: "load", verdict: busy ? .warning : .pass,
                    detail: String(format: "load average %.2f on %d cores%@", loads[0], cores,
                        busy ? ": other work competes; expect noisy samples" : "")))
        }
        return checks
    }

    private func scalingChecks(
        _ planned: PlannedConfiguration, environment: RunEnvironment
    ) async -> [Check] {
        let events = planned.configuration.eventsPerEntity
        func medians(eventsPerMachine: Int) async -> [String: Double] {
            var options = RunOptions()
            options.machines = [machines]
            options.eventsPerMachine = [eventsPerMachine]
            options.scenarios = [planned.entry.name]
            options.rounds = 5
            options.warmup = 1
            options.seed = seed
            options.parameters = planned.configuration.parameters.values.map {
                ParameterAssignment(scenario: planned.entry.name, name: $0.key, value: $0.value)
            }
            guard let plan = try? RunPlan(options: options, catalog: catalog, cores: environment.cores, physicalMemory: environment.physicalMemory)
            else { return [:] }
            let result = await BenchmarkRunner(plan: plan, environment: environment).run()
            var medians = [String: Double]()
            for configuration in result.configurations {
                for variant in configuration.planned.variants {
                    let perRound = configuration.nanosecondsPerEvent(of: variant.name).map {
                        $0 * Double(configuration.events)
                    }
                    medians[variant.name] = Percentile.median(sorted: perRound.sorted())
                }
            }
            return medians
        }
        let base = await medians(eventsPerMachine: events)
        let grown = await medians(eventsPerMachine: events * Doctor.growthFactor)
        return planned.variants.map { variant in
            let name = "scaling \(planned.label).\(variant.name)"
            guard let before = base[variant.name], let after = grown[variant.name], before > 0 else {
                return Check(name: name, verdict: .failure, detail: "could not be measured")
            }
            let growth = after / before
            let detail = String(
                format: "%d× the events took %.2f× the time (%@ → %@ per round)", Doctor.growthFactor, growth,
                NumberFormat.significant(before / 1e6) + " ms", NumberFormat.significant(after / 1e6) + " ms")
            return Check(
                name: name, verdict: growth >= Doctor.minimumGrowth ? .pass : .failure,
                detail: growth >= Doctor.minimumGrowth ? detail : detail + ": work optimised away, or fixed costs dominate")
        }
    }

    private func rulerChecks(
        _ ruler: RulerCheck, environment: RunEnvironment
    ) async throws(UsageError) -> [Check] {
        var options = RunOptions()
        options.machines = [machines]
        options.scenarios = [ruler.scenario]
        options.parameters = [
            .init(scenario: ruler.scenario, name: ruler.parameter, value: "\(ruler.reference),\(ruler.step)")
        ]
        options.rounds = 15
        options.seed = seed
        let plan = try RunPlan(
            options: options, catalog: catalog, cores: environment.cores,
            physicalMemory: environment.physicalMemory)
        let result = await BenchmarkRunner(plan: plan, environment: environment).run()
        let rows = result.configurations.flatMap { $0.rows(environment: environment, seed: seed) }
        var checks = [Check]()
        let prefix = ruler.parameter + "="
        func work(_ row: ResultRow) -> String? {
            row.parameters.split(separator: ";").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        }
        if let twin = rows.first(where: { work($0) == ruler.reference && $0.variant == ruler.twin }),
            let ratio = twin.ratioToBaseline, let low = twin.ratioLow, let high = twin.ratioHigh
        {
            let holds = low <= 1 && 1 <= high
            checks.append(
                Check(
                    name: "A/A \(ruler.ruler) vs \(ruler.twin)", verdict: holds ? .pass : .warning,
                    detail: String(format: "ratio %.3f, 95%% CI [%.3f, %.3f]%@", ratio, low, high,
                        holds ? " contains 1" : " excludes 1: the machine drifts between variants")))
        }
        if let step = rows.first(where: { work($0) == ruler.step && $0.variant == ruler.ruler }),
            let ratio = step.ratioToAxisReference, let low = step.axisRatioLow, let high = step.axisRatioHigh
        {
            let resolves = low > 1
            var name = "step \(ruler.parameter)=\(ruler.step) vs \(ruler.reference)"
            if let stepWork = Double(ruler.step), let referenceWork = Double(ruler.reference), referenceWork > 0 {
                name = "\(Int(((stepWork / referenceWork - 1) * 100).rounded()))% " + name
            }
            checks.append(
                Check(
                    name: name, verdict: resolves ? .pass : .warning,
                    detail: String(format: "ratio %.3f, 95%% CI [%.3f, %.3f]%@", ratio, low, high,
                        resolves ? ": the step is resolved" : ": the step is lost in noise here")))
        }
        if checks.count < 2 {
            checks.append(
                Check(name: "ruler", verdict: .failure, detail: "\(ruler.scenario) gave no ratio with an interval to check"))
        }
        return checks
    }
}
