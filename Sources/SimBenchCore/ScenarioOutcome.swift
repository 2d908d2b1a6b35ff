/// What a variant computed: counts, histograms, digests of per-entity results.
///
/// Outcomes are merged shard by shard; `merge` must make the total independent of how the
/// fleet was sliced (sums, and per-entity digests combined with
/// `Checksum.entityContribution`), so that the number of actors never changes a result.
public protocol ScenarioOutcome: Sendable, Equatable {
    /// The outcome of no entities.
    init()
    mutating func merge(_ other: Self)
    /// A stable hash over every field, for CSV files and quick comparison.
    var checksum: UInt64 { get }
    /// Labelled figures for people: `sales: 1234`.
    var summary: [(label: String, value: String)] { get }
}

extension ScenarioOutcome {
    /// The merge of `outcomes`, in order.
    public static func merged<S: Sequence>(_ outcomes: S) -> Self where S.Element == Self {
        outcomes.reduce(into: Self()) { $0.merge($1) }
    }
}
