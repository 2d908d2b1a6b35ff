/// The I-th of N disjoint parts of a run's plan, for fanning a large suite
/// out over a CI matrix.
///
/// The parts are whole (scenario, parameters) configurations, dealt round-robin by their
/// index in the plan: configuration k goes to shard k mod N + 1. A configuration is never
/// split, so every part measures each pattern next to its baseline variant in the same run,
/// and the ratios stay meaningful; the plan's order is fixed by the flags, so every machine
/// of the matrix computes the same parts. `simbench merge` joins the parts' CSVs.
public struct ShardSelection: Sendable, Equatable, Codable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    public static let maximumCount = 1000

    public init(index: Int, count: Int) throws(RunPlanError) {
        guard (1...ShardSelection.maximumCount).contains(count), (1...count).contains(index) else {
            throw .outOfRange(
                setting: .shard, value: "\(index)/\(count)", accepted: ShardSelection.expected)
        }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`.
    public init(parsing text: String) throws(ValueError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let index = Int(parts[0]), let count = Int(parts[1]),
            (1...ShardSelection.maximumCount).contains(count), (1...count).contains(index)
        else {
            throw ValueError(value: text, accepted: ShardSelection.expected)
        }
        self.index = index
        self.count = count
    }

    static let expected = "I/N with 1 ≤ I ≤ N ≤ \(maximumCount), such as 2/4"

    /// This shard's part of `items`, in their order.
    public func select<Item>(_ items: [Item]) -> [Item] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    public var description: String { "\(index)/\(count)" }
}
