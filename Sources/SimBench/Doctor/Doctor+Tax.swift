import Foundation

/// The harness's tax: what simbench adds to a variant's time beyond the variant's own work.
///
/// A pattern's cost is only honest if the harness around it costs nothing measurable: no
/// allocator interposed, no per-event bookkeeping, no counter read in the timed region. So
/// the doctor times one variant that allocates and one that does not in two ways, a bare
/// loop inside this binary (`ScenarioEntry.bareLoop`: the shard, the prepared run and a clock
/// around it) and the harness at one actor, alternately, and fails a variant whose two
/// medians differ by more than `taxLimit`.
extension Doctor {
    /// The most the harness at one actor may differ from a bare loop: 3%.
    public static let taxLimit = 0.03

    /// Rounds of each way per alternation, and alternations: the two ways take turns, so
    /// that a machine that slows for a while slows both.
    static let taxRounds = 15
    static let taxAlternations = 3

    /// The tax check's run: both variants at one actor.
    func taxOptions(_ tax: TaxCheck) -> RunOptions {
        var options = RunOptions()
        options.machines = [machines]
        options.scenarios = [tax.scenario]
        options.variants = [tax.allocating, tax.plain]
        options.actors = [1]
        options.rounds = Doctor.taxRounds
        options.warmup = 1
        options.seed = seed
        return options
    }

    func taxChecks(_ tax: TaxCheck, plan: RunPlan, environment: RunEnvironment) async -> [Check] {
        guard let planned = plan.configurations.first else { return [] }
        let variants = [tax.allocating, tax.plain]
        var bare = [String: [Double]]()
        var harness = [String: [Double]]()
        for _ in 0..<Doctor.taxAlternations {
            for variant in variants {
                bare[variant, default: []] +=
                    planned.entry.bareLoop(planned.configuration, variant, Doctor.taxRounds) ?? []
            }
            let result = await BenchmarkRunner(plan: plan, environment: environment).run()
            for variant in variants {
                harness[variant, default: []] +=
                    result.configurations.first?.nanosecondsPerEvent(of: variant) ?? []
            }
        }
        return variants.map { variant in
            let name = "tax \(tax.scenario).\(variant)"
            guard let loop = bare[variant].flatMap(Doctor.median),
                let timed = harness[variant].flatMap(Doctor.median),
                loop > 0
            else {
                return Check(name: name, verdict: .failure, detail: "could not be measured")
            }
            let difference = timed / loop - 1
            let detail = words(
                "bare loop \(NumberFormat.significant(loop)) ns/event, the harness at \(.actors) 1 \(NumberFormat.significant(timed)) ns/event: \(String(format: "%+.1f%%", difference * 100))"
            )
            let within = abs(difference) <= Doctor.taxLimit
            return Check(
                name: name, verdict: within ? .pass : .failure,
                detail: within
                    ? detail
                    : detail
                        + String(
                            format:
                                ": beyond ±%g%%: the harness adds to the variant's time (or the machine is busy)",
                            Doctor.taxLimit * 100))
        }
    }

    static func median(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : Percentile.median(sorted: values.sorted())
    }

    /// Whether the allocation pass works: an untimed child of `executable`, started with
    /// `arguments` (a `run` of the tax check's allocating variant) and the counter preloaded,
    /// must count that variant's allocations.
    func allocationCheck(_ tax: TaxCheck?, environment: RunEnvironment) -> Check {
        guard let tax else {
            return Check(
                name: "allocations", verdict: .warning,
                detail: "not probed: no allocating variant was named to count")
        }
        if let reason = AllocationCounter.unavailableReason {
            return Check(name: "allocations", verdict: .warning, detail: reason)
        }
        var options = RunOptions()
        options.machines = [machines]
        options.scenarios = [tax.scenario]
        options.variants = [tax.allocating]
        options.seed = seed
        guard
            let plan = try? RunPlan(
                options: options, catalog: catalog, cores: environment.cores,
                physicalMemory: environment.physicalMemory)
        else {
            return Check(
                name: "allocations", verdict: .failure, detail: "the probe could not be planned")
        }
        let executable = ProcessPool.currentExecutable
        switch AllocationPass.count(plan: plan, executable: executable) {
        case .failure(let failure):
            return Check(name: "allocations", verdict: .warning, detail: failure.description)
        case .success(let counts):
            let rounds = counts.configurations.first?.allocations[tax.allocating] ?? []
            guard let count = rounds.max(), count > 0 else {
                return Check(
                    name: "allocations", verdict: .failure,
                    detail:
                        "the untimed child counted no allocation of \(tax.scenario).\(tax.allocating)"
                )
            }
            return Check(
                name: "allocations", verdict: .pass,
                detail:
                    "counted in an untimed child with \(AllocationPass.library(besides: executable) ?? AllocationPass.libraryName) preloaded (\(tax.scenario).\(tax.allocating): \(count) per round); the timing process interposes nothing"
            )
        }
    }
}
