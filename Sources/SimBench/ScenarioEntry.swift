import SimBenchCore

/// A scenario family as the harness sees it, its Swift types erased.
public struct ScenarioEntry: Sendable {
    public let descriptor: ScenarioDescriptor
    public let variants: [VariantInfo]
    /// Whether the variants own their concurrency: then the scenario runs on one worker,
    /// and its CPU time and allocations are counted process-wide.
    public let isAsynchronous: Bool
    /// What in the scenario's declaration keeps the harness from measuring it, one line
    /// each, naming the scenario and what is accepted; empty when it can be measured. A
    /// scenario needs exactly one variant of `role: .baseline` (the plain code every other
    /// variant is measured against), at most one `.floor`, variants of distinct names, and
    /// its variants all synchronous or all asynchronous.
    public let problems: [String]
    let makeSession: @Sendable (ScenarioConfiguration) -> any ScenarioSession
    /// The counted pass's run of a configuration's variants, synchronous, in the counted
    /// child (`CallgrindPass.countVariants`): the variants' names, the first region's number.
    let countVariants:
        @Sendable (ScenarioConfiguration, [String], Int) -> [CallgrindPass.CountedVariant]
    /// A synchronous variant's wall ns per event in each of `rounds` runs of the whole
    /// fleet, timed by a bare loop: no actor, no task, no harness (`Doctor`'s tax check).
    let bareLoop: @Sendable (ScenarioConfiguration, _ variant: String, _ rounds: Int) -> [Double]?

    public init<S: Scenario>(_ scenario: S.Type) {
        descriptor = S.descriptor
        isAsynchronous = S.isAsynchronous
        variants = S.variants.map { VariantInfo(name: $0.name, role: $0.role, summary: $0.summary) }
        problems = ScenarioEntry.problems(
            of: S.descriptor.name, variants: variants,
            mixesBodies: !S.variants.allSatisfy { $0.isAsynchronous == S.isAsynchronous })
        makeSession = { FleetSession<S>(configuration: $0) }
        countVariants = {
            CallgrindPass.countVariants(S.self, configuration: $0, variants: $1, firstRegion: $2)
        }
        bareLoop = { ScenarioEntry.bareLoop(S.self, configuration: $0, variant: $1, rounds: $2) }
    }

    /// The shard of every entity built, the variant prepared, one run to warm up, then a
    /// clock around each run: what a user's own loop around the same code would see.
    private static func bareLoop<S: Scenario>(
        _: S.Type, configuration: ScenarioConfiguration, variant name: String, rounds: Int
    ) -> [Double]? {
        guard let variant = S.variants.first(where: { $0.name == name }), !variant.isAsynchronous
        else {
            return nil
        }
        let scenario = S(configuration: configuration)
        let shard = scenario.makeShard(entities: 0..<configuration.entities)
        let events = Double(max(scenario.eventCount(of: shard), 1))
        let run = variant.prepare(shard)
        blackHole(run())
        return (0..<rounds).map { _ in
            let start = monotonicNanoseconds()
            blackHole(run())
            return Double(monotonicNanoseconds() - start) / events
        }
    }

    /// What keeps a scenario of `variants` from being measured (see `problems`).
    static func problems(of scenario: String, variants: [VariantInfo], mixesBodies: Bool)
        -> [String]
    {
        var problems = [String]()
        let named = { (role: VariantRole) in
            variants.filter { $0.role == role }.map { "'\($0.name)'" }.joined(separator: ", ")
        }
        switch variants.count(where: { $0.role == .baseline }) {
        case 0:
            problems.append(
                "scenario '\(scenario)' has no variant of role .baseline; expected exactly one: the plain code every other variant is measured against"
            )
        case 1: break
        default:
            problems.append(
                "scenario '\(scenario)' has \(variants.count(where: { $0.role == .baseline })) variants of role .baseline (\(named(.baseline))); expected exactly one: the plain code every other variant is measured against"
            )
        }
        if variants.count(where: { $0.role == .floor }) > 1 {
            problems.append(
                "scenario '\(scenario)' has \(variants.count(where: { $0.role == .floor })) variants of role .floor (\(named(.floor))); expected at most one"
            )
        }
        var seen = Set<String>()
        for name in variants.map(\.name) where !seen.insert(name).inserted {
            problems.append(
                "scenario '\(scenario)' has two variants named '\(name)'; expected each variant to have a name of its own"
            )
        }
        if mixesBodies {
            problems.append(
                "scenario '\(scenario)' mixes synchronous and asynchronous (runAsync:) variants; expected all of one kind, measured the same way"
            )
        }
        return problems
    }

    public var name: String { descriptor.name }

    /// The worker actors a configuration of this scenario is spread over when the plan asks
    /// for `planned`: one for an asynchronous scenario, whose variants spread the work
    /// themselves; else `planned`, but never more than there are entities.
    public func workers(planned: Int, entities: Int) -> Int {
        isAsynchronous ? 1 : min(planned, max(1, entities))
    }

    /// What the table says under an asynchronous scenario's title; nil for a synchronous one.
    public var measurementNote: String? {
        isAsynchronous
            ? "asynchronous variants: each runs the whole fleet on tasks and actors of its own, from one worker; CPU time and allocations are the whole process's during the round (the runtime's threads included)"
            : nil
    }

    /// The baseline variant: the plain code every pattern is measured against. (A scenario
    /// without one is never measured: see `problems`.)
    public var baseline: VariantInfo {
        variants.first { $0.role == .baseline } ?? variants[0]
    }

    /// The floor variant: the simulation's own cost, shown last; nil if the scenario has none.
    public var floor: VariantInfo? {
        variants.first { $0.role == .floor }
    }

    public func variant(named name: String) -> VariantInfo? {
        variants.first { $0.name == name }
    }

    public func parameter(named name: String) -> ParameterSpec? {
        descriptor.parameters.first { $0.name == name }
    }
}

/// What `simbench list` and result rows say about one variant.
public struct VariantInfo: Sendable, Hashable {
    public let name: String
    public let role: VariantRole
    public let summary: String
}
