import SimBenchCore

/// `vending.table`: the machine's behaviour as data, a transition table indexed by
/// (state, message).
enum TableVending {
    enum Effect {
        case reject
        case acceptCoin
        case refund
        case select
        /// Sold's distribute: release a product; the next state depends on what is left.
        case release
    }

    struct Transition {
        let effect: Effect
        let next: VendingStateID
    }

    /// Rows by state (NoMoney, HasMoney, Sold, SoldOut), columns by message
    /// (putMoney, ejectMoney, pressButton, distribute).
    static func makeTable() -> [Transition] {
        func stay(_ state: VendingStateID) -> Transition {
            Transition(effect: .reject, next: state)
        }
        return [
            Transition(effect: .acceptCoin, next: .hasMoney), stay(.noMoney), stay(.noMoney),
            stay(.noMoney),
            stay(.hasMoney), Transition(effect: .refund, next: .noMoney),
            Transition(effect: .select, next: .sold), stay(.hasMoney),
            stay(.sold), stay(.sold), stay(.sold), Transition(effect: .release, next: .sold),
            stay(.soldOut), stay(.soldOut), stay(.soldOut), stay(.soldOut),
        ]
    }

    struct SaleMachine: VendingMachineModel {
        private(set) var currentState: VendingStateID
        private(set) var productCount: Int
        var ledger = VendingLedger()
        private let table: UnsafeBufferPointer<Transition>

        init(count: Int, table: UnsafeBufferPointer<Transition>) {
            productCount = count
            currentState = count != 0 ? .noMoney : .soldOut
            self.table = table
        }

        mutating func putMoney() { send(.putMoney) }
        mutating func ejectMoney() { send(.ejectMoney) }
        mutating func pressButton() {
            send(.pressButton)
            send(.distribute)
        }

        @inline(__always)
        private mutating func send(_ message: VendingMessage) {
            let transition = table[VendingLedger.slot(currentState, message)]
            switch transition.effect {
            case .reject:
                ledger.reject(currentState, message)
            case .acceptCoin:
                ledger.coinsAccepted += 1
            case .refund:
                ledger.refunds += 1
            case .select:
                break
            case .release:
                ledger.sales += 1
                if productCount != 0 { productCount -= 1 }
                currentState = productCount != 0 ? .noMoney : .soldOut
                return
            }
            currentState = transition.next
        }
    }

    static func run(_ shard: VendingShard) -> VendingOutcome {
        let table = makeTable()
        return table.withUnsafeBufferPointer { table in
            shard.simulate { SaleMachine(count: $0, table: table) }
        }
    }
}
