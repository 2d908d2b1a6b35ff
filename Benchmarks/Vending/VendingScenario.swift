import SimBenchCore

/// Vending machines: State objects against enum + switch.
///
/// Modelled on `state-vending-machine.en.txt`: states NoMoney, HasMoney, Sold and SoldOut;
/// customers put money in, ask for it back, or press the button, which makes the machine
/// distribute. Every rejected action is counted by kind, where the article logs it.
///
/// One quirk is fixed: the article leaves a machine created with 0 products with no state
/// at all (`if (count) { self.state = nomoneystate; }`), so every message to it goes to nil.
/// simbench starts such a machine in SoldOut, which is what the article's states do once a
/// machine runs out.
public struct VendingScenario: Scenario {
    public static let descriptor = ScenarioDescriptor(
        name: "vending",
        title: "State objects vs enum + switch: vending machines",
        seedArticle: "iOS Development-State mode",
        entityUnit: "vending machine",
        eventUnit: "customer action (putMoney, ejectMoney or pressButton)",
        defaultEventsPerEntity: 100,
        // Fitted to release runs' peak resident memory: an action byte per event and a
        // machine's product count; a variant's machines are created one at a time.
        bytesPerEvent: 1,
        bytesPerEntity: 10,
        parameters: [
            .integer(
                "products", "most products a machine is stocked with (drawn 0...products)",
                default: 40, range: 0...1_000_000)
        ]
    )

    public static let variants: [Variant<VendingShard, VendingOutcome>] = [
        Variant(
            name: "enum-switch", role: .baseline,
            summary: "an enum of states and a switch per action",
            run: EnumSwitchVending.run),
        Variant(
            name: "state-objects",
            summary: "the article's design: four state objects per machine, weak delegates",
            run: StateObjectsVending.run),
        Variant(
            name: "shared-states",
            summary: "stateless state objects shared by all machines, machine passed in",
            run: SharedStatesVending.run),
        Variant(
            name: "table",
            summary: "a transition table indexed by state and action",
            run: TableVending.run),
        Variant(
            name: "floor", role: .floor,
            summary: "the customers' loop and the per-machine record, no machine logic",
            run: FloorVending.run),
    ]

    public let configuration: ScenarioConfiguration
    private let maximumProducts: Int

    public init(configuration: ScenarioConfiguration) {
        self.configuration = configuration
        maximumProducts = configuration.parameters.integer("products")
    }

    public func makeShard(entities: Range<Int>) -> VendingShard {
        let events = configuration.eventsPerEntity
        var actions = [VendingAction]()
        actions.reserveCapacity(entities.count * events)
        var products = [Int]()
        products.reserveCapacity(entities.count)
        for index in entities {
            var random = SplitMix64(seed: configuration.seed, stream: 0x7665_6E64, index: index)
            // A few machines are delivered empty, to exercise the SoldOut start.
            let empty = random.chance(0.02)
            products.append(empty ? 0 : random.next(below: maximumProducts + 1))
            for _ in 0..<events {
                // Customers mostly pay and press; some change their mind.
                let roll = random.next(below: 100)
                actions.append(roll < 45 ? .putMoney : roll < 85 ? .pressButton : .ejectMoney)
            }
        }
        return VendingShard(
            firstMachine: entities.lowerBound, eventsPerMachine: events,
            productCounts: products, actions: actions)
    }

    public func eventCount(of shard: VendingShard) -> Int {
        shard.actions.count
    }
}

/// A customer's action on a machine.
public enum VendingAction: UInt8, Sendable {
    case putMoney
    case ejectMoney
    case pressButton
}

/// The machines of one slice of the fleet and their customers' actions.
public struct VendingShard: Sendable {
    /// The fleet index of the first machine.
    public let firstMachine: Int
    public let eventsPerMachine: Int
    /// Each machine's initial product count.
    public let productCounts: [Int]
    /// All machines' actions, machine after machine.
    public let actions: [VendingAction]

    public var machineCount: Int { productCounts.count }

    /// Runs every machine of the shard through its customers' actions.
    ///
    /// The loop is the customers' side, identical for every variant; generic specialisation
    /// gives each variant a copy with its own machine type inlined.
    @inline(__always)
    func simulate<Machine: VendingMachineModel>(
        _ makeMachine: (_ products: Int) -> Machine
    ) -> VendingOutcome {
        simulate(machines: 0..<machineCount, makeMachine)
    }

    /// Runs the machines at `offsets` one after another through their tapes: the customers'
    /// loop of every vending variant, and of each slice of the fleet scenario's sliced
    /// designs.
    @inline(__always)
    func simulate<Machine: VendingMachineModel>(
        machines offsets: Range<Int>, _ makeMachine: (_ products: Int) -> Machine
    ) -> VendingOutcome {
        var outcome = VendingOutcome()
        actions.withUnsafeBufferPointer { all in
            for machineOffset in offsets {
                var machine = makeMachine(productCounts[machineOffset])
                let start = machineOffset * eventsPerMachine
                for action in all[start..<start + eventsPerMachine] { machine.handle(action) }
                outcome.record(
                    machine: firstMachine + machineOffset, ledger: machine.ledger,
                    finalState: machine.currentState, productsLeft: machine.productCount)
            }
        }
        return outcome
    }
}

/// What the customers' loop needs of a vending machine, whatever its design.
protocol VendingMachineModel {
    mutating func putMoney()
    mutating func ejectMoney()
    /// Presses the button; the machine then distributes, as in the article.
    mutating func pressButton()
    var ledger: VendingLedger { get }
    var currentState: VendingStateID { get }
    var productCount: Int { get }
}

extension VendingMachineModel {
    /// Delivers one customer action.
    @inline(__always)
    mutating func handle(_ action: VendingAction) {
        switch action {
        case .putMoney: putMoney()
        case .ejectMoney: ejectMoney()
        case .pressButton: pressButton()
        }
    }
}
