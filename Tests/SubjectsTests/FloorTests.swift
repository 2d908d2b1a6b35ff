import Foundation
import SimBenchCore
import Testing

@testable import Subjects

/// Runs the floor of `S` over a small fleet, whole, sliced and twice.
private func checkFloor<S: Scenario>(_ scenario: S.Type) async {
    let name = S.descriptor.name
    let roles = S.variants.map(\.role)
    #expect(roles.filter { $0 == .baseline }.count == 1, "\(name): one baseline")
    #expect(roles.filter { $0 == .floor }.count == 1, "\(name): one floor")
    guard let floor = S.floorName else { return }
    #expect(!S.checkedVariants.contains { $0.name == floor }, "\(name): the floor is not checked")
    for seed: UInt64 in 0..<5 {
        let events = min(S.descriptor.defaultEventsPerEntity, 50)
        let whole = await runVariantAsync(S.self, floor, entities: 7, events: events, seed: seed)
        let sliced = await runVariantAsync(
            S.self, floor, entities: 7, events: events, seed: seed, slices: 3)
        #expect(whole == sliced, "\(name).floor depends on slicing: seed \(seed)")
        let again = await runVariantAsync(S.self, floor, entities: 7, events: events, seed: seed)
        #expect(whole == again, "\(name).floor differs between runs: seed \(seed)")
        let other = await runVariantAsync(
            S.self, floor, entities: 7, events: events, seed: seed &+ 100)
        #expect(whole != other, "\(name).floor records nothing of its inputs: seed \(seed)")
    }
}

@Suite("floors")
struct FloorTests {
    @Test("every scenario has one baseline and one floor, and its floor is repeatable")
    func everyScenarioHasAFloor() async {
        for scenario in allScenarios {
            await checkFloor(scenario)
        }
    }

    @Test("the vending floor walks every action and records every machine")
    func vendingFloorWalksTheTape() {
        let shard = VendingShard(
            firstMachine: 0, eventsPerMachine: 4, productCounts: [1, 0],
            actions: [
                .putMoney, .ejectMoney, .putMoney, .pressButton, .pressButton, .putMoney, .putMoney,
                .ejectMoney,
            ])
        let outcome = FloorVending.run(shard)
        #expect(outcome.machines == 2)
        #expect(outcome.coinsAccepted == 4 && outcome.refunds == 2 && outcome.sales == 2)
        #expect(outcome.productsLeft == 1)
    }

    @Test("the workday floor records every tick through the diary")
    func workdayFloorRecordsEveryTick() {
        let shard = WorkdayShard(
            firstWorker: 0, workerCount: 2, ticksPerWorker: 9, step: 1, daysPerWorker: 1,
            taskFinished: [true, false])
        let outcome = FloorWorkday.run(shard)
        #expect(outcome.workers == 2)
        #expect(outcome.ticksPerState.reduce(0, +) == 18)
        #expect(outcome.ticksPerState[WorkdayStateID.afternoon.rawValue] == 9)
    }
}

@Suite("one policy for every subject")
struct SubjectPolicyTests {
    /// Every Swift file under Benchmarks/.
    private static func benchmarkSources() throws -> [(path: String, text: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var sources = [(path: String, text: String)]()
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            sources.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
        return sources
    }

    @Test("no subject turns exclusivity checking off for itself")
    func noPerFamilyExclusivity() throws {
        let sources = try Self.benchmarkSources()
        #expect(sources.count > 30, "Benchmarks/ was not found")
        for source in sources {
            #expect(!source.text.contains("@exclusivity"), "\(source.path)")
        }
    }
}
