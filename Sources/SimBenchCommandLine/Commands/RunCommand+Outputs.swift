import Foundation
import SimBench

/// The files `simbench run` writes (`--csv`, `--raw`, `--append`, `--save-baseline`),
/// checked together before anything is measured: each by `OutputPath`'s rules, and no two
/// the same file.
extension RunCommand {
    struct Outputs {
        /// Nil until the default `results/` directory exists (see `prepareDefaultCSV`).
        var csv: OutputPath?
        var csvName: String
        var raw: OutputPath?
        var history: OutputPath?
    }

    /// Checks every output; a failure is a usage error (exit 64) and nothing is written.
    func checkOutputs(csv: String) throws -> Outputs {
        var outputs = Outputs(csv: nil, csvName: csv, raw: nil, history: nil)
        if csvPath != nil || FileManager.default.fileExists(atPath: "results") {
            outputs.csv = try OutputPath.check(csv, label: "--csv")
        } else {
            // The default results/ directory will be created in the working directory.
            _ = try OutputPath.check("results", label: "--csv", standardOutput: false)
        }
        if let rawPath { outputs.raw = try OutputPath.check(rawPath, label: "--raw") }
        var all = [outputs.csv, outputs.raw].compactMap { $0 }
        let tracking = try checkTracking()
        outputs.history = tracking.history
        all += [tracking.history, tracking.baseline].compactMap { $0 }
        try OutputPath.refuseCollisions(all)
        OutputPath.reserveStandardOutput(if: all)
        Interruption.expect(
            [csv, rawPath, historyPath, baselineName.map(BaselineStore.path(of:))].compactMap { $0 }
        )
        return outputs
    }

    /// The default CSV, once `results/` exists.
    func prepareDefaultCSV(_ outputs: inout Outputs) throws {
        guard outputs.csv == nil else { return }
        do {
            outputs.csv = try OutputPath.check(outputs.csvName, label: "--csv")
        } catch {
            throw FileError(path: outputs.csvName, reason: error.description)
        }
    }

    /// Writes the CSV and the raw samples (each write tells the interruption notice).
    func writeResults(_ outputs: Outputs, document: String, raw: @autoclosure () -> String) throws {
        if let csv = outputs.csv { try csv.write(document) }
        if let output = outputs.raw { try output.write(raw()) }
    }
}
