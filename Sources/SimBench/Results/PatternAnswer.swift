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
    /// The modes among the row's processes, when it has more than one: the sentence gives
    /// the split.
    public var modes: ProcessModes?
    /// What the pattern's counted instructions add over its baseline's, by mechanism
    /// (`PatternAnswer+Mechanisms.swift`); nil without counts.
    public var instructionsAdded: MechanismSplit?
    /// What the cost model predicts the pattern adds per event on the host
    /// (`ResultRow.prediction`); nil when not predicted. Read back from a file, it has its
    /// figure and no terms.
    public var prediction: CostModel.Prediction?

    public init(
        variant: String, event: String, entity: String, overhead: Double?, overheadLow: Double?,
        overheadHigh: Double?, bytesOverBaseline: Double?, breakeven: Double?,
        breakevenNote: String, negligible: Double?, modes: ProcessModes? = nil
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
        self.modes = modes
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
            negligible: row.negligible, modes: row.processModes)
        prediction = row.prediction
    }

    /// Whether `record` gives an answer (`init(record:)` is not nil): a measured pattern's
    /// row with its overhead.
    static func gives(_ record: ResultsRecord) -> Bool {
        record.role == .pattern && record.isOK && record.number(.overheadNsPerEvent) != nil
    }

    /// The answer of a pattern's row in a results file; nil for a baseline or a floor, a
    /// wrong outcome, or a file without the overhead columns. It is named by scenario,
    /// variant, parameters and sweep point (`marks.visitor (op=bounds)`), so that answers of one variant
    /// under several parameters can be told apart, and speaks of the scenario's own entity
    /// (`entity_unit`); a file older than that column says "entity".
    public init?(record: ResultsRecord) {
        guard PatternAnswer.gives(record), let overhead = record.number(.overheadNsPerEvent)
        else {
            return nil
        }
        let settings = [record[.parameters], record[.sweep]].filter { !$0.isEmpty }
        let parameters = settings.isEmpty ? "" : " (\(settings.joined(separator: "; ")))"
        let entity = record[.entityUnit]
        self.init(
            variant: "\(record[.scenario]).\(record[.variant])\(parameters)",
            event: PatternAnswer.noun(record[.eventUnit]),
            entity: entity.isEmpty ? "entity" : PatternAnswer.noun(entity), overhead: overhead,
            overheadLow: record.number(.overheadCILow),
            overheadHigh: record.number(.overheadCIHigh),
            bytesOverBaseline: record.number(.bytesPerEntityOverBaseline),
            breakeven: record.number(.breakevenNsPerEvent), breakevenNote: record[.breakevenNote],
            negligible: record.number(.negligible), modes: PatternAnswer.modes(of: record))
        prediction = record.number(.predictedNsAddedPerEvent).map { point in
            CostModel.Prediction(
                nanoseconds: point, low: record.number(.predictedNsAddedLow) ?? point,
                high: record.number(.predictedNsAddedHigh) ?? point)
        }
    }

    /// The modes of a row read back: its processes' ratios split again, when the file found
    /// more than one mode.
    static func modes(of record: ResultsRecord) -> ProcessModes? {
        guard let count = record.number(.modes), count > 1 else { return nil }
        let ratios = record.numbers(separatedBySemicolonsIn: .processCPURatios)
        return ModeDetector.modes(of: ratios)
    }

    /// The noun of an event unit: `customer action (putMoney, …)` → `customer action`.
    public static func noun(_ unit: String) -> String {
        let plain = beforeParenthesis(unit)
        // A noun that, its ASCII spaces dropped, starts and ends with a visible ASCII
        // character (nearly every one) has nothing more to trim: trimmed without a trip
        // through Foundation for each row.
        let scalars = plain.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start] == " " { start = scalars.index(after: start) }
        while start < end, scalars[scalars.index(before: end)] == " " {
            end = scalars.index(before: end)
        }
        func isVisibleASCII(_ scalar: Unicode.Scalar) -> Bool {
            (0x21...0x7E).contains(scalar.value)
        }
        if start < end, isVisibleASCII(scalars[start]),
            isVisibleASCII(scalars[scalars.index(before: end)])
        {
            return String(scalars[start..<end])
        }
        return plain.trimmingCharacters(in: .whitespaces)
    }

    /// `unit.split(separator: "(").first.map(String.init) ?? unit`: the first piece between
    /// parentheses that is not empty. Where each scalar is a character of its own (nearly
    /// every unit: a report reads one per row), a `(` is one too, found among the bytes.
    private static func beforeParenthesis(_ unit: String) -> String {
        var unit = unit
        let standalone = unit.withUTF8 { CharacterCount.scalarsIfEachIsACharacter($0) != nil }
        guard standalone else { return unit.split(separator: "(").first.map(String.init) ?? unit }
        let piece: String? = unit.withUTF8 { bytes in
            var start = 0
            for end in 0...bytes.count
            where end == bytes.count || bytes[end] == UInt8(ascii: "(") {
                if end > start {
                    return String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                }
                start = end + 1
            }
            return nil
        }
        return piece ?? unit
    }

    /// The overhead's interval holds zero: at this size the pattern and its baseline cannot
    /// be told apart, so the sentence claims neither faster nor slower.
    public var withinNoise: Bool {
        guard let overheadLow, let overheadHigh else { return false }
        return overheadLow <= 0 && overheadHigh >= 0
    }

    /// The cost sentence, then the split of a row whose processes run in modes.
    public var sentence: String {
        guard let split = modes.flatMap(PatternAnswer.split) else { return costSentence }
        return costSentence + " " + split
    }

    /// What the pattern adds per event and per entity, and its break-even, claiming only what
    /// the interval shows: "faster" or "slower" (with a break-even) only when the interval
    /// excludes zero, otherwise "no measurable difference at this size [interval]".
    public var costSentence: String {
        guard let overhead else { return "\(variant): no overhead measured" }
        let interval = NumberFormat.interval(overheadLow, overheadHigh)
        let ci = interval == "—" ? "" : " \(interval)"
        var text: String
        let unbounded = overheadLow == nil || overheadHigh == nil
        if withinNoise {
            text = "\(variant): no measurable difference at this size\(ci) ns per \(event) (CPU)"
        } else if unbounded {
            let sign = overhead < 0 ? NumberFormat.minus : "+"
            text =
                "\(variant): \(sign)\(NumberFormat.significant(abs(overhead))) ns per \(event) (CPU; no interval, too few rounds: neither faster nor slower is claimed)"
        } else {
            let sign = overhead < 0 ? NumberFormat.minus : "+"
            text =
                "\(variant): \(sign)\(NumberFormat.significant(abs(overhead))) ns per \(event)\(ci) (CPU)"
        }
        if let bytes = bytesOverBaseline {
            let sign = bytes < 0 ? NumberFormat.minus : "+"
            text += " and \(sign)\(NumberFormat.significant(abs(bytes))) B per \(entity)"
        }
        let share = negligible.map { RelativeChange.percent($0) } ?? "5%"
        if withinNoise || unbounded {
            text += "."
        } else if let breakeven {
            text +=
                "; negligible (< \(share)) once \(PatternAnswer.article(event)) \(event) does ≥ \(NumberFormat.significant(breakeven)) ns of real work."
        } else if overhead <= 0 {
            text += "; faster than the baseline: nothing to amortise."
        } else {
            text += "; already negligible (< \(share)) next to the baseline's own work."
        }
        return addingPrediction(to: addingInstructions(to: text))
    }

    /// `sentence` with the model's prediction beside the measured figure, when there is one:
    /// `…; the model predicts +41.0 ns [+30.2, +55.1]: 34.0 ns from 6 retains, ….`, and,
    /// where the measured interval and the predicted one have nothing in common, that the
    /// model missed and which cost its prediction rests on most.
    func addingPrediction(to sentence: String) -> String {
        guard let prediction else { return sentence }
        let body = sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
        var text = "\(body); the model predicts \(prediction.phrase())"
        if let low = overheadLow, let high = overheadHigh,
            prediction.misses(measuredLow: low, measuredHigh: high)
        {
            text +=
                " (a miss: the measured interval lies "
                + (high < prediction.low ? "below" : "above") + " it"
                + (prediction.dominant.map { "; mostly \($0.plural)" } ?? "") + ")"
        }
        return text + "."
    }

    /// How a row's processes split, when they do: `Its processes run in two modes (CPU
    /// ratio to the baseline): 5.0× in 86% of processes, 7.7–11.5× in 14%; the figures above
    /// are the median process's, in the 86%.` Nil with one mode.
    public static func split(_ modes: ProcessModes) -> String? {
        guard modes.count > 1 else { return nil }
        func range(_ mode: ProcessModes.Mode) -> String {
            mode.lowest == mode.highest || mode.processes > modes.processes / 2
                ? NumberFormat.ratio(mode.median)
                : NumberFormat.fixed(mode.lowest, decimals: 2) + "–"
                    + NumberFormat.ratio(mode.highest)
        }
        func share(_ mode: ProcessModes.Mode) -> String {
            "\(Int((100 * Double(mode.processes) / Double(max(modes.processes, 1))).rounded()))%"
        }
        let parts = modes.modes.enumerated().map { index, mode in
            "\(range(mode)) in \(share(mode))\(index == 0 ? " of processes" : "")"
        }
        let medianMode = modes.modes.max { $0.processes < $1.processes } ?? modes.fast
        return
            "Its processes run in \(modes.count) modes (CPU ratio to the baseline): \(parts.joined(separator: ", ")); the figures above are the median process's, in the \(share(medianMode))."
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
