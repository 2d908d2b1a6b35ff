import SimBenchCore
import Testing

@testable import Subjects

@Suite("vending")
struct VendingTests {
    @Test("every variant agrees with enum-switch", arguments: 0..<40)
    func variantsAgree(seed: UInt64) {
        for (machines, events) in [(0, 10), (1, 1), (1, 300), (7, 50), (40, 120)] {
            expectVariantsAgree(
                VendingScenario.self, entities: machines, events: events, seed: seed)
        }
        expectVariantsAgree(
            VendingScenario.self, entities: 25, events: 80, seed: seed,
            parameters: ["products": "0"])
        expectVariantsAgree(
            VendingScenario.self, entities: 25, events: 80, seed: seed,
            parameters: ["products": "1"])
    }

    @Test("the article's test sequence", arguments: VendingScenario.checkedVariants.map(\.name))
    func articleSequence(variant: String) {
        // putMoney, ejectMoney, putMoney, pressButton on a machine with one product: one
        // coin refunded, one sale, and the machine ends SoldOut.
        let shard = VendingShard(
            firstMachine: 0, eventsPerMachine: 4, productCounts: [1],
            actions: [.putMoney, .ejectMoney, .putMoney, .pressButton])
        let run = VendingScenario.variants.first { $0.name == variant }!.prepare(shard)
        let outcome = run()
        #expect(outcome.coinsAccepted == 2)
        #expect(outcome.refunds == 1)
        #expect(outcome.sales == 1)
        #expect(outcome.productsLeft == 0)
        #expect(outcome.finalStates == [0, 0, 0, 1])
        #expect(outcome.rejected.allSatisfy { $0 == 0 })
    }

    @Test(
        "a machine with 0 products starts SoldOut and rejects everything",
        arguments: VendingScenario.checkedVariants.map(\.name))
    func emptyMachine(variant: String) {
        let shard = VendingShard(
            firstMachine: 0, eventsPerMachine: 3, productCounts: [0],
            actions: [.putMoney, .pressButton, .ejectMoney])
        let outcome = VendingScenario.variants.first { $0.name == variant }!.prepare(shard)()
        #expect(outcome.finalStates == [0, 0, 0, 1])
        #expect(outcome.coinsAccepted == 0 && outcome.sales == 0)
        #expect(outcome.rejected[VendingLedger.slot(.soldOut, .putMoney)] == 1)
        #expect(outcome.rejected[VendingLedger.slot(.soldOut, .pressButton)] == 1)
        // pressButton is followed by distribute, which SoldOut rejects too.
        #expect(outcome.rejected[VendingLedger.slot(.soldOut, .distribute)] == 1)
        #expect(outcome.rejected[VendingLedger.slot(.soldOut, .ejectMoney)] == 1)
    }

    @Test("rejections are counted where the article logs them")
    func rejectionsByKind() {
        let shard = VendingShard(
            firstMachine: 0, eventsPerMachine: 4, productCounts: [5],
            actions: [.ejectMoney, .pressButton, .putMoney, .putMoney])
        for variant in VendingScenario.checkedVariants {
            let outcome = variant.prepare(shard)()
            #expect(
                outcome.rejected[VendingLedger.slot(.noMoney, .ejectMoney)] == 1, "\(variant.name)")
            #expect(
                outcome.rejected[VendingLedger.slot(.noMoney, .pressButton)] == 1, "\(variant.name)"
            )
            #expect(
                outcome.rejected[VendingLedger.slot(.noMoney, .distribute)] == 1, "\(variant.name)")
            #expect(
                outcome.rejected[VendingLedger.slot(.hasMoney, .putMoney)] == 1, "\(variant.name)")
            #expect(outcome.finalStates == [0, 1, 0, 0], "\(variant.name)")
        }
    }

    @Test("state objects count their own rejections, without their delegate")
    func stateObjectsCountTheirOwnRejections() {
        // A state with no delegate at all still logs: a rejection never reaches the machine.
        let orphan = StateObjectsVending.SoldOutState()
        orphan.putMoney()
        orphan.distribute()
        orphan.distribute()
        #expect(orphan.delegate == nil)
        #expect(orphan.rejected[VendingMessage.putMoney.rawValue] == 1)
        #expect(orphan.rejected[VendingMessage.distribute.rawValue] == 2)

        // The machine collects its states' counts when asked for its ledger.
        let machine = StateObjectsVending.SaleMachine(count: 1)
        machine.ejectMoney()
        machine.putMoney()
        machine.putMoney()
        machine.pressButton()
        machine.putMoney()
        #expect(machine.noMoneyState.rejected[VendingMessage.ejectMoney.rawValue] == 1)
        #expect(machine.hasMoneyState.rejected[VendingMessage.putMoney.rawValue] == 1)
        #expect(machine.soldOutState.rejected[VendingMessage.putMoney.rawValue] == 1)
        let ledger = machine.ledger
        #expect(ledger.coinsAccepted == 1 && ledger.sales == 1 && ledger.refunds == 0)
        #expect(ledger.rejected[VendingLedger.slot(.noMoney, .ejectMoney)] == 1)
        #expect(ledger.rejected[VendingLedger.slot(.hasMoney, .putMoney)] == 1)
        #expect(ledger.rejected[VendingLedger.slot(.soldOut, .putMoney)] == 1)
        var total = 0
        for slot in 0..<16 { total += ledger.rejected[slot] }
        #expect(total == 3)
    }

    @Test("the checksum changes when one machine's result changes")
    func checksumCoversOutcome() {
        var a = VendingOutcome()
        var ledger = VendingLedger()
        ledger.sales = 3
        a.record(machine: 0, ledger: ledger, finalState: .noMoney, productsLeft: 2)
        var b = VendingOutcome()
        ledger.sales = 2
        ledger.refunds = 1
        b.record(machine: 0, ledger: ledger, finalState: .noMoney, productsLeft: 2)
        #expect(a != b)
        #expect(a.checksum != b.checksum)
    }

    @Test("tapes depend on the seed and the machine index only")
    func tapesAreDeterministic() {
        let configuration = VendingScenario.makeConfiguration(entities: 10, events: 20, seed: 7)
        let scenario = VendingScenario(configuration: configuration)
        let whole = scenario.makeShard(entities: 0..<10)
        let tail = scenario.makeShard(entities: 6..<10)
        #expect(Array(whole.actions[120...]) == tail.actions)
        #expect(Array(whole.productCounts[6...]) == tail.productCounts)
        let other = VendingScenario(
            configuration: VendingScenario.makeConfiguration(entities: 10, events: 20, seed: 8))
        #expect(other.makeShard(entities: 0..<10).actions != whole.actions)
    }
}
