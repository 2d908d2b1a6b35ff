import SimBenchCore
import Testing

@testable import Subjects

/// The shards of `entities` entities of scenario `S`, cut into `slices` the way the fleet
/// slices them.
func makeShards<S: Scenario>(
    _ scenario: S.Type, entities: Int, events: Int, seed: UInt64,
    parameters: [String: String] = [:], slices: Int = 1
) -> [S.Shard] {
    let configuration = S.makeConfiguration(
        entities: entities, events: events, seed: seed, parameters: parameters)
    let instance = S(configuration: configuration)
    return (0..<slices).map { part in
        instance.makeShard(entities: (entities * part / slices)..<(entities * (part + 1) / slices))
    }
}

/// `variant` of scenario `S`; nil (an issue recorded) when there is no such variant.
private func variantNamed<S: Scenario>(
    _ scenario: S.Type, _ variant: String
) -> Variant<S.Shard, S.Outcome>? {
    guard let chosen = S.variants.first(where: { $0.name == variant }) else {
        Issue.record("no variant '\(variant)' in \(S.descriptor.name)")
        return nil
    }
    return chosen
}

/// Runs synchronous `variant` over each of `shards` and merges the outcomes.
func run<Shard, Outcome: ScenarioOutcome>(
    _ variant: Variant<Shard, Outcome>, over shards: [Shard]
) -> Outcome {
    var total = Outcome()
    for shard in shards { total.merge(variant.prepare(shard)()) }
    return total
}

/// Runs `variant`, synchronous or asynchronous, over each of `shards` and merges the outcomes.
func runAsync<Shard, Outcome: ScenarioOutcome>(
    _ variant: Variant<Shard, Outcome>, over shards: [Shard]
) async -> Outcome {
    var total = Outcome()
    for shard in shards {
        switch variant.body {
        case .synchronous(let prepare): total.merge(prepare(shard)())
        case .asynchronous(let prepare): total.merge(await prepare(shard)())
        }
    }
    return total
}

/// Runs `variant` of scenario `S` over `entities` entities, sliced into `slices` shards the
/// way the fleet slices them, and merges the outcomes.
func runVariant<S: Scenario>(
    _ scenario: S.Type, _ variant: String, entities: Int, events: Int, seed: UInt64,
    parameters: [String: String] = [:], slices: Int = 1
) -> S.Outcome {
    guard let chosen = variantNamed(S.self, variant) else { return S.Outcome() }
    return run(
        chosen,
        over: makeShards(
            S.self, entities: entities, events: events, seed: seed, parameters: parameters,
            slices: slices))
}

/// `runVariant` for any variant, synchronous or asynchronous.
func runVariantAsync<S: Scenario>(
    _ scenario: S.Type, _ variant: String, entities: Int, events: Int, seed: UInt64,
    parameters: [String: String] = [:], slices: Int = 1
) async -> S.Outcome {
    guard let chosen = variantNamed(S.self, variant) else { return S.Outcome() }
    return await runAsync(
        chosen,
        over: makeShards(
            S.self, entities: entities, events: events, seed: seed, parameters: parameters,
            slices: slices))
}

extension Scenario {
    /// A configuration with the descriptor's defaults for every parameter not given.
    static func makeConfiguration(
        entities: Int, events: Int, seed: UInt64, parameters: [String: String] = [:]
    ) -> ScenarioConfiguration {
        var values = [String: String]()
        for spec in descriptor.parameters {
            let value = parameters[spec.name] ?? spec.defaultValue
            precondition(spec.accepts(value), "bad test parameter \(spec.name)=\(value)")
            values[spec.name] = value
        }
        return ScenarioConfiguration(
            entities: entities, eventsPerEntity: events, seed: seed,
            parameters: ParameterValues(values))
    }
}

/// Checks that every variant of `S` computes its baseline's outcome, whole and sliced.
///
/// The shards are made once per slicing and given to every variant: they depend on the seed
/// and the entity range only (each family's determinism test checks it), so each variant
/// runs on the very input it would have made for itself.
func expectVariantsAgree<S: Scenario>(
    _ scenario: S.Type, entities: Int, events: Int, seed: UInt64,
    parameters: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
) {
    let slicings = [1, 3].filter { $0 == 1 || entities >= 3 }
    let shards = slicings.map {
        makeShards(
            S.self, entities: entities, events: events, seed: seed, parameters: parameters,
            slices: $0)
    }
    guard let baselineVariant = variantNamed(S.self, S.baselineName) else { return }
    let baseline = run(baselineVariant, over: shards[0])
    for variant in S.checkedVariants {
        for (slices, sliced) in zip(slicings, shards) {
            let outcome = run(variant, over: sliced)
            #expect(
                outcome == baseline,
                "\(S.descriptor.name).\(variant.name) differs from \(S.baselineName): seed \(seed), \(entities) entities, \(events) events, \(slices) slices, \(parameters)",
                sourceLocation: sourceLocation)
            #expect(outcome.checksum == baseline.checksum, sourceLocation: sourceLocation)
        }
    }
}
