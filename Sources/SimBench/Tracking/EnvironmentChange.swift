/// What differs between the environments of two results files: the CPU (its name, or its
/// identity beyond the name: family, model, stepping, microcode, caches, frequencies,
/// hypervisor, `HostIdentity`), the core count, the Swift version, the build flags and the
/// operating system.
///
/// A pattern's ratio to its baseline is not a constant of the code: the same pattern costs
/// 9.9× its baseline on one CPU and 5.1× on another. So a comparison across a change of CPU
/// (or cores, or OS) is a finding about the hosts, not a verdict on the code: its time
/// verdicts become "not judged: different CPU", and the change is said first. Counts
/// (allocations, instructions, cycles) depend on the compiler, not the CPU: they are still
/// judged where the toolchain (Swift version and build flags) is the same.
/// Two hosts with one `cpu` string ("AMD EPYC") can be different processors whose
/// patterns cost 40% apart, so any difference in the identity is a different CPU too. A
/// file written before simbench recorded the identity has none: its CPU is told apart by
/// its name alone (`compare` says so, `ResultsComparison`).
/// ``RegressionThresholds/judgesTimeAcrossEnvironments`` (`ComparisonSetting.judgeTimeAnyway`) turns time
/// judging back on.
public struct EnvironmentChange: Sendable, Equatable {
    /// One column whose values differ: each file's distinct values.
    public struct Difference: Sendable, Equatable {
        /// How a verdict names it: `CPU`, `core count`, `Swift version`.
        public var name: String
        public var column: String
        public var before: [String]
        public var after: [String]
    }

    /// The columns read, and how the text names each; `toolchain` marks those that move
    /// counts too.
    static let aspects: [(column: ResultColumn, name: String, toolchain: Bool)] = [
        (.cpu, "CPU", false), (.cores, "core count", false), (.os, "OS", false),
        (.swiftVersion, "Swift version", true), (.buildFlags, "build flags", true),
    ]

    /// What differs, in the order of `aspects`; empty when nothing does (or a file leaves
    /// the column empty).
    public let differences: [Difference]
    /// Whether a toolchain aspect differs, so that counts are not judged either.
    public let changesToolchain: Bool

    public init(baseline: [ResultsRecord], current: [ResultsRecord]) {
        // Sides whose every row has the first row's environment (two runs of a history on
        // one host, nearly always) differ in nothing: told from the bytes, no text made.
        if Self.isOneEnvironment(baseline, current) {
            differences = []
            changesToolchain = false
            phrase = Self.phrase([])
            return
        }
        /// Each aspect's distinct values in `records`, in the order first met: every aspect
        /// in one pass over the rows.
        func values(_ records: [ResultsRecord]) -> [[String]] {
            var seen = [Set<String>](repeating: [], count: Self.aspects.count)
            var values = [[String]](repeating: [], count: Self.aspects.count)
            // A row repeating the one before it adds nothing: skipped without its text. The
            // rows are borrowed from the buffer, not copied (`ResultsRecord.distinct`).
            records.withUnsafeBufferPointer { rows in
                for index in rows.indices {
                    for (number, aspect) in Self.aspects.enumerated()
                    where index == 0 || !rows[index].hasSameCell(aspect.column, as: rows[index - 1])
                    {
                        let value = rows[index][aspect.column]
                        if !value.isEmpty, seen[number].insert(value).inserted {
                            values[number].append(value)
                        }
                    }
                }
            }
            return values
        }
        let baselineValues = values(baseline)
        let currentValues = values(current)
        var differences = [Difference]()
        var toolchain = false
        for (number, aspect) in Self.aspects.enumerated() {
            let before = baselineValues[number]
            let after = currentValues[number]
            guard !before.isEmpty, !after.isEmpty, Set(before) != Set(after) else { continue }
            differences.append(
                Difference(
                    name: aspect.name, column: aspect.column.name, before: before, after: after))
            toolchain = toolchain || aspect.toolchain
        }
        if !differences.contains(where: { $0.column == ResultColumn.cpu.name }),
            let identity = Self.identityDifference(baseline, current)
        {
            differences.insert(identity, at: 0)
        }
        self.differences = differences
        changesToolchain = toolchain
        phrase = Self.phrase(differences)
    }

    /// Whether every row of `baseline` and `current` holds the first row's cells in each
    /// aspect's column and its processor: then no aspect has two values, and no
    /// difference is found.
    private static func isOneEnvironment(
        _ baseline: [ResultsRecord], _ current: [ResultsRecord]
    ) -> Bool {
        guard let first = baseline.first ?? current.first else { return true }
        func agrees(_ row: ResultsRecord) -> Bool {
            aspects.allSatisfy { row.hasSameCell($0.column, as: first) }
                && row.hasSameProcessor(as: first)
        }
        func agrees(_ records: [ResultsRecord]) -> Bool {
            records.withUnsafeBufferPointer { rows in rows.allSatisfy(agrees) }
        }
        // Two hosts' files (nearly always) differ from their first rows: told before a pass
        // over every row, which reads memory far larger than the caches.
        if let other = current.first, !agrees(other) { return false }
        return agrees(baseline) && agrees(current)
    }

