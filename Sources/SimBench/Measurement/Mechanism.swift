/// The runtime mechanism an instruction ran for, judged by the function it ran in
/// (`MechanismRules`): where a pattern's extra instructions go.
///
/// The order is the CSV's (`instructions_refcount_per_event` … `instructions_own_per_event`)
/// and the charts'.
public enum Mechanism: String, CaseIterable, Sendable, Codable {
    /// Reference counting: `swift_retain`, `swift_release` and their kin, weak and unowned
    /// references, and the runtime's side tables behind them.
    case refcount
    /// Allocation and deallocation: `swift_allocObject`, `swift_deallocObject`, `malloc`,
    /// `free` and the allocator's own functions.
    case alloc
    /// Dynamic casts, metadata and conformance look-ups (`swift_dynamicCast`,
    /// `swift_conformsToProtocol`, `swift_getGenericMetadata`, …), and the value witnesses
    /// the runtime calls through a type's metadata to copy or destroy a value it knows only
    /// by that metadata (an existential's, an unspecialised generic's).
    case dispatch
    /// Dynamic exclusivity checks: `swift_beginAccess`, `swift_endAccess`.
    case exclusivity
    /// Any other function outside the measured binary (the Swift runtime and standard
    /// library, Foundation, libc) that no rule names.
    case runtimeOther = "runtime-other"
    /// The measured binary's own code, with what the compiler specialised or inlined into it
    /// (or took ready-specialised from the standard library).
    case own

    /// How a sentence names it: `51% reference counting`.
    public var phrase: String {
        switch self {
        case .refcount: "reference counting"
        case .alloc: "allocation"
        case .dispatch: "casts, metadata and value witnesses"
        case .exclusivity: "exclusivity checks"
        case .runtimeOther: "other runtime code"
        case .own: "its own code"
        }
    }

    /// The CSV column holding it per event: `instructions_refcount_per_event`.
    public var columnName: String {
        "instructions_\(rawValue.replacingOccurrences(of: "-", with: "_"))_per_event"
    }
}

/// Instructions per event, divided among mechanisms.
public struct MechanismSplit: Sendable, Equatable {
    /// Instructions per event by mechanism; a mechanism that ran nothing is 0.
    public private(set) var instructions: [Mechanism: Double]

    public init(_ instructions: [Mechanism: Double] = [:]) {
        self.instructions = instructions
    }

    public subscript(mechanism: Mechanism) -> Double {
        get { instructions[mechanism, default: 0] }
        set { instructions[mechanism] = newValue }
    }

    /// Every mechanism's instructions: the whole count.
    public var total: Double { Mechanism.allCases.reduce(0) { $0 + self[$1] } }

    /// This split less `baseline`'s, mechanism by mechanism: what a pattern adds.
    public func subtracting(_ baseline: MechanismSplit) -> MechanismSplit {
        var difference = MechanismSplit()
        for mechanism in Mechanism.allCases {
            difference[mechanism] = self[mechanism] - baseline[mechanism]
        }
        return difference
    }

    /// The mechanisms of a difference (`subtracting`), largest part first, each with its
    /// share of the whole difference (signed: a mechanism that ran less has a negative
    /// share); those under `floor` of it in size are left out. Empty when the difference is
    /// not positive, where shares would mean nothing.
    public func shares(atLeast floor: Double = 0.01) -> [(mechanism: Mechanism, share: Double)] {
        let total = total
        guard total > 0 else { return [] }
        return Mechanism.allCases
            .map { (mechanism: $0, share: self[$0] / total) }
            .filter { abs($0.share) >= floor }
            .sorted { abs($0.share) > abs($1.share) }
    }
}
