import Testing

@testable import SimBench

/// `--shard I/N` deals the plan's configurations out in disjoint parts that cover it.
@Suite("shards")
struct ShardSelectionTests {
    @Test("the shards of a plan are disjoint and together the whole plan", arguments: 1...7)
    func partition(count: Int) throws {
        for size in 0...12 {
            let items = Array(0..<size)
            var seen = [Int]()
            for index in 1...count {
                let part = try ShardSelection(index: index, count: count).select(items)
                #expect(
                    part == part.sorted(),
                    "shard \(index)/\(count) of \(size) keeps the plan's order")
                seen += part
            }
            #expect(seen.sorted() == items, "\(count) shards of \(size) items: \(seen)")
        }
    }

    @Test(
        "I/N parses; anything else is a usage error", arguments: ["1/1", "2/4", "4/4", "1000/1000"])
    func parses(text: String) throws {
        #expect(try ShardSelection(parsing: text).description == text)
    }

    @Test(
        "bad shards are refused",
        arguments: ["0/3", "4/3", "1/0", "3", "a/b", "1/2/3", "-1/2", "1/1001", "/2", "1/", " 1/2"])
    func refused(text: String) {
        #expect(throws: ValueError.self, "\(text)") { try ShardSelection(parsing: text) }
    }

    @Test("sharding a real plan runs each configuration in exactly one shard")
    func plan() throws {
        func labels(_ shard: ShardSelection?) throws -> [String] {
            var options = RunOptions()
            options.scenarios = ["tally", "echo", "hidden"]
            options.machines = [10]
            options.shard = shard
            let plan = try RunPlan(
                options: options, catalog: FakeScenarios.catalog, cores: 2, physicalMemory: 1 << 33)
            #expect(plan.suiteConfigurationCount == 3)
            return plan.configurations.map(\.label)
        }
        let whole = try labels(nil)
        let halves =
            try labels(ShardSelection(index: 1, count: 2))
            + labels(ShardSelection(index: 2, count: 2))
        #expect(halves.sorted() == whole.sorted())
        #expect(try labels(ShardSelection(index: 2, count: 2)) == [whole[1]])
        #expect(
            try labels(ShardSelection(index: 4, count: 4)).isEmpty,
            "a fourth shard of three has nothing to do")
    }
}
