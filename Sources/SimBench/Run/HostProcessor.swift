/// The processor a results row was measured on, as `compare` tells processors apart: the
/// `cpu` name and its identity beyond the name (`HostIdentity`).
///
/// Two rows whose `HostProcessor`s differ were measured on different CPUs: `compare` says so
/// first (`EnvironmentChange`), and `report` draws them as different hosts. A row from a file
/// written before the identity was recorded has an unknown identity: its processor is named
/// by its `cpu` alone, "identity unknown".
public struct HostProcessor: Sendable, Hashable {
    /// The `cpu` column: the marketing name (`AMD EPYC`).
    public var name: String
    public var identity: HostIdentity

    public init(name: String, identity: HostIdentity) {
        self.name = name
        self.identity = identity
    }

    /// `AMD EPYC: family 26 model 2 stepping 1, L2 1 MB, L3 32 MB, 2.6 GHz, KVM`, or
    /// `AMD EPYC: identity unknown`; `unnamed CPU` stands for an empty name.
    public var label: String {
        "\(shownName): \(identity.isKnown ? identity.phrase : "identity unknown")"
    }

    private var shownName: String { name.isEmpty ? "unnamed CPU" : name }

    /// A label for each of `processors` that tells it from the others: `label`, or, where two
    /// labels agree (processors that differ only in their microcode or their L1d), every
    /// field of the identity.
    public static func labels(_ processors: [HostProcessor]) -> [String] {
        let short = processors.map(\.label)
        return zip(processors, short).map { processor, label in
            guard short.count(where: { $0 == label }) > 1 else { return label }
            let fields = processor.identity.fields.map { "\($0.name) \($0.value)" }
            return "\(processor.shownName): " + fields.joined(separator: ", ")
        }
    }
}

extension ResultsRecord {
    /// The processor the row was measured on: its `cpu` and its identity.
    public var processor: HostProcessor {
        HostProcessor(name: self[.cpu], identity: hostIdentity)
    }

    /// The processors `records` were measured on, in the order first met.
    public static func processors(_ records: [ResultsRecord]) -> [HostProcessor] {
        var seen = Set<HostProcessor>()
        return records.indices.compactMap { index in
            ResultsRecord.prefetch(records, at: index)
            // A row on the same processor as the one before (nearly every row) is skipped
            // without its processor made.
            guard index == 0 || !records[index].hasSameProcessor(as: records[index - 1]) else {
                return nil
            }
            let processor = records[index].processor
            return seen.insert(processor).inserted ? processor : nil
        }
    }

    /// Whether `other` was measured on the same processor, told from the cells' bytes: the
    /// cells of every column `processor` reads hold the same text.
    func hasSameProcessor(as other: ResultsRecord) -> Bool {
        // Rows of one file (nearly always) compare the fields found once for the file.
        guard columns === other.columns else {
            return ResultsRecord.processorColumns.allSatisfy { hasSameCell($0, as: other) }
        }
        return columns.processorFields.allSatisfy { field in
            field.map { hasSameField($0, as: other) } ?? true
        }
    }

    /// The columns `processor` reads: the `cpu` name and those of `hostIdentity`.
    static let processorColumns = [ResultColumn.cpu] + ResultColumn.hostIdentityColumns
}
