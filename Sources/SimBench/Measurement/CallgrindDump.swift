/// The costs of one Callgrind dump: one call of the counted region
/// (`simbench_counted_region`), as `--dump-after` wrote them.
///
/// A dump names its events once (`events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw` under
/// `--cache-sim=yes`) and totals them (`totals: 6011 1002 1002`); trailing zeros are left
/// out, so a missing total is 0. Between them, each function's self cost: a `fn=` line
/// (after the `ob=` line of the object it lives in) and its cost lines, each a position and
/// the events' counts; the cost line after a `calls=` line is a call's inclusive cost, which
/// belongs to the callee's own lines, not the caller's.
public struct CallgrindDump: Sendable, Equatable {
    /// Every event's total, by Callgrind's name (`Ir`, `D1mr`, …).
    public let totals: [String: UInt64]
    /// Each function's self cost in instructions (`Ir`), by object file and symbol as the
    /// dump names them; empty for a dump of totals only.
    public let functions: [FunctionCost]

    /// The instructions a function executed itself, not in the functions it called.
    public struct FunctionCost: Sendable, Equatable {
        /// The object file it lives in (`ob=`): a path, or `???` when Callgrind knew none.
        public var object: String
        /// Its symbol (`fn=`): C++ demangled, Swift mangled, as Callgrind writes them.
        public var symbol: String
        public var instructions: UInt64

        public init(object: String, symbol: String, instructions: UInt64) {
            self.object = object
            self.symbol = symbol
            self.instructions = instructions
        }
    }

    /// Why a dump could not be read.
    public struct Malformed: Error, CustomStringConvertible, Sendable {
        public let reason: String
        public var description: String { "unreadable Callgrind dump: \(reason)" }
    }

    /// Each call inside the dump from one function to another, with the instructions it ran
    /// (the callee's and all it called): how a helper's cost is shared among its callers.
    public let calls: [Call]

    /// Calls from `functions[caller]` to the function `callee` (object, symbol).
    public struct Call: Sendable, Equatable {
        public var caller: Int
        public var calleeObject: String
        public var calleeSymbol: String
        public var instructions: UInt64
        /// How many times the caller called it (the `calls=` line's count).
        public var count: UInt64 = 0
    }

    public init(totals: [String: UInt64], functions: [FunctionCost] = [], calls: [Call] = []) {
        self.totals = totals
        self.functions = functions
        self.calls = calls
    }