    /// The processors' identities when they differ while their names do not, each side's
    /// named by the CPU and, where each file holds one, only the fields that differ:
    /// `AMD EPYC 7B13: family 25, model 1, L2 512 KB` → `… family 26, model 2, L2 1 MB`.
    /// Nil when they agree or a side has none (a file from before they were recorded).
    static func identityDifference(_ baseline: [ResultsRecord], _ current: [ResultsRecord])
        -> Difference?
    {
        func identities(_ records: [ResultsRecord]) -> [(cpu: String, identity: HostIdentity)] {
            var seen = Set<HostIdentity>()
            // A row on the same processor as the one before adds nothing: skipped from bytes.
            return records.indices.filter {
                $0 == 0 || !records[$0].hasSameProcessor(as: records[$0 - 1])
            }.map { records[$0].processor }.filter {
                $0.identity.isKnown && seen.insert($0.identity).inserted
            }.map { ($0.name, $0.identity) }
        }
        let before = identities(baseline)
        let after = identities(current)
        guard !before.isEmpty, !after.isEmpty,
            Set(before.map(\.identity)) != Set(after.map(\.identity))
        else { return nil }
        var shown: Set<String>?
        if before.count == 1, after.count == 1 {
            let old = before[0].identity.fields
            let new = after[0].identity.fields
            shown = Set(
                Set(old.map(\.name)).union(new.map(\.name)).filter { name in
                    old.first { $0.name == name }?.value != new.first { $0.name == name }?.value
                })
        }
        func text(_ side: [(cpu: String, identity: HostIdentity)]) -> [String] {
            side.map { cpu, identity in
                let fields = identity.fields.filter { shown?.contains($0.name) ?? true }
                let listed =
                    fields.isEmpty
                    ? "not recorded"
                    : fields.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
                return cpu.isEmpty ? listed : "\(cpu): \(listed)"
            }
        }
        return Difference(
            name: "CPU", column: "cpu identity", before: text(before), after: text(after))
    }

    public var isEmpty: Bool { differences.isEmpty }

    /// `different CPU and core count`: made once, since every time verdict across the
    /// change says it.
    public let phrase: String

    private static func phrase(_ differences: [Difference]) -> String {
        let names = differences.map(\.name)
        let listed =
            names.count <= 1
            ? names.joined()
            : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return "different \(listed)"
    }

    /// How the note begins, so that a report can print it first.
    public static let notePrefix = "the environment changed: "

    /// The note said first: `the environment changed: CPU "Intel Xeon" → "AMD EPYC"; …`.
    public func note(thresholds: RegressionThresholds) -> String {
        let changes = differences.map { difference in
            let before = difference.before.map { "\"\($0)\"" }.joined(separator: ", ")
            let after = difference.after.map { "\"\($0)\"" }.joined(separator: ", ")
            return "\(difference.name) \(before) → \(after)"
        }
        let time = thresholds.words(
            thresholds.judgesTimeAcrossEnvironments
                ? "time is judged anyway (\(.judgeTimeAnyway)): a pattern's ratio moves with the CPU, so a verdict may be the host's, not the code's"
                : "time is not judged (a pattern's ratio moves with the CPU: a finding about the hosts, not a verdict on the code; \(.judgeTimeAnyway) judges it)"
        )
        let counts =
            changesToolchain
            ? "counts are not judged either (the toolchain changed)"
            : "counts are judged (same toolchain)"
        return Self.notePrefix + "\(changes.joined(separator: "; ")); \(time); \(counts)"
    }

    /// `comparison` as judged across this change: a time verdict becomes "not judged:
    /// different CPU" (unless `thresholds` judge time anyway); a count's, when the toolchain
    /// changed. The figures and the change stay, to be read.
    public func judged(_ comparison: consuming MetricComparison, thresholds: RegressionThresholds)
        -> MetricComparison
    {
        guard !isEmpty, comparison.verdict != .notJudged else { return comparison }
        let isTime = comparison.metric == .time
        if isTime ? thresholds.judgesTimeAcrossEnvironments : !changesToolchain {
            return comparison
        }
        comparison.verdict = .notJudged
        var reason = isTime ? phrase : "different toolchain"
        // Written among the bytes, into room reserved for them all: every time verdict
        // across the change says it. The words before the verdict's own note written on
        // the stack and appended at once.
        let opening: StaticString = "not judged: "
        let own = comparison.noteBytes.count
        var note = [UInt8]()
        reason.withUTF8 { reason in
            let room = opening.utf8CodeUnitCount + reason.count + 2
            note.reserveCapacity(room + own)
            StackBytes.append(room: room, to: &note) { bytes in
                bytes.add(opening)
                bytes.add(reason)
                if own > 0 { bytes.add("; ") }
            }
        }
        note += comparison.noteBytes
        comparison.noteBytes = note
        return comparison
    }
}
