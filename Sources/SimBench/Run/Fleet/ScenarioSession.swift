import SimBenchCore

/// One scenario configuration, prepared on a fleet of actors and measured variant by
/// variant.
protocol ScenarioSession: Actor {
    /// Builds every worker's shard and prepares the chosen variants. Untimed by the rounds;
    /// its own duration is reported as setup. `actors` is the plan's worker count
    /// (`PlannedConfiguration.actors`): at least one, never more than the entities.
    func setUp(actors: Int, variants: [String]) async -> SetupReport
    /// Runs one variant once over the whole fleet; counts instructions with `instructions`
    /// where the kernel allows it.
    func measure(variant: String, instructions: InstructionCounter?) async -> RoundMeasurement
    /// The heap bytes a variant's own representation holds for one entity at its peak: a
    /// fresh preparation and one run of a one-entity shard, untimed, the shard built before
    /// counting starts. Nil where allocations are not counted.
    func bytesPerEntity(variant: String) async -> Double?
    /// The wall time of a round that runs no variant: the task group, one message to each
    /// worker and back, and merging empty outcomes. The harness's fixed cost per round.
    func measureEmptyRound() async -> UInt64
    /// The checksum of a variant's first outcome, and whether every outcome so far equalled
    /// the baseline's.
    func verdict(variant: String) -> OutcomeVerdict
    /// Frees the shards, so that the next configuration starts from an empty fleet.
    func tearDown() async
}
