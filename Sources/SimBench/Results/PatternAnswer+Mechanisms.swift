import Foundation

/// Where a pattern's extra instructions go: the answer's last part, from the counted pass
/// (`InstructionSource.callgrind`) only. Without counts the sentence is as before.
///
/// `…; its +212 instructions per customer action: 51% reference counting, 30% allocation,
/// 19% its own code.`
extension PatternAnswer {
    /// How many mechanisms the sentence names at most: those holding 5% or more of the
    /// extra instructions, largest first.
    static let mechanismsNamed = 3

    /// What the pattern's row adds over its baseline's, by mechanism: nil unless both were
    /// split (`MechanismSplit`).
    public static func instructionsAdded(_ pattern: MechanismSplit?, over baseline: MechanismSplit?)
        -> MechanismSplit?
    {
        guard let pattern, let baseline else { return nil }
        return pattern.subtracting(baseline)
    }

    /// `sentence` with where the extra instructions go, when they are known.
    func addingInstructions(to sentence: String) -> String {
        guard let added = instructionsAdded else { return sentence }
        let total = added.total
        guard total.isFinite else { return sentence }
        let sign = total < 0 ? "−" : "+"
        var part =
            "its \(sign)\(NumberFormat.significant(abs(total))) instructions per \(event)"
        // The largest parts only, so that the sentence stays one line's worth: a reader who
        // wants every part has the CSV's columns and the mechanisms chart.
        let shares = added.shares(atLeast: 0.05).prefix(PatternAnswer.mechanismsNamed)
        if !shares.isEmpty {
            part +=
                ": "
                + shares.map { mechanism, share in
                    "\(share < 0 ? "−" : "")\(Int((abs(share) * 100).rounded()))% \(mechanism.phrase)"
                }.joined(separator: ", ")
        }
        let body = sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
        return "\(body); \(part)."
    }
}

extension MechanismSplit {
    /// The split of a results file's row: nil unless every mechanism's cell holds a number.
    public init?(record: ResultsRecord) {
        var split = MechanismSplit()
        for (mechanism, column) in Self.columns {
            guard let value = record.number(column) else { return nil }
            split[mechanism] = value
        }
        self = split
    }

    /// Each mechanism's column, the one `ResultColumn.all` declares: a report reads them on
    /// every row, and a file finds a declared column by its ordinal (`ColumnPositions`),
    /// where one made anew (`ResultColumn.mechanism(_:)`) is looked up by its name's hash.
    private static let columns = Mechanism.allCases.map { mechanism in
        (mechanism, ResultColumn.named(mechanism.columnName) ?? .mechanism(mechanism))
    }
}
