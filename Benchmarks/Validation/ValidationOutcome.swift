import SimBenchCore

/// What one form session's validations said: counts instead of the article's alerts.
public struct FormLog: Sendable {
    /// Valid edits per field kind, indexed by `FieldKind.index`.
    public var valid = InlineArray<8, Int>(repeating: 0)
    /// Invalid edits per field kind.
    public var invalid = InlineArray<8, Int>(repeating: 0)
    /// Errors per code, indexed by `code - 1001`.
    public var errorCodes = InlineArray<8, Int>(repeating: 0)
    /// Errors whose code belongs to no field kind.
    public var unknownCodes = 0
    /// Errors whose domain, description or reason are not the ones of their code.
    public var misworded = 0
    /// A rolling hash of the verdicts in order: 0 for a valid edit, the error code
    /// otherwise. FNV-1a over words, cheap enough to inline; `ValidationOutcome` mixes it
    /// into a `Checksum` once per session.
    public var verdicts: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    /// Records the verdict on one edit of a `field`'s text: `nil` when it was valid.
    @inline(__always)
    public mutating func record(_ field: FieldKind, _ error: InputValidationError?) {
        guard let error else {
            valid[field.index] &+= 1
            verdicts = (verdicts ^ 0) &* 0x100_0000_01B3
            return
        }
        invalid[field.index] &+= 1
        verdicts = (verdicts ^ UInt64(truncatingIfNeeded: error.code)) &* 0x100_0000_01B3
        guard let kind = FieldKind(code: error.code) else {
            unknownCodes &+= 1
            return
        }
        errorCodes[kind.index] &+= 1
        // The catalogue's words compare by address first, so the check is cheap for every
        // variant that reports them.
        if error != kind.error { misworded &+= 1 }
    }
}

/// Valid and invalid edits per field kind, errors per code, and a digest of every verdict,
/// over a fleet of form sessions.
///
/// The outcome covers what the validators said, never the texts: which edits passed, the
/// code of each error, and whether every error carried its code's domain, description and
/// reason. Outcomes do not depend on the matcher, so the same seed gives the same outcome
/// for scan, regex and nsregex.
public struct ValidationOutcome: ScenarioOutcome {
    public var sessions = 0
    public var edits = 0
    /// Valid edits per field kind, indexed by `FieldKind.index`.
    public var valid = [Int](repeating: 0, count: FieldKind.allCases.count)
    public var invalid = [Int](repeating: 0, count: FieldKind.allCases.count)
    /// Errors per code, indexed by `code - 1001`.
    public var errorCodes = [Int](repeating: 0, count: FieldKind.allCases.count)
    public var unknownCodes = 0
    public var misworded = 0
    /// Sum of per-session digests of the verdicts in order.
    public var sessionDigest: UInt64 = 0

    public init() {}

    public var validEdits: Int { valid.reduce(0, +) }
    public var invalidEdits: Int { invalid.reduce(0, +) }

    /// Adds one session's log.
    public mutating func record(session index: Int, log: FormLog) {
        sessions += 1
        for kind in 0..<FieldKind.allCases.count {
            valid[kind] += log.valid[kind]
            invalid[kind] += log.invalid[kind]
            errorCodes[kind] += log.errorCodes[kind]
            edits += log.valid[kind] + log.invalid[kind]
        }
        // The verdicts in order; the per-kind counts are in the totals.
        var digest = Checksum()
        digest.combine(log.verdicts)
        unknownCodes += log.unknownCodes
        misworded += log.misworded
        sessionDigest &+= Checksum.entityContribution(index: index, hash: digest.value)
    }

    public mutating func merge(_ other: ValidationOutcome) {
        sessions += other.sessions
        edits += other.edits
        for kind in 0..<FieldKind.allCases.count {
            valid[kind] += other.valid[kind]
            invalid[kind] += other.invalid[kind]
            errorCodes[kind] += other.errorCodes[kind]
        }
        unknownCodes += other.unknownCodes
        misworded += other.misworded
        sessionDigest &+= other.sessionDigest
    }

    public var checksum: UInt64 {
        var checksum = Checksum()
        checksum.combine(sessions)
        checksum.combine(edits)
        checksum.combine(contentsOf: valid)
        checksum.combine(contentsOf: invalid)
        checksum.combine(contentsOf: errorCodes)
        checksum.combine(unknownCodes)
        checksum.combine(misworded)
        checksum.combine(sessionDigest)
        return checksum.value
    }

    public var summary: [(label: String, value: String)] {
        var lines: [(label: String, value: String)] = [
            ("sessions", "\(sessions)"), ("edits", "\(edits)"),
            ("valid", "\(validEdits)"), ("invalid", "\(invalidEdits)"),
        ]
        for kind in FieldKind.allCases {
            lines.append(
                ("\(kind.label) valid/invalid", "\(valid[kind.index])/\(invalid[kind.index])"))
        }
        for kind in FieldKind.allCases where errorCodes[kind.index] > 0 {
            lines.append(("error \(kind.code)", "\(errorCodes[kind.index])"))
        }
        if unknownCodes > 0 { lines.append(("errors with unknown codes", "\(unknownCodes)")) }
        if misworded > 0 { lines.append(("misworded errors", "\(misworded)")) }
        return lines
    }
}
