import SimBenchCore

/// `vending.state-objects`: the article's design.
///
/// A State class hierarchy; each machine owns its four state objects, and each state reaches
/// back to the machine through a weak delegate typed by its own delegate protocol
/// (`NoMoneyDelegate`, `HasMoneyDelegate`, …), for what the article sends it: transitions,
/// releasing a product, the product count. The article's `NSLog` lines stay where the
/// article writes them: each state counts its own (its rejections, the coins it served, the
/// refunds it gave), and the machine counts its "Merchandise sold"; the machine collects
/// the states' counts into its ledger when its run ends. A rejection never touches the
/// delegate, as in the article.
enum StateObjectsVending {
    protocol NoMoneyDelegate: AnyObject {
        func setCurrentState(_ state: State)
        func getHasMoneyState() -> State
    }

    protocol HasMoneyDelegate: AnyObject {
        func setCurrentState(_ state: State)
        func getNoMoneyState() -> State
        func getSoldState() -> State
    }

    protocol SoldDelegate: AnyObject {
        func setCurrentState(_ state: State)
        func releaseProduct()
        func getCurrentCount() -> Int
        func getNoMoneyState() -> State
        func getSoldOutState() -> State
    }

    protocol SoldOutDelegate: AnyObject {
        func setCurrentState(_ state: State)
    }

    /// The state behaviour base class; the article's methods are optional, every state
    /// overrides all four.
    class State {
        /// This state's rejection log lines, by `VendingMessage.rawValue`: the article's
        /// per-state `NSLog`, counted where it is written.
        var rejected = InlineArray<4, Int>(repeating: 0)

        var id: VendingStateID { fatalError("abstract") }
        func putMoney() { fatalError("abstract") }
        func ejectMoney() { fatalError("abstract") }
        func pressButton() { fatalError("abstract") }
        func distribute() { fatalError("abstract") }

        /// The same unchecked increment as `VendingLedger.reject`, which the other variants use.
        func reject(_ message: VendingMessage) {
            rejected[message.rawValue] &+= 1
        }
    }

    final class NoMoneyState: State {
        weak var delegate: (any NoMoneyDelegate)?
        /// "Serving coins" lines.
        var coinsServed = 0
        override var id: VendingStateID { .noMoney }

        override func putMoney() {
            // "Serving coins"
            coinsServed += 1
            if let delegate { delegate.setCurrentState(delegate.getHasMoneyState()) }
        }
        override func ejectMoney() {
            // "No money is invested, no refund"
            reject(.ejectMoney)
        }
        override func pressButton() {
            // "Please coin first"
            reject(.pressButton)
        }
        override func distribute() {
            // "Please coin"
            reject(.distribute)
        }
    }

    final class HasMoneyState: State {
        weak var delegate: (any HasMoneyDelegate)?
        /// "Refund" lines.
        var refunds = 0
        override var id: VendingStateID { .hasMoney }

        override func putMoney() {
            // "Has invested money, temporarily does not support input"
            reject(.putMoney)
        }
        override func ejectMoney() {
            // "Refund, re-set the vending machine as an unprecedented condition"
            refunds += 1
            if let delegate { delegate.setCurrentState(delegate.getNoMoneyState()) }
        }
        override func pressButton() {
            // "Button pressed, pickup" (not counted: it is one per sale, and sales are)
            if let delegate { delegate.setCurrentState(delegate.getSoldState()) }
        }
        override func distribute() {
            // "Unable to take out the product"
            reject(.distribute)
        }
    }

    final class SoldState: State {
        weak var delegate: (any SoldDelegate)?
        override var id: VendingStateID { .sold }

        override func putMoney() {
            // "Please wait for the sale of goods"
            reject(.putMoney)
        }
        override func ejectMoney() {
            // "Please wait for the sale of goods, no refund"
            reject(.ejectMoney)
        }
        override func pressButton() {
            // "Please re-coin after the item is removed"
            reject(.pressButton)
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
            reject(.putMoney)
        }
        override func ejectMoney() {
            // "No refund"
            reject(.ejectMoney)
        }
        override func pressButton() {
            // "Cannot be sold"
            reject(.pressButton)
        }
        override func distribute() {
            // "Unable to distribute"
            reject(.distribute)
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
        /// "Merchandise sold" lines.
        private var sales = 0

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

        /// The machine's log and its states' logs, collected when the run ends.
        var ledger: VendingLedger {
            var ledger = VendingLedger()
            ledger.coinsAccepted = noMoneyState.coinsServed
            ledger.refunds = hasMoneyState.refunds
            ledger.sales = sales
            ledger.collect(noMoneyState.rejected, rejectedIn: .noMoney)
            ledger.collect(hasMoneyState.rejected, rejectedIn: .hasMoney)
            ledger.collect(soldState.rejected, rejectedIn: .sold)
            ledger.collect(soldOutState.rejected, rejectedIn: .soldOut)
            return ledger
        }

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
            sales += 1
            if productCount != 0 { productCount -= 1 }
        }
    }

    static func run(_ shard: VendingShard) -> VendingOutcome {
        shard.simulate { SaleMachine(count: $0) }
    }
}
