/// What setting a configuration up cost; never part of a measurement.
struct SetupReport: Sendable, Codable {
    /// Building the shards: tapes, trees, texts.
    var shardNanoseconds: UInt64
    /// Each variant's own preparation (its tree representation, compiled rules, …).
    var prepareNanoseconds: [String: UInt64]
    var events: Int
    /// The median wall time of a round that runs no variant (`measureEmptyRound`).
    var emptyRoundNanoseconds: UInt64 = 0
    /// Each variant's peak heap bytes per entity (`bytesPerEntity(variant:)`).
    var bytesPerEntity: [String: Double] = [:]
}
