import SimBenchCore

/// What the rulers computed: how many work items they ran, and a digest of every result.
public struct CalibrateOutcome: ScenarioOutcome {
    public var rulers = 0
    public var workItems = 0
    /// Sum of per-ruler digests of their work items' results, in order.
    public var resultDigest: UInt64 = 0

    public init() {}

    /// Adds one ruler: `items` work items whose results `results` hashed in order.
    public mutating func record(ruler index: Int, items: Int, results: Checksum) {
        rulers += 1
        workItems += items
        resultDigest &+= Checksum.entityContribution(index: index, hash: results.value)
    }

    public mutating func merge(_ other: CalibrateOutcome) {
        rulers += other.rulers
        workItems += other.workItems
        resultDigest &+= other.resultDigest
    }

    public var checksum: UInt64 {
        var checksum = Checksum()
        checksum.combine(rulers)
        checksum.combine(workItems)
        checksum.combine(resultDigest)
        return checksum.value
    }

    public var summary: [(label: String, value: String)] {
        [
            ("rulers", "\(rulers)"),
            ("work items", "\(workItems)"),
            ("result digest", String(resultDigest, radix: 16)),
        ]
    }
}
