import SimBenchCore

/// `vending.enum-switch`, the baseline: the machine's state is an enum, and every action is
/// a switch over it.
enum EnumSwitchVending {
    struct SaleMachine: VendingMachineModel {
        private(set) var state: VendingStateID
        var currentState: VendingStateID { state }
        private(set) var productCount: Int
        var ledger = VendingLedger()

        init(count: Int) {
            productCount = count
            state = count != 0 ? .noMoney : .soldOut
        }

        mutating func putMoney() {
            switch state {
            case .noMoney:
                ledger.coinsAccepted += 1
                state = .hasMoney
            case .hasMoney, .sold, .soldOut:
                ledger.reject(state, .putMoney)
            }
        }

        mutating func ejectMoney() {
            switch state {
            case .hasMoney:
                ledger.refunds += 1
                state = .noMoney
            case .noMoney, .sold, .soldOut:
                ledger.reject(state, .ejectMoney)
            }
        }

        mutating func pressButton() {
            switch state {
            case .hasMoney:
                state = .sold
            case .noMoney, .sold, .soldOut:
                ledger.reject(state, .pressButton)
            }
            distribute()
        }

        mutating func distribute() {
            switch state {
            case .sold:
                ledger.sales += 1
                if productCount != 0 { productCount -= 1 }
                state = productCount != 0 ? .noMoney : .soldOut
            case .noMoney, .hasMoney, .soldOut:
                ledger.reject(state, .distribute)
            }
        }
    }

    static func run(_ shard: VendingShard) -> VendingOutcome {
        shard.simulate { SaleMachine(count: $0) }
    }
}
