import Foundation

/// The functions a counted row's instructions ran in, most first: each one's own (self)
/// instructions per event, with what it called (inclusive), and its mechanism
/// (`MechanismRules`), from Callgrind's dump of the row's region (`CallgrindPass`).
///
/// The results file keeps it (the `functions` column), at most `budget` functions a row,
/// so that `compare` of two files can say which functions moved without the dumps
/// (`FunctionDiff`). A cell holds one entry per function, joined by `;`:
///
///     <self per event> <inclusive per event, or -> <mechanism> <name>
///
/// such as `12.5 30.25 own VendingMachine.insert(_:)`. The name comes last and may hold
/// spaces; `%`, `;` and line breaks in it are written `%25`, `%3B`, `%0A`.
public struct FunctionProfile: Sendable, Equatable {
    /// One function of a row.
    public struct Function: Sendable, Equatable {
        /// Its demangled name (`swift demangle --simplified`), or the symbol as Callgrind
        /// wrote it where demangling failed or did not apply (C and C++ functions).
        public var name: String
        public var mechanism: Mechanism
        /// The instructions it executed itself, per event.
        public var selfPerEvent: Double
        /// Its own and its callees' instructions, per event; nil where unknown.
        public var inclusivePerEvent: Double?

        public init(
            name: String, mechanism: Mechanism, selfPerEvent: Double,
            inclusivePerEvent: Double? = nil
        ) {
            self.name = name
            self.mechanism = mechanism
            self.selfPerEvent = selfPerEvent
            self.inclusivePerEvent = inclusivePerEvent
        }
    }

    /// The functions kept a row: the most expensive by self cost. Fifty hold all but a
    /// few instructions in a hundred of every scenario counted so far, in about 4 KB a row.
    public static let budget = 50

    /// Most self instructions first.
    public private(set) var functions: [Function]

    /// `functions`, merged by name (two symbols may demangle to one name), most self
    /// instructions first (ties by name, so that the order repeats), at most `budget`.
    public init(_ functions: [Function]) {
        var merged = [String: Function]()
        var order = [String]()
        for function in functions {
            guard var known = merged[function.name] else {
                merged[function.name] = function
                order.append(function.name)
                continue
            }
            known.selfPerEvent += function.selfPerEvent
            known.inclusivePerEvent =
                known.inclusivePerEvent.flatMap { sum in function.inclusivePerEvent.map { sum + $0 }
                }
            merged[function.name] = known
        }
        self.functions = Array(
            order.map { merged[$0]! }
                .sorted {
                    ($0.selfPerEvent, $1.name) > ($1.selfPerEvent, $0.name)
                }
                .prefix(FunctionProfile.budget))
    }

    // MARK: - The dump

    /// The functions of `dump`, a region that ran `events` events, by their symbols (not yet
    /// demangled); `measured` is the binary Callgrind ran (`MechanismRules`).
    init(dump: CallgrindDump, events: Int, measured: String) {
        let events = Double(max(events, 1))
        let inclusive = dump.inclusiveInstructions()
        let functions = zip(dump.functions, inclusive).filter { $0.0.instructions > 0 }.map {
            function, inclusive in
            Function(
                name: function.symbol,
                mechanism: MechanismRules.mechanism(
                    of: function.symbol, in: function.object, measured: measured),
                selfPerEvent: Double(function.instructions) / events,
                inclusivePerEvent: Double(inclusive) / events)
        }
        // Symbols first, by object: names merge once demangled (`renamed`).
        self.functions = functions.sorted {
            ($0.selfPerEvent, $1.name) > ($1.selfPerEvent, $0.name)
        }
    }

    /// The same profile with each function named by `names` (a symbol's readable name),
    /// merged by name and cut to `budget`.
    public func renamed(_ names: [String: String]) -> FunctionProfile {
        FunctionProfile(
            functions.map {
                var function = $0
                function.name = names[$0.name] ?? $0.name
                return function
            })
    }

    // MARK: - The cell

    /// The `functions` cell: empty without functions.
    public var cell: String {
        functions.map { function in
            [
                FunctionProfile.number(function.selfPerEvent),
                function.inclusivePerEvent.map(FunctionProfile.number) ?? "-",
                function.mechanism.rawValue, FunctionProfile.escape(function.name),
            ].joined(separator: " ")
        }.joined(separator: ";")
    }

    /// Why a `functions` cell could not be read.
    public struct Malformed: Error, CustomStringConvertible, Sendable, Equatable {
        public let reason: String
        public var description: String { reason }
    }

    /// Reads a `functions` cell; nil for an empty one.
    public static func parse(_ cell: String) throws(Malformed) -> FunctionProfile? {
        guard !cell.isEmpty else { return nil }
        var functions = [Function]()
        for entry in cell.split(separator: ";", omittingEmptySubsequences: false) {
            let fields = entry.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let selfCost = Double(fields[0]), selfCost.isFinite,
                let mechanism = Mechanism(rawValue: String(fields[2])), !fields[3].isEmpty
            else {
                throw Malformed(
                    reason:
                        "'\(entry.prefix(60))' is not '<self> <inclusive or -> <mechanism> <name>'"
                )
            }
            let inclusive: Double?
            if fields[1] == "-" {
                inclusive = nil
            } else if let value = Double(fields[1]), value.isFinite {
                inclusive = value
            } else {
                throw Malformed(reason: "'\(fields[1])' in '\(entry.prefix(60))' is not a number")
            }
            functions.append(
                Function(
                    name: unescape(fields[3]), mechanism: mechanism, selfPerEvent: selfCost,
                    inclusivePerEvent: inclusive))
        }
        return FunctionProfile(functions)
    }

    /// Six significant digits: a function's share of a row to a millionth.
    private static func number(_ value: Double) -> String {
        String(format: "%.6g", value)
    }

    static func escape(_ name: String) -> String {
        name.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: ";", with: "%3B")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func unescape(_ text: Substring) -> String {
        var result = ""
        var rest = text[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let code = rest[percent...].prefix(3)
            switch code {
            case "%25": result += "%"
            case "%3B": result += ";"
            case "%0A": result += "\n"
            default: result += code
            }
            rest = rest[code.endIndex...]
        }
        return result + rest
    }
}
