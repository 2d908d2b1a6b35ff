import Foundation
import SimBenchCore
import Testing

@testable import SimBench

@Suite("sweeps")
struct SweepTests {
    static let memory: UInt64 = 24_000_000_000

    func plan(memory: UInt64 = memory, _ configure: (inout RunOptions) -> Void) throws(RunPlanError)
        -> RunPlan
    {
        var options = RunOptions()
        options.scenarios = ["tally"]
        configure(&options)
        return try RunPlan(
            options: options, catalog: FakeScenarios.catalog, cores: 2, physicalMemory: memory)
    }

    // MARK: Parsing

    @Test("a comma list parses in order, spaces and digit groups allowed")
    func parsesLists() throws {
        let limit = RunOptions.Limits.machines
        #expect(try limit.parseList("1000") == [1000])
        #expect(
            try limit.parseList("1000,10_000, 100000 ,1_000_000") == [
                1000, 10_000, 100_000, 1_000_000,
            ])
        #expect(try limit.parseList("100,10,100") == [100, 10, 100])
    }

    @Test(
        "a bad value of a list is named alone, with the list and what is accepted",
        arguments: [
            "1000,x", "1000,", ",1000", "1000,,10", "1000,0", "1000,-1", "1.5", "", "1000;10000",
        ])
    func refusesBadLists(text: String) {
        do {
            _ = try RunOptions.Limits.machines.parseList(text)
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(
                error.accepted
                    == "a whole number from 1 to 2147483647, or a comma list of them (a sweep)",
                "\(text): \(error)")
            if text.contains(",") {
                #expect(error.value.hasSuffix("' in '\(text)"), "\(text): \(error)")
            }
            #expect(!error.value.contains("\n"))
        }
    }

    @Test("a list given to the library is checked value by value, and may not be empty")
    func checksListsInPlan() {
        func message(_ configure: (inout RunOptions) -> Void) -> String? {
            do {
                _ = try plan(configure)
                return nil
            } catch { return error.description }
        }
        #expect(message { $0.machines = [10, 0] }?.hasPrefix("machines: '0'") == true)
        #expect(message { $0.machines = [] }?.hasPrefix("machines: ''") == true)
        #expect(
            message { $0.eventsPerMachine = [5, 0] }?.hasPrefix("eventsPerMachine: '0'") == true)
        #expect(message { $0.actors = [1, 5000] }?.hasPrefix("actors: '5000'") == true)
    }

    // MARK: Plan expansion

    @Test("each swept value is a configuration of its own group, in the order given, repeats once")
    func expandsMachines() throws {
        let plan = try plan { $0.machines = [100, 10, 100, 1000] }
        #expect(plan.sweeps == [.machines])
        #expect(plan.machines == [100, 10, 1000])
        #expect(
            plan.configurations.map(\.label) == [
                "tally[machines=100]", "tally[machines=10]", "tally[machines=1000]",
            ])
        #expect(
            plan.configurations.map(\.sweep) == ["machines=100", "machines=10", "machines=1000"])
        #expect(plan.configurations.map(\.configuration.entities) == [100, 10, 1000])
        #expect(Set(plan.configurations.map(\.group)).count == 3, "each point measured alone")
        // Each point's estimate is its own: more machines, more memory.
        let estimates = plan.configurations.map { $0.estimatedPeakBytes ?? 0 }
        #expect(estimates[1] < estimates[0] && estimates[0] < estimates[2])
    }

    @Test("one value is no sweep: the sweep cell is empty and the label unchanged")
    func singleValue() throws {
        // A value given twice is measured once.
        let plan = try plan {
            $0.machines = [50]
            $0.eventsPerMachine = [5, 5]
        }
        #expect(plan.sweeps.isEmpty)
        #expect(plan.configurations.map(\.label) == ["tally"])
        #expect(plan.configurations.map(\.sweep) == [""])
    }

    @Test("several swept settings: every combination, machines outermost, actors innermost")
    func crossProduct() throws {
        let plan = try plan {
            $0.machines = [10, 20]
            $0.eventsPerMachine = [3]
            $0.actors = [1, 4]
        }
        #expect(plan.sweeps == [.machines, .actors])
        #expect(
            plan.configurations.map(\.sweep) == [
                "machines=10;actors=1", "machines=10;actors=4", "machines=20;actors=1",
                "machines=20;actors=4",
            ])
        #expect(plan.configurations.map(\.actors) == [1, 4, 1, 4])
        #expect(plan.configurations.allSatisfy { $0.configuration.eventsPerEntity == 3 })
        let events = try self.plan { $0.eventsPerMachine = [3, 30] }
        #expect(events.configurations.map(\.sweep) == ["events=3", "events=30"])
        #expect(events.configurations.map(\.configuration.eventsPerEntity) == [3, 30])
    }

    @Test(
        "actor counts above the machines are capped, and a fleet that comes out the same runs once")
    func actorsCapped() throws {
        let plan = try plan {
            $0.machines = [2]
            $0.actors = [1, 2, 4, 8]
        }
        #expect(plan.configurations.map(\.actors) == [1, 2])
        #expect(plan.configurations.map(\.sweep) == ["actors=1", "actors=2"])
    }

    @Test("axis parameters stay grouped inside each point of a sweep")
    func axesWithinPoints() throws {
        let plan = try plan {
            $0.machines = [5, 50]
            $0.parameters = [.init(scenario: "tally", name: "work", value: "10,20")]
        }
        #expect(
            plan.configurations.map(\.label) == [
                "tally[work=10;machines=5]", "tally[work=20;machines=5]",
                "tally[work=10;machines=50]", "tally[work=20;machines=50]",
            ])
        let groups = plan.configurations.map(\.group)
        #expect(groups[0] == groups[1] && groups[2] == groups[3] && groups[0] != groups[2])
    }

    @Test("--shard deals a sweep's points like any configurations")
    func shards() throws {
        let whole = try plan { $0.machines = [1, 2, 3, 4, 5] }.configurations.map(\.label)
        var parts = [String]()
        for index in 1...2 {
            let shard = try ShardSelection(index: index, count: 2)
            let plan = try plan {
                $0.machines = [1, 2, 3, 4, 5]
                $0.shard = shard
            }
            #expect(plan.suiteConfigurationCount == 5)
            parts += plan.configurations.map(\.label)
        }
        #expect(parts.sorted() == whole.sorted())
    }

    // MARK: Memory

    @Test(
        "the memory check takes the sweep's largest point, wherever it is in the list",
        arguments: [[1000, 100_000_000], [100_000_000, 1000]])
    func memoryOnLargest(machines: [Int]) throws {
        // tally: 20 events × 8 B + 16 B per machine; 10⁸ machines need some 17.6 GB.
        do {
            _ = try plan(memory: 4_000_000_000) { $0.machines = machines }
            Issue.record("\(machines) was accepted")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "machines 100000000 with eventsPerMachine 20 (the largest of the sweep): scenario 'tally'"
                ), "\(error)")
        }
        // Each value alone: the small one fits, the large one does not.
        #expect(throws: RunPlanError.self) {
            try plan(memory: 4_000_000_000) { $0.machines = [100_000_000] }
        }
        #expect(try plan(memory: 4_000_000_000) { $0.machines = [1000] }.configurations.count == 1)
    }

    @Test("the memory check pairs the largest machines with the largest events")
    func memoryOnLargestEvents() {
        // 10⁶ machines × 10⁴ events × 8 B = 80 GB; neither largest alone is refused with the
        // other's smallest value.
        do {
            _ = try plan {
                $0.machines = [10, 1_000_000]
                $0.eventsPerMachine = [10_000, 1]
            }
            Issue.record("accepted")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "machines 1000000 with eventsPerMachine 10000 (the largest of the sweep)"),
                "\(error)"
            )
        }
    }

    // MARK: Rows and their identities

    /// A small run of a sweep, as rows.
    func rows(_ configure: (inout RunOptions) -> Void) async throws -> [ResultRow] {
        let plan = try plan {
            $0.rounds = 3
            $0.warmup = 0
            configure(&$0)
        }
        let environment = RunEnvironment.current()
        let result = await BenchmarkRunner(plan: plan, environment: environment).run()
        return result.configurations.flatMap { $0.rows(environment: environment, seed: plan.seed) }
    }

    func file(_ rows: [ResultRow], path: String = "sweep.csv") throws -> ResultsFile {
        let text = OutputFile.document(header: ResultRow.columns, rows: rows.map(\.cells))
        return try ResultsFile(path: path, bytes: Array(text.utf8))
    }

    @Test("a sweep's rows carry their point, and their identities are distinct")
    func rowsOfSweep() async throws {
        let rows = try await rows {
            $0.machines = [4, 8]
            $0.eventsPerMachine = [5]
        }
        let variants = FakeScenarios.catalog.entry(named: "tally")!.variants.count
        #expect(rows.count == 2 * variants)
        #expect(
            rows.map(\.sweep) == Array(repeating: "machines=4", count: variants)
                + Array(repeating: "machines=8", count: variants))
        for row in rows {
            #expect(row.sweep == "machines=\(row.machines)")
            #expect(
                row.cells[ResultRow.columns.firstIndex(of: ResultColumn.sweep.name)!] == row.sweep)
        }
        let read = try file(rows)
        #expect(Set(read.records.map(\.identity)).count == rows.count)
        #expect(read.records[0].identity.benchmarkName == "tally.plain[bias=0;work=1;machines=4]")
        // Added after estimated_peak_bytes, at the end of its day's columns.
        #expect(
            ResultRow.columns.firstIndex(of: ResultColumn.sweep.name) == ResultRow.columns
                .firstIndex(of: ResultColumn.estimatedPeakBytes.name)! + 1)
    }

    @Test("an actors sweep spreads the same work over more actors: same outcomes, more actors")
    func actorsSweep() async throws {
        let rows = try await rows {
            $0.machines = [8]
            $0.eventsPerMachine = [5]
            $0.actors = [1, 2, 4]
        }
        let baseline = rows.filter { $0.variant == "plain" }
        #expect(baseline.map(\.actors) == [1, 2, 4])
        #expect(baseline.map(\.sweep) == ["actors=1", "actors=2", "actors=4"])
        #expect(Set(baseline.map(\.checksum)).count == 1, "the same work, whatever the actors")
        #expect(Set(baseline.map(\.eventsPerRound)) == [40])
    }

    @Test("compare matches a sweep's rows point by point, never one size against another")
    func compareKeys() async throws {
        let before = try file(
            try await rows {
                $0.machines = [4, 8]
                $0.eventsPerMachine = [5]
            }, path: "before.csv")
        let after = try file(
            try await rows {
                $0.machines = [8, 16]
                $0.eventsPerMachine = [5]
            }, path: "after.csv")
        let comparison = try ResultsComparison(baseline: before, current: after)
        let compared = Set(comparison.comparisons.map(\.identity.sweep))
        #expect(compared == ["machines=8"])
        #expect(Set(comparison.onlyInBaseline.map(\.sweep)) == ["machines=4"])
        #expect(Set(comparison.onlyInCurrent.map(\.sweep)) == ["machines=16"])
        let variants = FakeScenarios.catalog.entry(named: "tally")!.variants.count
        #expect(Set(comparison.comparisons.map(\.identity)).count == variants)
    }

    @Test("a file with two rows of one sweep point is refused; two points are not duplicates")
    func duplicatesBySweep() throws {
        var first = [String: String].row("table", median: 10)
        first["sweep"] = "machines=1000"
        var second = first
        second["sweep"] = "machines=10000"
        #expect(try ResultsFixture([first, second]).file().records.count == 2)
        #expect(throws: ResultsFileError.self) { try ResultsFixture([first, first]).file() }
    }

    @Test(
        "merge joins a sharded sweep and does not call its swept machines a difference between parts"
    )
    func mergeSweep() throws {
        func part(_ machines: String) -> [String: String] {
            var row = [String: String].row("table", median: 10)
            row["machines"] = machines
            row["sweep"] = "machines=\(machines)"
            return row
        }
        let parts = [
            try ResultsFixture([part("1000"), part("100000")]).file("1.csv"),
            try ResultsFixture([part("10000")]).file("2.csv"),
        ]
        let merged = try ResultsMerge.merge(parts)
        #expect(merged.rows == 3)
        #expect(!merged.notes.contains { $0.contains("machines") }, "\(merged.notes)")
        // Parts that really differ in machines, outside a sweep, are still noted.
        var other = [String: String].row("other", median: 10)
        other["machines"] = "5"
        let unswept = try ResultsMerge.merge([
            try ResultsFixture([.row("table", median: 10)]).file("1.csv"),
            try ResultsFixture([other]).file("2.csv"),
        ])
        #expect(unswept.notes.contains { $0.contains("machines") })
    }

    @Test("the exports name each point of a sweep apart")
    func exports() throws {
        var rows = [[String: String]]()
        for machines in ["1000", "10000"] {
            var row = [String: String].row("table", median: 10, ci: (9, 11))
            row["machines"] = machines
            row["sweep"] = "machines=\(machines)"
            rows.append(row)
        }
        let file = try ResultsFixture(rows).file()
        let github = try BenchmarkExport.render(file, as: .github)
        #expect(github.contains("vending.table[products=40;machines=1000]"))
        #expect(github.contains("vending.table[products=40;machines=10000]"))
        // InfluxDB: the point is a tag, so the two rows are two series, not one overwritten.
        let influx = try BenchmarkExport.render(file, as: .influx).split(separator: "\n")
        #expect(influx.count == 2)
        #expect(
            influx[0].contains(",sweep=machines\\=1000 ")
                || influx[0].contains(",sweep=machines\\=1000,"), "\(influx[0])")
    }
}
