/// Which functions moved between two counted rows: the functions whose own (self)
/// instructions per event changed most from the baseline's profile to the current one
/// (`FunctionProfile`), each with its share of the row's change.
///
/// Pure: it reads the two rows' `functions` columns, so `compare` of two results files
/// finds the functions without Callgrind's dumps.
public struct FunctionDiff: Sendable, Equatable {
    /// One function's move.
    public struct Change: Sendable, Equatable {
        public var name: String
        public var mechanism: Mechanism
        /// Self instructions per event in each row; nil where the row's profile does not
        /// list the function (gone, inlined into a caller, or below the profile's budget).
        public var baseline: Double?
        public var current: Double?
        /// Inclusive instructions per event (self and callees) in each row, where known.
        public var inclusiveBaseline: Double?
        public var inclusiveCurrent: Double?

        /// Self instructions per event, current less baseline (a missing side is 0).
        public var change: Double { (current ?? 0) - (baseline ?? 0) }

        /// Inclusive instructions per event, current less baseline; nil unless both sides
        /// have them.
        public var inclusiveChange: Double? {
            guard let inclusiveBaseline, let inclusiveCurrent else { return nil }
            return inclusiveCurrent - inclusiveBaseline
        }

        /// Listed in one row only: where its cost went, or came from, is a caller's.
        public var side: Side {
            switch (baseline, current) {
            case (nil, _): .currentOnly
            case (_, nil): .baselineOnly
            default: .both
            }
        }
    }

    public enum Side: String, Sendable {
        case both
        case baselineOnly = "baseline-only"
        case currentOnly = "current-only"
    }

    /// The functions that moved most, largest move first; no function that did not move.
    public let changes: [Change]
    /// The row's change in instructions per event, current less baseline; nil without
    /// both counts.
    public let rowChange: Double?

    /// Functions listed a row: the five that moved most.
    public static let listed = 5

    /// Compares `baseline`'s functions with `current`'s.
    ///
    /// - Parameters:
    ///   - rowChange: the row's instructions per event, current less baseline, for each
    ///     function's share.
    ///   - limit: how many functions to keep.
    public init(
        baseline: FunctionProfile, current: FunctionProfile, rowChange: Double?,
        limit: Int = FunctionDiff.listed
    ) {
        var changes = [String: Change]()
        var order = [String]()
        /// A function's entry, by name; code without a symbol is one entry of each
        /// mechanism (`withoutSymbol`), since its address moves from one build to the next.
        func entry(_ function: FunctionProfile.Function) -> (String, Change) {
            let name =
                FunctionDiff.hasNoSymbol(function.name)
                ? "\(FunctionDiff.withoutSymbol) (\(function.mechanism.rawValue))" : function.name
            if let known = changes[name] { return (name, known) }
            order.append(name)
            return (name, Change(name: name, mechanism: function.mechanism))
        }
        func sum(_ total: Double?, _ value: Double?) -> Double? {
            guard let value else { return total }
            return (total ?? 0) + value
        }
        for function in baseline.functions {
            var (name, change) = entry(function)
            change.baseline = sum(change.baseline, function.selfPerEvent)
            change.inclusiveBaseline = sum(change.inclusiveBaseline, function.inclusivePerEvent)
            changes[name] = change
        }
        for function in current.functions {
            var (name, change) = entry(function)
            change.current = sum(change.current, function.selfPerEvent)
            change.inclusiveCurrent = sum(change.inclusiveCurrent, function.inclusivePerEvent)
            change.mechanism = function.mechanism
            changes[name] = change
        }
        // A move smaller than the cells' rounding (six significant digits) is none.
        let moved = order.compactMap { changes[$0] }.filter { change in
            let size = max(abs(change.baseline ?? 0), abs(change.current ?? 0))
            return abs(change.change) > size * 1e-5
        }
        self.changes = Array(
            moved.sorted { (abs($0.change), $1.name) > (abs($1.change), $0.name) }.prefix(limit))
        self.rowChange = rowChange
    }

    /// What code without a symbol is listed as: Callgrind names it by its address
    /// (`0x00000000002766e0`), which moves whenever other code does.
    static let withoutSymbol = "code without a symbol"

    /// Whether `name` is an address, as Callgrind names code without a symbol.
    static func hasNoSymbol(_ name: String) -> Bool {
        name.hasPrefix("0x") && name.count > 2 && name.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    /// `change`'s part of the row's change (signed: a function that moved against the row
    /// has a negative share); nil when the row did not move.
    public func share(of change: Change) -> Double? {
        guard let rowChange, rowChange != 0, rowChange.isFinite else { return nil }
        return change.change / rowChange
    }

    /// One line per function: `+12.0 instr/event (85%) own VendingMachine.insert(_:)`,
    /// and where it is listed in one row only, or its inclusive cost moved otherwise
    /// than its own, that too.
    public var lines: [String] {
        changes.map { change in
            var line = FunctionDiff.signed(change.change) + " instr/event"
            if let share = share(of: change) {
                line += " (\(FunctionDiff.percent(share)))"
            }
            line += " \(change.mechanism.rawValue) \(change.name)"
            if let note = FunctionDiff.sideNote(change.side) {
                line += "; \(note)"
            } else if let inclusive = change.inclusiveChange,
                abs(inclusive - change.change) > max(abs(change.change) * 0.1, 0.05)
            {
                // Its callees moved too, or were inlined into it or out of it.
                line += "; inclusive \(FunctionDiff.signed(inclusive))"
            }
            return line
        }
    }

    /// What a function listed in one row only means; nil for one listed in both.
    static func sideNote(_ side: Side) -> String? {
        switch side {
        case .both: nil
        case .baselineOnly: "only in the baseline: inlined into its caller, or gone"
        case .currentOnly: "only in the current run: new, or no longer inlined"
        }
    }

    /// A share as a signed percentage: `+85%`, and `+0.04%` below one percent.
    static func percent(_ share: Double) -> String {
        signed(share * 100, digits: abs(share) < 0.01 ? 2 : 0) + "%"
    }

    /// `+12.5`, `−0.333` (three significant digits at least, a minus sign).
    static func signed(_ value: Double, digits: Int? = nil) -> String {
        let magnitude =
            digits.map { NumberFormat.fixed(abs(value), decimals: $0) }
            ?? NumberFormat.significant(abs(value))
        return (value < 0 ? "−" : "+") + magnitude
    }
}
