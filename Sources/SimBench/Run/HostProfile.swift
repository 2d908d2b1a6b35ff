import Foundation
import SimBenchCore

/// This host's profile: its processor named precisely (`HostIdentity`), and what each
/// runtime mechanism costs on it, measured by a scenario whose variants each add one event
/// of one mechanism per event to a plain baseline (the suite's, `Benchmarks/Mechanisms/`).
///
/// A pattern's calls into each mechanism are the same on every host of an architecture
/// (`MechanismCall`, counted); what each call takes is this host's, and is what this
/// measures: each variant's CPU ns added per event over the baseline, with its 95%
/// interval over processes, as `run` gives a pattern's.
public struct HostProfile: Sendable {
    /// One mechanism's price: a variant of the scenario, what it adds, and its ns added per
    /// event (nil when it could not be measured, with the row's status said).
    public struct Price: Sendable {
        public var variant: String
        public var summary: String
        public var nanoseconds: Estimate?
        public var status: ResultStatus
    }

    public var environment: RunEnvironment
    /// The scenario measured.
    public var scenario: String
    /// Each mechanism variant's price, in the scenario's order.
    public var prices: [Price]
    /// The baseline's CPU ns per event: what the plain work costs.
    public var baselineNanoseconds: Double?
    /// How long the measuring took, in seconds.
    public var seconds: Double
    /// The run's notes (an unavailable measurement, too few processes).
    public var notes: [String]
    /// The scenario's rows, as a run writes them into its CSV: counted too when
    /// the profile was measured with counts.
    public var rows: [ResultRow] = []

    /// How the profile is measured: the scenario's variants at `options`' sizes, in
    /// `options.processes` child processes when more than one.
    ///
    /// Where the processor's identity gives its caches, the scenario's cache-sized
    /// parameters (`CacheSizedParameter`) follow them, so that the miss variants miss where
    /// they say on this host: half the L2 (at least 4 × the L1d), four times the L2 (at most
    /// half the L3, at least twice the L2; twice the L2 where there is no L3), four times the last
    /// level (at most 1 GiB).
    public static func options(
        scenario: String, machines: Int, events: Int, processes: Int, rounds: Int,
        spanSeconds: Double, seed: UInt64, identity: HostIdentity = .unknown
    ) -> RunOptions {
        var options = RunOptions()
        options.scenarios = [scenario]
        options.parameters = cacheSizedParameters(scenario: scenario, identity: identity)
        options.machines = [machines]
        options.eventsPerMachine = [events]
        options.processes = processes
        options.rounds = rounds
        options.warmup = 1
        options.spanSeconds = spanSeconds
        options.seed = seed
        options.instructions = .off
        return options
    }

    /// The cache-sized parameters of `scenario` on a processor of `identity`; none for a
    /// size it does not give.
    static func cacheSizedParameters(scenario: String, identity: HostIdentity)
        -> [ParameterAssignment]
    {
        var parameters = [ParameterAssignment]()
        if let l2 = identity.l2Bytes {
            let l1d = identity.l1dBytes ?? 0
            parameters.append(
                ParameterAssignment(
                    scenario: scenario, name: CacheSizedParameter.l2Bytes,
                    value: "\(max(l2 / 2, 4 * l1d))"))
        }
        if let l2 = identity.l2Bytes {
            // Where there is no third level, a line the second does not hold comes from
            // memory: the buffer is twice the L2, a miss to memory.
            let l3 = identity.l3Bytes.map { max(2 * l2, min(4 * l2, $0 / 2)) } ?? 2 * l2
            parameters.append(
                ParameterAssignment(
                    scenario: scenario, name: CacheSizedParameter.l3Bytes, value: "\(l3)"))
        }
        if let last = identity.l3Bytes ?? identity.l2Bytes {
            parameters.append(
                ParameterAssignment(
                    scenario: scenario, name: CacheSizedParameter.memoryBytes,
                    value: "\(min(4 * last, 1 << 30))"))
        }
        return parameters
    }

    /// Measures the profile: `plan`'s one configuration, run as `run` would, then counted
    /// under Callgrind with `counting`'s tools, as a counted run would.
    public static func measure(
        plan: RunPlan, environment: RunEnvironment, counting: CallgrindPass.Tools? = nil,
        progress: @escaping @Sendable (BenchmarkRunner.Progress) -> Void = { _ in }
    ) async throws -> HostProfile {
        let start = monotonicNanoseconds()
        var result = try await BenchmarkRunner(plan: plan, environment: environment)
            .runWithChildren(progress: progress)
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        var rows =
            result.configurations.first?.rows(environment: environment, seed: plan.seed) ?? []
        if let counting {
            let counted = try CallgrindPass.run(
                plan: plan, tools: counting, executable: ProcessPool.currentExecutable,
                geometry: CacheGeometry(host: environment.hostIdentity))
            rows = counted.filled(rows, configuration: 0)
            result = result.adding(notes: counted.notes)
        }
        rows = ResultRow.oneRun([rows]).flatMap { $0 }
        let summaries = Dictionary(
            uniqueKeysWithValues: (plan.configurations.first?.entry.variants ?? []).map {
                ($0.name, $0.summary)
            })
        return HostProfile(
            environment: environment,
            scenario: plan.configurations.first?.entry.name ?? "",
            prices: rows.filter { $0.role == .pattern }.map { row in
                Price(
                    variant: row.variant, summary: summaries[row.variant] ?? "",
                    nanoseconds: row.overheadNsPerEvent, status: row.status)
            },
            baselineNanoseconds: rows.first { $0.role == .baseline }?.cpuNsPerEventMedian?.value,
            seconds: seconds, notes: result.notes, rows: rows)
    }

    /// The host's cost model: each variant's ns added here, beside what it adds in counts,
    /// from this profile's own counted rows, else from `counts` (a counted run's records
    /// holding the scenario's rows, such as `results/hosts/counts.csv`). Nil when neither
    /// gives counts.
    public func model(counts: [ResultsRecord]?) -> CostModel? {
        let own = rows.map(ResultsRecord.init(row:))
        return CostModel.model(scenario: scenario, timed: own, counted: own)
            ?? counts.flatMap { CostModel.model(scenario: scenario, timed: own, counted: $0) }
    }
}
