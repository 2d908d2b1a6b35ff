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
    /// baseline of the same configuration. Rows without counts are left out. A row's
    /// second-level misses are judged by what a round of its group holds (its scenario's
    /// rows in its run, `CountedWork.roundBytes(_:group:entityBytes:machines:)`) against
    /// `secondLevelBytes`, this host's second level where known, else the second level of
    /// the host it names.
    public func predictions(
        _ records: [ResultsRecord], excluding: String? = nil, secondLevelBytes: Double? = nil
    ) -> [PatternPrediction] {
        let kept = records.filter { $0[.scenario] != excluding }
        let varying = RunSummary.varyingParameters(kept)
        let roundBytes = CountedWork.roundBytes(
            kept.filter(\.isOK), group: RunSummary.roundKey,
            entityBytes: { $0.number(.bytesPerEntity) },
            machines: { $0.number(.machines) })
        func work(_ record: ResultsRecord) -> CountedWork? {
            CountedWork(
                record: record, roundBytes: roundBytes[RunSummary.roundKey(record)],
                secondLevelBytes: secondLevelBytes)
        }
        var baselines = [RowKey: CountedWork]()
        for record in kept where record.isBaselineVariant && record.isOK {
            baselines[RunSummary.baselineKey(record)] = work(record)
        }
        return kept.compactMap { record in
            guard record.role == .pattern, record.isOK,
                let work = work(record),
                let baseline = baselines[RunSummary.baselineKey(record)]
            else { return nil }
            return PatternPrediction(
                name: RunSummary.name(of: record, varying: varying),
                prediction: predictWhole(work.subtracting(baseline)))
        }
    }
}
