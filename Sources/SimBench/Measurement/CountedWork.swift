/// What a counted row does per event, as the cost model prices it: its calls into each
/// runtime mechanism (`MechanismCalls`), its data-cache misses (`CacheMisses`) and the
/// instructions of its own code (`Mechanism.own`). A pattern's predicted cost is that of
/// what it adds over its baseline's (`subtracting`).
public struct CountedWork: Sendable, Equatable {
    public var calls: MechanismCalls
    /// Nil where the misses were not counted (a file from before they were).
    public var cacheMisses: CacheMisses?
    /// The first-level misses that the second level does not hold either
    /// (`CostModel.Cost.secondLevelMiss`), estimated rather than counted: Callgrind
    /// simulates two levels, and counts a run's first machines only, whose data a second
    /// level would hold where the whole fleet's does not. Where what a round of the row's
    /// group holds (`roundBytes(_:group:entityBytes:machines:)`) outgrows the host's
    /// second-level cache, every first-level miss is one
    /// (`secondLevelMisses(firstLevel:roundBytes:secondLevelBytes:)`).
    public var secondLevelMisses: Double
    public var ownInstructions: Double
    /// Every instruction per event by the mechanism it ran for; nil where not divided.
    public var instructions: MechanismSplit?

    public init(
        calls: MechanismCalls, cacheMisses: CacheMisses? = nil, secondLevelMisses: Double = 0,
        ownInstructions: Double, instructions: MechanismSplit? = nil
    ) {
        self.calls = calls
        self.cacheMisses = cacheMisses
        self.secondLevelMisses = secondLevelMisses
        self.ownInstructions = ownInstructions
        self.instructions = instructions
    }

    /// A measured row's counts; nil unless it was counted under Callgrind (calls and own
    /// instructions both known). Its second-level misses by `roundBytes`, what a round of
    /// its group holds, against its own host's second level.
    public init?(row: ResultRow, roundBytes: Double?) {
        guard let calls = row.mechanismCalls, let split = row.instructionsByMechanism else {
            return nil
        }
        self.init(
            calls: calls, cacheMisses: row.cacheMisses,
            secondLevelMisses: Self.secondLevelMisses(
                firstLevel: row.cacheMisses?[.l1d] ?? 0, roundBytes: roundBytes,
                secondLevelBytes: row.environment.hostIdentity.l2Bytes.map { Double($0) }),
            ownInstructions: split[.own], instructions: split)
    }

    /// The second-level misses of a row with `firstLevel` first-level misses per event:
    /// all of them where what a round of its group holds (`roundBytes`) outgrows
    /// `secondLevelBytes`, else none; none where a size is unknown.
    static func secondLevelMisses(
        firstLevel: Double, roundBytes: Double?, secondLevelBytes: Double?
    ) -> Double {
        guard let roundBytes, let secondLevelBytes else { return 0 }
        return roundBytes > secondLevelBytes ? firstLevel : 0
    }

    /// What a round holds in each measured group of `rows` (`group` names a row's): the
    /// entities (`entityBytes` × `machines`) of every row of the group, summed, where a row
    /// gives both. A group is one scenario's configurations and variants in one run: they
    /// are set up together and each runs once a round, one after another (`BenchmarkRunner`),
    /// so the lines a variant walks come back to it only after every other variant of the
    /// group has walked its own. Whether the second level holds them is a matter of the
    /// group's bytes, not the row's: a class tree of 667 KB that a 1 MiB L2 would hold
    /// alone misses it beside its group's other trees.
    static func roundBytes<Row, Key: Hashable>(
        _ rows: some Sequence<Row>, group: (Row) -> Key, entityBytes: (Row) -> Double?,
        machines: (Row) -> Double?
    ) -> [Key: Double] {
        var bytes = [Key: Double]()
        for row in rows {
            guard let entity = entityBytes(row), let count = machines(row) else { continue }
            bytes[group(row), default: 0] += entity * count
        }
        return bytes
    }

    /// A results file's row's counts; nil unless every calls column and the own
    /// instructions column hold a number. The misses where every miss column holds one;
    /// its second-level misses by `roundBytes`, what a round of its group holds, against
    /// `secondLevelBytes`, else the second level of the host the row names.
    public init?(record: ResultsRecord, roundBytes: Double?, secondLevelBytes: Double? = nil) {
        guard
            let calls = Self.numbers(
                MechanismCall.allCases, in: record, column: ResultColumn.calls),
            let own = record.number(.instructionsOwnPerEvent)
        else { return nil }
        let misses = Self.numbers(CacheMiss.allCases, in: record, column: ResultColumn.cacheMisses)
            .map(CacheMisses.init)
        self.init(
            calls: MechanismCalls(calls), cacheMisses: misses,
            secondLevelMisses: Self.secondLevelMisses(
                firstLevel: misses?[.l1d] ?? 0, roundBytes: roundBytes,
                secondLevelBytes: secondLevelBytes ?? record.hostIdentity.l2Bytes.map { Double($0) }
            ),
            ownInstructions: own,
            instructions: Self.numbers(
                Mechanism.allCases, in: record, column: ResultColumn.mechanism
            ).map(MechanismSplit.init))
    }

    /// `record`'s number in `column(key)` for every one of `keys`; nil where any is empty.
    private static func numbers<Key: Hashable>(
        _ keys: [Key], in record: ResultsRecord, column: (Key) -> ResultColumn
    ) -> [Key: Double]? {
        var numbers = [Key: Double]()
        for key in keys {
            guard let number = record.number(column(key)) else { return nil }
            numbers[key] = number
        }
        return numbers
    }

    /// How many of `cost` per event; nil for misses not counted.
    public func count(of cost: CostModel.Cost) -> Double? {
        switch cost {
        case .call(let kind): calls[kind]
        case .miss(let level): cacheMisses?[level]
        case .secondLevelMiss: cacheMisses.map { _ in secondLevelMisses }
        case .ownInstruction: ownInstructions
        // Counted per call (`runtimeInstructions(beyond:)`), by the model that knows a
        // call's own instructions.
        case .runtimeInstruction: nil
        }
    }

    /// The instructions it runs in runtime code (every mechanism but its own code) beyond
    /// `perCall` instructions for each call of a kind (those its kind's mechanism runs for
    /// one call, `CostModel.runtimeInstructionsPerCall`): a release that frees its object, a
    /// value witness that copies a payload, a metadata look-up, an exclusivity check that
    /// searches more open accesses. Nil where its instructions were not divided by
    /// mechanism.
    public func runtimeInstructions(beyond perCall: [MechanismCall: Double]) -> Double? {
        guard let instructions else { return nil }
        let runtime = Mechanism.allCases.filter { $0 != .own }
            .reduce(0) { $0 + instructions[$1] }
        let accounted = MechanismCall.allCases.reduce(0) {
            $0 + calls[$1] * perCall[$1, default: 0]
        }
        return runtime - accounted
    }

    /// This work less `baseline`'s: what a pattern adds (negative where it does less). The
    /// misses only where both counted them.
    public func subtracting(_ baseline: CountedWork) -> CountedWork {
        CountedWork(
            calls: calls.subtracting(baseline.calls),
            cacheMisses: cacheMisses.flatMap { mine in
                baseline.cacheMisses.map { mine.subtracting($0) }
            },
            secondLevelMisses: secondLevelMisses - baseline.secondLevelMisses,
            ownInstructions: ownInstructions - baseline.ownInstructions,
            instructions: instructions.flatMap { mine in
                baseline.instructions.map { mine.subtracting($0) }
            })
    }
}
