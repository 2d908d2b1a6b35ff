/// Every pattern of a counted run predicted on this host: what `simbench host` prints from
/// the committed counts (`results/hosts/counts.csv`), so that a user on a new machine gets
/// each pattern's cost there without measuring the suite.
extension CostModel {
    /// One pattern of a counted file and what the model predicts it adds per event here.
    public struct PatternPrediction: Sendable, Equatable {
        /// `vending.state-objects`, `validation.switch (nsregex)`, as the run's summary
        /// names it (`RunSummary.Row.name`).
        public var name: String
        /// Nil when its counts add work this host's prices do not cover.
        public var prediction: Prediction?
    }

    /// Each counted, ok pattern row of `records` but those of `excluding` (the mechanism
    /// scenario itself), in the file's order, predicted from what it adds over its run's
    /// baseline of the same configuration. Rows without counts are left out.
    public func predictions(_ records: [ResultsRecord], excluding: String? = nil)
        -> [PatternPrediction]
    {
        let kept = records.filter { $0[.scenario] != excluding }
        let varying = RunSummary.varyingParameters(kept)
        func key(_ record: ResultsRecord) -> [String] {
            [record[.runID], record[.scenario], record[.parameters], record[.sweep]]
        }
        var baselines = [[String]: CountedWork]()
        for record in kept where record.isBaselineVariant && record.isOK {
            baselines[key(record)] = CountedWork(record: record)
        }
        return kept.compactMap { record in
            guard record.role == .pattern, record.isOK, let work = CountedWork(record: record),
                let baseline = baselines[key(record)]
            else { return nil }
            let configuration = RunSummary.configuration(
                of: record, varying: varying[record[.scenario]] ?? [])
            let name =
                "\(record[.scenario]).\(record[.variant])"
                + (configuration.isEmpty ? "" : " (\(configuration))")
            return PatternPrediction(
                name: name, prediction: predictWhole(work.subtracting(baseline)))
        }
    }
}
