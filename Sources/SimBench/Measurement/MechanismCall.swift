/// A call into one runtime mechanism, counted from Callgrind's `calls=` lines: what a
/// pattern's extra instructions cost on a given CPU depends on how many such calls it makes
/// of each kind (a weak load costs several strong retains), not on the instructions alone.
///
/// A call counts where the code outside the mechanism enters it: `swift_allocObject`
/// called from the measured code is one allocation, and its own call of `swift_slowAlloc`
/// and `malloc` inside it is not another (`CallgrindDump.mechanismCalls`). The order is the
/// CSV's (`calls_retain_per_event` … `calls_exclusivity_per_event`).
public enum MechanismCall: String, CaseIterable, Sendable, Codable {
    /// A strong retain: `swift_retain` (and `_n`), its nonatomic, bridge and unknown-object
    /// forms, `swift_tryRetain`, and a strong retain from an unowned reference.
    case retain
    /// A strong release: `swift_release` (and `_n`), its nonatomic, bridge and
    /// unknown-object forms.
    case release
    /// A weak reference read: `swift_weakLoadStrong`, `swift_weakTakeStrong` and the
    /// unknown-object forms (the side table's strong retain of the referent is inside it).
    case weakLoad = "weak-load"
    /// An allocation: `swift_allocObject`, `swift_allocBox`, `swift_slowAlloc`, `malloc`,
    /// `calloc`, `realloc`, `posix_memalign`, `aligned_alloc`.
    case allocation
    /// A deallocation: `swift_deallocObject`, `swift_deallocClassInstance`,
    /// `swift_deallocBox`, `swift_slowDealloc`, `free`.
    case free
    /// A protocol witness or dispatch thunk: a Swift symbol ending in `TW` (a protocol
    /// witness, reached through a witness table by an existential or an unspecialised
    /// generic) or `Tj` (a resilient dispatch thunk), merged (`Tm`) or not. A class's
    /// vtable call reaches the method itself, whose name does not say how it was reached,
    /// so it is not counted here.
    case witness
    /// A dynamic exclusivity check: `swift_beginAccess`.
    case exclusivity

    /// How a sentence names one: `retain`, `weak load`.
    public var phrase: String {
        switch self {
        case .weakLoad: "weak load"
        case .witness: "witness call"
        case .exclusivity: "exclusivity check"
        default: rawValue
        }
    }

    /// The CSV column holding its calls per event: `calls_weak_load_per_event`.
    public var columnName: String {
        "calls_\(rawValue.replacingOccurrences(of: "-", with: "_"))_per_event"
    }

    /// The mechanism whose instructions the call's callee runs (`Mechanism`): a call from
    /// inside that mechanism is its own business, not a new event. Nil for a witness,
    /// whose callee is the code's own.
    var mechanism: Mechanism? {
        switch self {
        case .retain, .release, .weakLoad: .refcount
        case .allocation, .free: .alloc
        case .exclusivity: .exclusivity
        case .witness: nil
        }
    }

    /// The entry points of each kind but `witness`, by exact symbol.
    static let entryPoints: [String: MechanismCall] = {
        var table = [String: MechanismCall]()
        func add(_ kind: MechanismCall, _ names: [String]) {
            for name in names { table[name] = kind }
        }
        let atomicity = ["swift_", "swift_nonatomic_"]
        add(
            .retain,
            atomicity.flatMap { prefix in
                [
                    "retain", "retain_n", "bridgeObjectRetain", "bridgeObjectRetain_n",
                    "unknownObjectRetain", "unknownObjectRetain_n", "unownedRetainStrong",
                    "unownedRetainStrongAndRelease",
                ].map { prefix + $0 }
            } + ["swift_tryRetain"])
        add(
            .release,
            atomicity.flatMap { prefix in
                [
                    "release", "release_n", "bridgeObjectRelease", "bridgeObjectRelease_n",
                    "unknownObjectRelease", "unknownObjectRelease_n",
                ].map { prefix + $0 }
            })
        add(
            .weakLoad,
            [
                "swift_weakLoadStrong", "swift_weakTakeStrong", "swift_unknownObjectWeakLoadStrong",
                "swift_unknownObjectWeakTakeStrong",
            ])
        add(
            .allocation,
            [
                "swift_allocObject", "swift_allocBox", "swift_slowAlloc", "malloc", "calloc",
                "realloc", "posix_memalign", "aligned_alloc",
            ])
        add(
            .free,
            [
                "swift_deallocObject", "swift_deallocClassInstance", "swift_deallocBox",
                "swift_deallocUninitializedObject", "swift_slowDealloc", "free", "cfree",
            ])
        add(.exclusivity, ["swift_beginAccess"])
        return table
    }()

    /// The kind of a call into `symbol` (Callgrind's recursion mark `'2` dropped), nil for a
    /// call into no mechanism's entry point.
    public static func kind(of symbol: String) -> MechanismCall? {
        var name = Substring(symbol)
        if let mark = name.lastIndex(of: "'"), name.index(after: mark) < name.endIndex,
            name[name.index(after: mark)...].allSatisfy(\.isNumber)
        {
            name = name[..<mark]
        }
        if let kind = entryPoints[String(name)] { return kind }
        guard name.hasPrefix("$s") else { return nil }
        let unmerged = name.hasSuffix("Tm") ? name.dropLast(2) : name
        return unmerged.hasSuffix("TW") || unmerged.hasSuffix("Tj") ? .witness : nil
    }
}

/// Calls per event into each runtime mechanism (`MechanismCall`).
public struct MechanismCalls: Sendable, Equatable {
    /// Calls per event by kind; a kind never called is 0.
    public private(set) var calls: [MechanismCall: Double]

    public init(_ calls: [MechanismCall: Double] = [:]) {
        self.calls = calls
    }

    public subscript(kind: MechanismCall) -> Double {
        get { calls[kind, default: 0] }
        set { calls[kind] = newValue }
    }

    /// These calls less `baseline`'s, kind by kind: what a pattern adds.
    public func subtracting(_ baseline: MechanismCalls) -> MechanismCalls {
        var difference = MechanismCalls()
        for kind in MechanismCall.allCases { difference[kind] = self[kind] - baseline[kind] }
        return difference
    }
}
