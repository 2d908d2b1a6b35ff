import Foundation
import SimBench

/// What `simbench run` does for regression tracking: `--save-baseline`, `--append`, and
/// the word about `--shard`.
extension RunCommand {
    /// Before the run: the baseline directory (existing, or creatable) and the history file
    /// can take the results.
    /// A history file that is already broken is refused now, not after minutes of running.
    /// Returns the outputs, for `checkOutputs` to refuse collisions.
    func checkTracking() throws -> (history: OutputPath?, baseline: OutputPath?) {
        // The baseline is saved after the run: its directory is checked now, not then.
        let baseline = try baselineName.flatMap {
            try BaselineStore.check($0, label: "--save-baseline")
        }
        return (try historyPath.map { try HistoryFile.check($0, label: "--append") }, baseline)
    }

    /// A sweep's rows differ only in the `sweep` column, so a history from an older simbench,
    /// whose header lacks it (and keeps lacking it: headers are never changed), would hold
    /// them as duplicated rows. Refused before anything runs.
    func checkHistoryTakesSweep(_ plan: RunPlan) throws(UsageError) {
        guard let historyPath, !plan.sweeps.isEmpty,
            let history = try? ResultsFile.read(historyPath, runs: .several),
            !history.header.contains(ResultColumn.sweep.name)
        else { return }
        throw UsageError(
            "--append: '\(historyPath)' is a history from an older \(Suite.toolName), without the '\(ResultColumn.sweep.name)' column, so it cannot tell the points of a sweep (\(plan.sweeps.map(\.setting.flag).joined(separator: ", ")) with a comma list) apart; append the sweep to a new history file"
        )
    }

    /// Says which part of the suite a shard runs, and that an empty shard has nothing to do
    /// (it still writes a results file with the header only, so that a CI matrix always
    /// has one file per shard to merge).
    func announceShard(_ plan: RunPlan) {
        guard let shard = options.shard else { return }
        if plan.configurations.isEmpty {
            say(
                "shard \(shard): nothing to do; the suite has \(plan.suiteConfigurationCount) configuration\(plan.suiteConfigurationCount == 1 ? "" : "s"), fewer than \(shard.count) shards"
            )
        } else {
            let labels = plan.configurations.map(\.label).joined(separator: ", ")
            say(
                "shard \(shard): \(plan.configurations.count) of \(plan.suiteConfigurationCount) configurations: \(labels)"
            )
        }
    }

    /// After the run: the baseline copy and the history rows.
    func recordTracking(document: String, rows: [ResultRow], hasWrongOutcome: Bool) throws {
        if let baselineName {
            if hasWrongOutcome {
                Terminal.error(
                    "--save-baseline: not saved: a variant computed a wrong outcome, and a baseline must be trustworthy"
                )
            } else if rows.isEmpty {
                Terminal.error("--save-baseline: not saved: the run measured nothing")
            } else {
                let path = try BaselineStore.save(document, as: baselineName)
                say("baseline '\(baselineName)': \(path)")
            }
        }
        if let historyPath {
            let outcome = try HistoryFile.append(rows: rows.map(\.cells), to: historyPath)
            var line =
                "history: \(outcome.rowsAppended) rows \(outcome.createdFile ? "in new file" : "appended to") \(historyPath)"
            if !outcome.columnsLeftOut.isEmpty {
                line +=
                    " (its header is from an older \(Suite.toolName); left out: \(outcome.columnsLeftOut.joined(separator: ", ")))"
            }
            // (The append itself told the interruption notice: rows appended.)
            say(line)
        }
    }
}
