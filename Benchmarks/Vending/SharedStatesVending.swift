import SimBenchCore

/// `vending.shared-states`: stateless state objects shared by every machine.
///
/// The workday article notes that states without instance variables can be shared by all
/// contexts. Here each state is one immutable instance, and the machine is passed in
/// instead of being reached through a weak delegate.
enum SharedStatesVending {
    class State: @unchecked Sendable {
        // Safe: State and its subclasses have no stored properties, so sharing them across
        // threads shares nothing mutable.
        var id: VendingStateID { fatalError("abstract") }
        func putMoney(_ machine: SaleMachine) { fatalError("abstract") }
        func ejectMoney(_ machine: SaleMachine) { fatalError("abstract") }
        func pressButton(_ machine: SaleMachine) { fatalError("abstract") }
        func distribute(_ machine: SaleMachine) { fatalError("abstract") }
    }

    final class NoMoneyState: State, @unchecked Sendable {  // Safe: no stored properties.
        static let shared = NoMoneyState()
        override var id: VendingStateID { .noMoney }

        override func putMoney(_ machine: SaleMachine) {
            machine.ledger.coinsAccepted += 1
            machine.state = HasMoneyState.shared
        }
        override func ejectMoney(_ machine: SaleMachine) {
            machine.ledger.reject(.noMoney, .ejectMoney)
        }
        override func pressButton(_ machine: SaleMachine) {
            machine.ledger.reject(.noMoney, .pressButton)
        }
        override func distribute(_ machine: SaleMachine) {
            machine.ledger.reject(.noMoney, .distribute)
        }
    }

    final class HasMoneyState: State, @unchecked Sendable {  // Safe: no stored properties.
        static let shared = HasMoneyState()
        override var id: VendingStateID { .hasMoney }

        override func putMoney(_ machine: SaleMachine) {
            machine.ledger.reject(.hasMoney, .putMoney)
        }
        override func ejectMoney(_ machine: SaleMachine) {
            machine.ledger.refunds += 1
            machine.state = NoMoneyState.shared
        }
        override func pressButton(_ machine: SaleMachine) {
            machine.state = SoldState.shared
        }
        override func distribute(_ machine: SaleMachine) {
            machine.ledger.reject(.hasMoney, .distribute)
        }
    }

    final class SoldState: State, @unchecked Sendable {  // Safe: no stored properties.
        static let shared = SoldState()
        override var id: VendingStateID { .sold }

        override func putMoney(_ machine: SaleMachine) {
            machine.ledger.reject(.sold, .putMoney)
        }
        override func ejectMoney(_ machine: SaleMachine) {
            machine.ledger.reject(.sold, .ejectMoney)
        }
        override func pressButton(_ machine: SaleMachine) {
            machine.ledger.reject(.sold, .pressButton)
        }
        override func distribute(_ machine: SaleMachine) {
            machine.releaseProduct()
            machine.state = machine.productCount != 0 ? NoMoneyState.shared : SoldOutState.shared
        }
    }

    final class SoldOutState: State, @unchecked Sendable {  // Safe: no stored properties.
        static let shared = SoldOutState()
        override var id: VendingStateID { .soldOut }

        override func putMoney(_ machine: SaleMachine) {
            machine.ledger.reject(.soldOut, .putMoney)
        }
        override func ejectMoney(_ machine: SaleMachine) {
            machine.ledger.reject(.soldOut, .ejectMoney)
        }
        override func pressButton(_ machine: SaleMachine) {
            machine.ledger.reject(.soldOut, .pressButton)
        }
        override func distribute(_ machine: SaleMachine) {
            machine.ledger.reject(.soldOut, .distribute)
        }
    }

    final class SaleMachine: VendingMachineModel {
        var state: State
        private(set) var productCount: Int
        var ledger = VendingLedger()
        var currentState: VendingStateID { state.id }

        init(count: Int) {
            productCount = count
            state = count != 0 ? NoMoneyState.shared : SoldOutState.shared
        }

        func putMoney() { state.putMoney(self) }
        func ejectMoney() { state.ejectMoney(self) }
        func pressButton() {
            state.pressButton(self)
            state.distribute(self)
        }

        func releaseProduct() {
            ledger.sales += 1
            if productCount != 0 { productCount -= 1 }
        }
    }

    static func run(_ shard: VendingShard) -> VendingOutcome {
        shard.simulate { SaleMachine(count: $0) }
    }
}
