import SimBenchCore

/// `vending.state-objects`: the article's design.
///
/// A State class hierarchy; each machine owns its four state objects, and each state reaches
/// back to the machine through a weak delegate typed by its own delegate protocol
/// (`NoMoneyDelegate`, `HasMoneyDelegate`, …). The article's `NSLog` lines become counts in
/// the machine's ledger.
enum StateObjectsVending {
    /// The NSLog stand-in every delegate protocol inherits.
    protocol Logging: AnyObject {
        var ledger: VendingLedger { get set }
    }

    protocol NoMoneyDelegate: Logging {
        func setCurrentState(_ state: State)
        func getHasMoneyState() -> State
    }

    protocol HasMoneyDelegate: Logging {
        func setCurrentState(_ state: State)
        func getNoMoneyState() -> State
        func getSoldState() -> State
    }

    protocol SoldDelegate: Logging {
        func setCurrentState(_ state: State)
        func releaseProduct()
        func getCurrentCount() -> Int
        func getNoMoneyState() -> State
        func getSoldOutState() -> State
    }

    protocol SoldOutDelegate: Logging {
        func setCurrentState(_ state: State)
    }

    /// The state behaviour base class; the article's methods are optional, every state
    /// overrides all four.
    class State {
        var id: VendingStateID { fatalError("abstract") }
        func putMoney() { fatalError("abstract") }
        func ejectMoney() { fatalError("abstract") }
        func pressButton() { fatalError("abstract") }
        func distribute() { fatalError("abstract") }
    }

    final class NoMoneyState: State {
        weak var delegate: (any NoMoneyDelegate)?
        override var id: VendingStateID { .noMoney }

        override func putMoney() {
            // "Serving coins"
            delegate?.ledger.coinsAccepted += 1
            if let delegate { delegate.setCurrentState(delegate.getHasMoneyState()) }
        }
        override func ejectMoney() {
            // "No money is invested, no refund"
            delegate?.ledger.reject(.noMoney, .ejectMoney)
        }
        override func pressButton() {
            // "Please coin first"
            delegate?.ledger.reject(.noMoney, .pressButton)
        }
        override func distribute() {
            // "Please coin"
            delegate?.ledger.reject(.noMoney, .distribute)
        }
    }

    final class HasMoneyState: State {
        weak var delegate: (any HasMoneyDelegate)?
        override var id: VendingStateID { .hasMoney }

        override func putMoney() {
            // "Has invested money, temporarily does not support input"
            delegate?.ledger.reject(.hasMoney, .putMoney)
        }
        override func ejectMoney() {
            // "Refund, re-set the vending machine as an unprecedented condition"
            delegate?.ledger.refunds += 1
            if let delegate { delegate.setCurrentState(delegate.getNoMoneyState()) }
        }
        override func pressButton() {
            // "Button pressed, pickup"
            if let delegate { delegate.setCurrentState(delegate.getSoldState()) }
        }
        override func distribute() {
            // "Unable to take out the product"
            delegate?.ledger.reject(.hasMoney, .distribute)
        }
    }

    final class SoldState: State {
        weak var delegate: (any SoldDelegate)?
        override var id: VendingStateID { .sold }

        override func putMoney() {
            // "Please wait for the sale of goods"
            delegate?.ledger.reject(.sold, .putMoney)
        }
        override func ejectMoney() {
            // "Please wait for the sale of goods, no refund"
            delegate?.ledger.reject(.sold, .ejectMoney)
        }
        override func pressButton() {
            // "Please re-coin after the item is removed"
            delegate?.ledger.reject(.sold, .pressButton)
        }
        override func distribute() {
            guard let delegate else { return }
            delegate.releaseProduct()
            if delegate.getCurrentCount() != 0 {
                delegate.setCurrentState(delegate.getNoMoneyState())
            } else {
                delegate.setCurrentState(delegate.getSoldOutState())
            }
        }
    }

    final class SoldOutState: State {
        weak var delegate: (any SoldOutDelegate)?
        override var id: VendingStateID { .soldOut }

        override func putMoney() {
            // "Sold out"
            delegate?.ledger.reject(.soldOut, .putMoney)
        }
        override func ejectMoney() {
            // "No refund"
            delegate?.ledger.reject(.soldOut, .ejectMoney)
        }
        override func pressButton() {
            // "Cannot be sold"
            delegate?.ledger.reject(.soldOut, .pressButton)
        }
        override func distribute() {
            // "Unable to distribute"
            delegate?.ledger.reject(.soldOut, .distribute)
        }
    }

    /// The article's `SaleMachine`: the context, and the delegate of all four states.
    final class SaleMachine: NoMoneyDelegate, HasMoneyDelegate, SoldDelegate, SoldOutDelegate,
        VendingMachineModel
    {
        let noMoneyState = NoMoneyState()
        let hasMoneyState = HasMoneyState()
        let soldState = SoldState()
        let soldOutState = SoldOutState()
        private var state: State
        private(set) var productCount: Int
        var ledger = VendingLedger()

        init(count: Int) {
            productCount = count
            // The article leaves `state` unset when count is 0; simbench starts in SoldOut.
            state = count != 0 ? noMoneyState : soldOutState
            noMoneyState.delegate = self
            hasMoneyState.delegate = self
            soldState.delegate = self
            soldOutState.delegate = self
        }

        var currentState: VendingStateID { state.id }

        func putMoney() { state.putMoney() }
        func ejectMoney() { state.ejectMoney() }
        func pressButton() {
            state.pressButton()
            state.distribute()
        }

        func setCurrentState(_ state: State) { self.state = state }
        func getHasMoneyState() -> State { hasMoneyState }
        func getNoMoneyState() -> State { noMoneyState }
        func getSoldState() -> State { soldState }
        func getSoldOutState() -> State { soldOutState }
        func getCurrentCount() -> Int { productCount }

        func releaseProduct() {
            // "Merchandise sold"
            ledger.sales += 1
            if productCount != 0 { productCount -= 1 }
        }
    }

    static func run(_ shard: VendingShard) -> VendingOutcome {
        shard.simulate { SaleMachine(count: $0) }
    }
}
