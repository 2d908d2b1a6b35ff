import Foundation

/// The answer to "what does this pattern cost?" in one plain sentence: nanoseconds added
/// per event, bytes added per entity, and the work an event must do before the overhead
/// stops mattering.
///
/// `state-objects: +30.2 ns per customer action [29.8, 30.9] (CPU) and +212 B per vending
/// machine; negligible (< 5%) once a customer action does ≥ 600 ns of real work.`
public struct PatternAnswer: Sendable, Equatable {
    public var variant: String
    /// What one event is, as a noun: `customer action`.
    public var event: String
    /// What one entity is: `vending machine`.
    public var entity: String
    public var overhead: Double?
    public var overheadLow: Double?
    public var overheadHigh: Double?
    public var bytesOverBaseline: Double?
    public var breakeven: Double?
    public var breakevenNote: String
    public var negligible: Double?
    /// What the pattern's counted instructions add over its baseline's, by mechanism
    /// (`PatternAnswer+Mechanisms.swift`); nil without counts.
    public var instructionsAdded: MechanismSplit?

    public init(
        variant: String, event: String, entity: String, overhead: Double?, overheadLow: Double?,
        overheadHigh: Double?, bytesOverBaseline: Double?, breakeven: Double?,
        breakevenNote: String, negligible: Double?
    ) {
        self.variant = variant
        self.event = event
        self.entity = entity
        self.overhead = overhead
        self.overheadLow = overheadLow
        self.overheadHigh = overheadHigh
        self.bytesOverBaseline = bytesOverBaseline
        self.breakeven = breakeven
        self.breakevenNote = breakevenNote
        self.negligible = negligible
    }

    /// The answer of a pattern row; nil for a baseline or a floor, a wrong outcome or no
    /// overhead.
    public init?(row: ResultRow, eventNoun: String, entityNoun: String) {
        guard row.role == .pattern, row.status == .ok, row.overheadNsPerEvent != nil else {
            return nil
        }
        self.init(
            variant: row.variant, event: eventNoun, entity: entityNoun,
            overhead: row.overheadNsPerEvent?.value, overheadLow: row.overheadNsPerEvent?.low,
            overheadHigh: row.overheadNsPerEvent?.high,
            bytesOverBaseline: row.bytesPerEntityOverBaseline,
            breakeven: row.breakevenNsPerEvent?.value, breakevenNote: row.breakevenNote,
            negligible: row.negligible)
    }

    /// The answer of a pattern's row in a results file; nil for a baseline or a floor, a
    /// wrong outcome, or a file without the overhead columns. A file does not name the
    /// scenario's entity, so the harness's word stands for it: machine.
    public init?(record: ResultsRecord) {
        guard record.role == .pattern, record.isOK,
            let overhead = record.number(.overheadNsPerEvent)
        else {
            return nil
        }
        self.init(
            variant: "\(record[.scenario]).\(record[.variant])",
            event: PatternAnswer.noun(record[.eventUnit]),
            entity: "machine", overhead: overhead, overheadLow: record.number(.overheadCILow),
            overheadHigh: record.number(.overheadCIHigh),
            bytesOverBaseline: record.number(.bytesPerEntityOverBaseline),
            breakeven: record.number(.breakevenNsPerEvent), breakevenNote: record[.breakevenNote],
            negligible: record.number(.negligible))
    }

    /// The noun of an event unit: `customer action (putMoney, …)` → `customer action`.
    public static func noun(_ unit: String) -> String {
        let plain = unit.split(separator: "(").first.map(String.init) ?? unit
        return plain.trimmingCharacters(in: .whitespaces)
    }

    public var sentence: String {
        guard let overhead else { return "\(variant): no overhead measured" }
        let interval = NumberFormat.interval(overheadLow, overheadHigh)
        let ci = interval == "—" ? "" : " \(interval)"
        let sign = overhead < 0 ? "−" : "+"
        var text =
            "\(variant): \(sign)\(NumberFormat.significant(abs(overhead))) ns per \(event)\(ci) (CPU)"
        if let bytes = bytesOverBaseline {
            let sign = bytes < 0 ? "−" : "+"
            text += " and \(sign)\(NumberFormat.significant(abs(bytes))) B per \(entity)"
        }
        let share = negligible.map { RelativeChange.percent($0) } ?? "5%"
        if let breakeven {
            text +=
                "; negligible (< \(share)) once \(PatternAnswer.article(event)) \(event) does ≥ \(NumberFormat.significant(breakeven)) ns of real work."
        } else if overhead <= 0 {
            text += "; faster than the baseline: nothing to amortise."
        } else {
            text += "; already negligible (< \(share)) next to the baseline's own work."
        }
        return addingInstructions(to: text)
    }

    /// `a` or `an`, by the noun's first letter.
    static func article(_ noun: String) -> String {
        let lower = noun.lowercased()
        guard let first = lower.first else { return "a" }
        // A silent h (an hour tick); a u said "you" (a user session).
        if lower.hasPrefix("hour") { return "an" }
        return "aeio".contains(first) ? "an" : "a"
    }
}
