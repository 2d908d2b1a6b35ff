import SimBenchCore
import Testing

@testable import Subjects

/// `variant` of scenario `S`, and the shards of `entities` entities cut into `slices` the
/// way the fleet slices them; nil (an issue recorded) when there is no such variant.
private func variantAndShards<S: Scenario>(
    _ scenario: S.Type, _ variant: String, entities: Int, events: Int, seed: UInt64,
    parameters: [String: String], slices: Int
) -> (variant: Variant<S.Shard, S.Outcome>, shards: [S.Shard])? {
    let configuration = S.makeConfiguration(
        entities: entities, events: events, seed: seed, parameters: parameters)
    let instance = S(configuration: configuration)
    guard let chosen = S.variants.first(where: { $0.name == variant }) else {
        Issue.record("no variant '\(variant)' in \(S.descriptor.name)")
        return nil
    }
    let shards = (0..<slices).map { part in
        instance.makeShard(entities: (entities * part / slices)..<(entities * (part + 1) / slices))
    }
    return (chosen, shards)
}

/// Runs `variant` of scenario `S` over `entities` entities, sliced into `slices` shards the
/// way the fleet slices them, and merges the outcomes.
func runVariant<S: Scenario>(
    _ scenario: S.Type, _ variant: String, entities: Int, events: Int, seed: UInt64,
    parameters: [String: String] = [:], slices: Int = 1
) -> S.Outcome {
    guard
        let (chosen, shards) = variantAndShards(
            scenario, variant, entities: entities, events: events, seed: seed,
            parameters: parameters, slices: slices)
    else { return S.Outcome() }
    var total = S.Outcome()
    for shard in shards { total.merge(chosen.prepare(shard)()) }
    return total
}

/// `runVariant` for any variant, synchronous or asynchronous.
func runVariantAsync<S: Scenario>(
    _ scenario: S.Type, _ variant: String, entities: Int, events: Int, seed: UInt64,
    parameters: [String: String] = [:], slices: Int = 1
) async -> S.Outcome {
    guard
        let (chosen, shards) = variantAndShards(
            scenario, variant, entities: entities, events: events, seed: seed,
            parameters: parameters, slices: slices)
    else { return S.Outcome() }
    var total = S.Outcome()
    for shard in shards {
        switch chosen.body {
        case .synchronous(let prepare): total.merge(prepare(shard)())
        case .asynchronous(let prepare): total.merge(await prepare(shard)())
        }
    }
    return total
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
func expectVariantsAgree<S: Scenario>(
    _ scenario: S.Type, entities: Int, events: Int, seed: UInt64,
    parameters: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
) {
    let baseline = runVariant(
        S.self, S.baselineName, entities: entities, events: events, seed: seed,
        parameters: parameters)
    for variant in S.checkedVariants {
        for slices in [1, 3] where slices == 1 || entities >= 3 {
            let outcome = runVariant(
                S.self, variant.name, entities: entities, events: events, seed: seed,
                parameters: parameters, slices: slices)
            #expect(
                outcome == baseline,
                "\(S.descriptor.name).\(variant.name) differs from \(S.baselineName): seed \(seed), \(entities) entities, \(events) events, \(slices) slices, \(parameters)",
                sourceLocation: sourceLocation)
            #expect(outcome.checksum == baseline.checksum, sourceLocation: sourceLocation)
        }
    }
}