    /// Reads a dump's `events:` and `totals:` (or, in older files, `summary:`) lines.
    public init(parsing text: String) throws(Malformed) {
        var names: [String]?
        var values: [UInt64]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("events:") {
                names = line.dropFirst("events:".count).split(separator: " ").map(String.init)
            } else if line.hasPrefix("totals:") || (values == nil && line.hasPrefix("summary:")) {
                let fields = line.drop { $0 != ":" }.dropFirst().split(separator: " ")
                let numbers = fields.compactMap { UInt64($0) }
                guard numbers.count == fields.count else {
                    throw Malformed(reason: "'\(line)' holds something other than counts")
                }
                values = numbers
            }
        }
        guard let names, !names.isEmpty else { throw Malformed(reason: "no 'events:' line") }
        guard let values else { throw Malformed(reason: "no 'totals:' line") }
        guard values.count <= names.count else {
            throw Malformed(reason: "\(values.count) totals for \(names.count) events")
        }
        var totals = [String: UInt64]()
        for (index, name) in names.enumerated() {
            totals[name] = index < values.count ? values[index] : 0
        }
        self.totals = totals
        (self.functions, self.calls) = try CallgrindDump.costs(
            text, instructionIndex: names.firstIndex(of: "Ir"))
    }

    /// Each function's self instructions, in the order the dump first names them, and the
    /// calls between them.
    private static func costs(_ text: String, instructionIndex: Int?) throws(Malformed)
        -> ([FunctionCost], [Call])
    {
        guard let instructionIndex else { return ([], []) }
        var positions = 1
        // Name compression (`fn=(3) name`, later `fn=(3)`): one table for objects (`ob=`,
        // `cob=`), one for functions (`fn=`, `cfn=`).
        var objectNames = [String: String]()
        var functionNames = [String: String]()
        var object = "???"
        var current: Int?
        var costs = [FunctionCost]()
        var calls = [Call]()
        var index = [String: Int]()
        // A call's callee, named by `cob=` (only when another object's) and `cfn=` lines;
        // the cost line after its `calls=` line is what the call ran.
        var calleeObject: String?
        var callee: String?
        var pendingCall: Call?
        func name(_ spec: Substring, in table: inout [String: String]) -> String {
            let spec = spec.trimmingCharacters(in: .whitespaces)
            guard spec.hasPrefix("("), let close = spec.firstIndex(of: ")") else { return spec }
            let id = String(spec[spec.startIndex...close])
            let rest = spec[spec.index(after: close)...].trimmingCharacters(in: .whitespaces)
            if rest.isEmpty { return table[id] ?? id }
            table[id] = rest
            return rest
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = line.first else { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                let fields = line.split(separator: " ")
                let field = positions + instructionIndex
                var count: UInt64 = 0
                if field < fields.count {
                    guard let value = UInt64(fields[field]) else {
                        throw Malformed(reason: "'\(line)' holds something other than counts")
                    }
                    count = value
                }
                if var call = pendingCall {
                    call.instructions = count
                    calls.append(call)
                    pendingCall = nil
                    continue
                }
                guard let current else { continue }
                costs[current].instructions += count
            } else if line.hasPrefix("positions:") {
                positions = max(1, line.dropFirst("positions:".count).split(separator: " ").count)
            } else if line.hasPrefix("ob=") {
                object = name(line.dropFirst(3), in: &objectNames)
            } else if line.hasPrefix("cob=") {
                calleeObject = name(line.dropFirst(4), in: &objectNames)
            } else if line.hasPrefix("cfn=") {
                callee = name(line.dropFirst(4), in: &functionNames)
            } else if line.hasPrefix("fn=") {
                let symbol = name(line.dropFirst(3), in: &functionNames)
                let key = "\(object)\u{0}\(symbol)"
                if let known = index[key] {
                    current = known
                } else {
                    index[key] = costs.count
                    current = costs.count
                    costs.append(FunctionCost(object: object, symbol: symbol, instructions: 0))
                }
            } else if line.hasPrefix("calls=") {
                let count = line.dropFirst("calls=".count).split(separator: " ").first
                    .flatMap { UInt64($0) }
                if let current, let callee {
                    guard let count else {
                        throw Malformed(reason: "'\(line)' has no call count")
                    }
                    pendingCall = Call(
                        caller: current, calleeObject: calleeObject ?? object,
                        calleeSymbol: callee, instructions: 0, count: count)
                } else {
                    // A call from outside any function: its cost line is still not a self cost.
                    pendingCall = Call(
                        caller: -1, calleeObject: "", calleeSymbol: "", instructions: 0)
                }
                calleeObject = nil
                callee = nil
            }
        }
        return (costs, calls.filter { $0.caller >= 0 })
    }

    /// The instructions of `functions` by mechanism (`MechanismRules`), when the measured
    /// binary is the object file `measured`, and the functions left in `runtimeOther`, most
    /// first. A helper's (`MechanismRules.Attribution.caller`) go to its callers'
    /// mechanisms, in proportion to what their calls ran; the instructions no function holds
    /// (none, in Callgrind's dumps) count as `runtimeOther`, so the split sums to
    /// `instructions`.
    public func split(measured: String) -> (
        split: [Mechanism: UInt64], runtimeOther: [FunctionCost]
    ) {
        let attributions = functions.map {
            MechanismRules.attribution(of: $0.symbol, in: $0.object, measured: measured)
        }
        var shares = [Mechanism: Double]()
        var other = [String: FunctionCost]()
        func leaveInOther(_ function: FunctionCost, _ instructions: Double) {
            shares[.runtimeOther, default: 0] += instructions
            let key = "\(function.object)\u{0}\(function.symbol)"
            other[
                key,
                default: FunctionCost(
                    object: function.object, symbol: function.symbol, instructions: 0)
            ]
            .instructions += UInt64(instructions.rounded())
        }
        var callsInto = [String: [Call]]()
        for call in calls {
            callsInto["\(call.calleeObject)\u{0}\(call.calleeSymbol)", default: []].append(call)
        }
        for (function, attribution) in zip(functions, attributions) where function.instructions > 0
        {
            switch attribution {
            case .mechanism(let mechanism):
                if mechanism == .runtimeOther {
                    leaveInOther(function, Double(function.instructions))
                } else {
                    shares[mechanism, default: 0] += Double(function.instructions)
                }
            case .caller:
                let into = callsInto["\(function.object)\u{0}\(function.symbol)"] ?? []
                let reached = Double(into.reduce(0) { $0 + $1.instructions })
                guard reached > 0 else {
                    leaveInOther(function, Double(function.instructions))
                    continue
                }
                for call in into {
                    let part = Double(function.instructions) * Double(call.instructions) / reached
                    if case .mechanism(let mechanism) = attributions[call.caller],
                        mechanism != .runtimeOther
                    {
                        shares[mechanism, default: 0] += part
                    } else {
                        leaveInOther(function, part)
                    }
                }
            }
        }
        // Whole instructions, the remainder of rounding to the largest part, so that the
        // split sums to the dump's count exactly.
        var split = shares.mapValues { UInt64($0.rounded(.down)) }
        let held = split.values.reduce(0, +)
        if instructions > held {
            let largest = shares.max { $0.value < $1.value }?.key ?? .runtimeOther
            let unheld = Double(instructions) - shares.values.reduce(0, +)
            if unheld >= 1 {
                split[.runtimeOther, default: 0] += UInt64(unheld.rounded())
            }
            let now = split.values.reduce(0, +)
            if instructions > now { split[largest, default: 0] += instructions - now }
        }
        return (split, other.values.sorted { $0.instructions > $1.instructions })
    }

    /// The calls into each runtime mechanism (`MechanismCall`) when the measured binary is
    /// the object file `measured`: every call into an entry point of a kind, but those made
    /// from inside the same mechanism (`swift_allocObject`'s own `malloc`, `swift_release`'s
    /// call into deallocation is a free, its inner `free` not another); every call into a
    /// witness or dispatch thunk.
    public func mechanismCalls(measured: String) -> [MechanismCall: UInt64] {
        var counts = [MechanismCall: UInt64]()
        var callers = [Int: Mechanism?]()
        for call in calls {
            guard let kind = MechanismCall.kind(of: call.calleeSymbol) else { continue }
            if let mechanism = kind.mechanism {
                let caller =
                    callers[call.caller]
                    ?? {
                        let function = functions[call.caller]
                        let attribution = MechanismRules.attribution(
                            of: function.symbol, in: function.object, measured: measured)
                        guard case .mechanism(let mechanism) = attribution else { return nil }
                        return mechanism
                    }()
                callers[call.caller] = caller
                if caller == mechanism { continue }
            }
            counts[kind, default: 0] += call.count
        }
        return counts
    }

    /// Each function's inclusive instructions, in `functions`' order: its own and what its
    /// calls ran. A call of a function to itself is left out: its cost is in the outer
    /// call's already.
    public func inclusiveInstructions() -> [UInt64] {
        var inclusive = functions.map(\.instructions)
        for call in calls where functions.indices.contains(call.caller) {
            let caller = functions[call.caller]
            guard caller.object != call.calleeObject || caller.symbol != call.calleeSymbol
            else { continue }
            inclusive[call.caller] += call.instructions
        }
        return inclusive
    }

    /// Instructions executed (`Ir`).
    public var instructions: UInt64 { totals["Ir"] ?? 0 }

    /// The data-cache misses of the whole dump, by level (`CacheMiss`); nil for a dump
    /// without the cache simulation's events (`--cache-sim=yes`).
    public var cacheMisses: CacheMisses? {
        let names = CacheMiss.allCases.flatMap(\.callgrindEvents)
        guard names.allSatisfy({ totals[$0] != nil }) else { return nil }
        var misses = CacheMisses()
        for level in CacheMiss.allCases {
            misses[level] = Double(level.callgrindEvents.reduce(0) { $0 + (totals[$1] ?? 0) })
        }
        return misses
    }

    /// Callgrind's cache simulation turned into cycles, as iai-callgrind estimates them:
    /// L1 hits + 5 × last-level hits + 35 × RAM accesses. Nil without `--cache-sim=yes`.
    public var estimatedCycles: UInt64? {
        let names = ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"]
        guard names.allSatisfy({ totals[$0] != nil }) else { return nil }
        func total(_ names: String...) -> UInt64 { names.reduce(0) { $0 + totals[$1]! } }
        let accesses = total("Ir", "Dr", "Dw")
        let l1Misses = total("I1mr", "D1mr", "D1mw")
        let llMisses = total("ILmr", "DLmr", "DLmw")
        // A miss at a level is also an access of the next, so the counts nest; a dump that
        // says otherwise is not Callgrind's, and has no estimate.
        guard l1Misses <= accesses, llMisses <= l1Misses else { return nil }
        let l1Hits = accesses - l1Misses
        let llHits = l1Misses - llMisses
        return l1Hits + 5 * llHits + 35 * llMisses
    }
}
