import SimBenchCore

/// One row of a results file, validated, with the line it came from.
public struct ResultsRecord: Sendable {
    /// The 1-based line the record starts on.
    public let line: Int
    /// The cells in the file's column order.
    public let fields: [String]
    let columnIndex: [String: Int]

    /// The cell of `column`; empty when the column is absent (a file from an older version).
    public subscript(column: ResultColumn) -> String {
        columnIndex[column.name].map { fields[$0] } ?? ""
    }

    /// The number in `column`, or nil for an empty cell or an absent column. The reader
    /// checked that every numeric cell is empty or a finite number.
    public func number(_ column: ResultColumn) -> Double? {
        let text = self[column]
        return text.isEmpty ? nil : Double(text)
    }

    public var identity: ResultIdentity {
        ResultIdentity(
            scenario: self[.scenario], parameters: self[.parameters], sweep: self[.sweep],
            variant: self[.variant])
    }

    /// The processor the row was measured on, beyond its name; `unknown` in a file written
    /// before simbench recorded it.
    public var hostIdentity: HostIdentity {
        func count(_ column: ResultColumn) -> UInt64? { UInt64(self[column]) }
        var identity = HostIdentity()
        identity.vendor = self[.cpuVendor]
        identity.family = self[.cpuFamily]
        identity.model = self[.cpuModel]
        identity.stepping = self[.cpuStepping]
        identity.microcode = self[.cpuMicrocode]
        identity.l1dBytes = count(.l1dCacheBytes)
        identity.l2Bytes = count(.l2CacheBytes)
        identity.l3Bytes = count(.l3CacheBytes)
        identity.baseMHz = count(.cpuBaseMHz)
        identity.maxMHz = count(.cpuMaxMHz)
        identity.hypervisor = self[.hypervisor]
        return identity
    }

    /// The variant's role, or nil for a role this version does not know.
    public var role: VariantRole? { VariantRole(rawValue: self[.role]) }
    /// The row's status, or nil for a status this version does not know.
    public var status: ResultStatus? { ResultStatus(rawValue: self[.status]) }

    public var isBaselineVariant: Bool { role == .baseline }
    public var isOK: Bool { status == .ok }
}

extension ResultsRecord {
    /// A run's row as its results file would read back: its cells under this version's
    /// columns.
    init(row: ResultRow) {
        self.init(
            line: 0, fields: row.cells,
            columnIndex: Dictionary(
                uniqueKeysWithValues: ResultRow.columns.enumerated().map { ($1, $0) }))
    }
}
