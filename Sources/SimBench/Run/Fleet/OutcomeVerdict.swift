/// Whether a variant computed what its baseline computed.
struct OutcomeVerdict: Sendable, Codable {
    var checksum: UInt64
    var matchesBaseline: Bool
    var summary: [(label: String, value: String)]

    init(checksum: UInt64, matchesBaseline: Bool, summary: [(label: String, value: String)]) {
        self.checksum = checksum
        self.matchesBaseline = matchesBaseline
        self.summary = summary
    }

    private enum CodingKeys: String, CodingKey { case checksum, matchesBaseline, summary }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        checksum = try container.decode(UInt64.self, forKey: .checksum)
        matchesBaseline = try container.decode(Bool.self, forKey: .matchesBaseline)
        summary = try container.decode([[String]].self, forKey: .summary).compactMap { pair in
            pair.count == 2 ? (label: pair[0], value: pair[1]) : nil
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(checksum, forKey: .checksum)
        try container.encode(matchesBaseline, forKey: .matchesBaseline)
        try container.encode(summary.map { [$0.label, $0.value] }, forKey: .summary)
    }
}

extension OutcomeVerdict {
    /// One verdict for a variant measured in two processes: right only if right in both,
    /// with the same outcome.
    func pooled(with other: OutcomeVerdict) -> OutcomeVerdict {
        OutcomeVerdict(
            checksum: checksum,
            matchesBaseline: matchesBaseline && other.matchesBaseline && checksum == other.checksum,
            summary: summary)
    }
}
