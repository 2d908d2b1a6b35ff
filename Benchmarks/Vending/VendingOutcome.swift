import SimBenchCore

/// A machine state's identity, shared by every variant for recording outcomes.
public enum VendingStateID: Int, Sendable, CaseIterable {
    case noMoney
    case hasMoney
    case sold
    case soldOut

    public var name: String {
        switch self {
        case .noMoney: "NoMoney"
        case .hasMoney: "HasMoney"
        case .sold: "Sold"
        case .soldOut: "SoldOut"
        }
    }
}

/// A message a state receives; `distribute` follows every `pressButton`, as in the article.
public enum VendingMessage: Int, Sendable, CaseIterable {
    case putMoney
    case ejectMoney
    case pressButton
    case distribute
}

/// What one machine did: the article's log lines, counted instead of printed.
public struct VendingLedger: Sendable {
    public var coinsAccepted = 0
    public var refunds = 0
    public var sales = 0
    /// Rejected messages, indexed by `VendingLedger.slot(state, message)`.
    public var rejected = InlineArray<16, Int>(repeating: 0)

    public init() {}

    @inline(__always)
    public static func slot(_ state: VendingStateID, _ message: VendingMessage) -> Int {
        state.rawValue &* 4 &+ message.rawValue
    }

    @inline(__always)
    public mutating func reject(_ state: VendingStateID, _ message: VendingMessage) {
        rejected[VendingLedger.slot(state, message)] &+= 1
    }

    /// Adds the rejections one state counted itself, indexed by `VendingMessage.rawValue`:
    /// how a machine whose states keep their own log collects it when its run ends.
    @inline(__always)
    public mutating func collect(_ counts: InlineArray<4, Int>, rejectedIn state: VendingStateID) {
        for message in 0..<4 {
            rejected[state.rawValue &* 4 &+ message] &+= counts[message]
        }
    }
}

/// Sales, refunds, rejected actions by kind and final states of a fleet of machines.
public struct VendingOutcome: ScenarioOutcome {
    public var machines = 0
    public var coinsAccepted = 0
    public var refunds = 0
    public var sales = 0
    public var productsLeft = 0
    /// Rejections by (state, message); see `VendingLedger.slot`.
    public var rejected = [Int](repeating: 0, count: 16)
    /// Machines by final state, indexed by `VendingStateID.rawValue`.
    public var finalStates = [Int](repeating: 0, count: 4)
    /// Sum of per-machine digests: catches a wrong machine even when the totals agree.
    public var machineDigest: UInt64 = 0

    public init() {}

    /// Adds one machine's results.
    public mutating func record(
        machine index: Int, ledger: VendingLedger, finalState: VendingStateID,
        productsLeft left: Int
    ) {
        machines += 1
        coinsAccepted += ledger.coinsAccepted
        refunds += ledger.refunds
        sales += ledger.sales
        productsLeft += left
        // One digest per machine, folded once: the figures' mixes overlap instead of
        // waiting on one another (see `SequenceDigest`).
        var digest = SequenceDigest()
        digest.append(ledger.coinsAccepted)
        digest.append(ledger.refunds)
        digest.append(ledger.sales)
        for slot in 0..<16 {
            rejected[slot] += ledger.rejected[slot]
            digest.append(ledger.rejected[slot])
        }
        finalStates[finalState.rawValue] += 1
        digest.append(finalState.rawValue)
        digest.append(left)
        machineDigest &+= Checksum.entityContribution(index: index, hash: digest.value)
    }

    public mutating func merge(_ other: VendingOutcome) {
        machines += other.machines
        coinsAccepted += other.coinsAccepted
        refunds += other.refunds
        sales += other.sales
        productsLeft += other.productsLeft
        for slot in 0..<16 { rejected[slot] += other.rejected[slot] }
        for state in 0..<4 { finalStates[state] += other.finalStates[state] }
        machineDigest &+= other.machineDigest
    }

    public var checksum: UInt64 {
        var checksum = Checksum()
        checksum.combine(machines)
        checksum.combine(coinsAccepted)
        checksum.combine(refunds)
        checksum.combine(sales)
        checksum.combine(productsLeft)
        checksum.combine(contentsOf: rejected)
        checksum.combine(contentsOf: finalStates)
        checksum.combine(machineDigest)
        return checksum.value
    }

    public var summary: [(label: String, value: String)] {
        var lines: [(label: String, value: String)] = [
            ("machines", "\(machines)"), ("coins accepted", "\(coinsAccepted)"),
            ("sales", "\(sales)"), ("refunds", "\(refunds)"),
            ("products left", "\(productsLeft)"),
        ]
        for state in VendingStateID.allCases {
            for message in VendingMessage.allCases {
                let count = rejected[VendingLedger.slot(state, message)]
                if count > 0 { lines.append(("rejected \(state.name).\(message)", "\(count)")) }
            }
        }
        for state in VendingStateID.allCases {
            lines.append(("ended \(state.name)", "\(finalStates[state.rawValue])"))
        }
        return lines
    }
}
