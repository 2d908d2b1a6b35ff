/// Which mechanism moved, for a row whose counted instructions changed: the instructions
/// verdict's note says where the change went (`all of it refcount`, `70% alloc, 30% own`),
/// from the split columns (`instructions_refcount_per_event` …) both files hold.
extension ResultsComparison {
    /// The share of `new`'s change in instructions per event that each mechanism holds,
    /// largest first, as a note; nil unless both rows were split.
    static func mechanismsMoved(from old: ResultsRecord, to new: ResultsRecord) -> String? {
        guard let before = MechanismSplit(record: old), let after = MechanismSplit(record: new)
        else { return nil }
        let change = after.subtracting(before)
        let total = change.total
        guard total != 0, total.isFinite else { return nil }
        // Shares of the change, whichever its sign: a mechanism that moved with it is
        // positive, one that moved against it negative.
        let shares = Mechanism.allCases
            .map { (mechanism: $0, share: change[$0] / total) }
            .filter { abs($0.share) >= 0.05 }
            .sorted { abs($0.share) > abs($1.share) }
        guard let largest = shares.first else { return nil }
        if shares.count == 1, largest.share >= 0.95 {
            return "all of it \(largest.mechanism.rawValue)"
        }
        return shares.map { mechanism, share in
            "\(share < 0 ? "−" : "")\(Int((abs(share) * 100).rounded()))% \(mechanism.rawValue)"
        }.joined(separator: ", ")
    }
}
