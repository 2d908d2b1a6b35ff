import Foundation
import SimBench

/// What `ab` checks before anything is built, which only the command line can read: its
/// `--output`, and the run arguments each side's `run` will get.
extension ABCommand {
    /// What each side's `run` gets: the suite's arguments, the side's own, the counting
    /// ones, and its CSV.
    func runs(_ suite: [String], counting: [String]) -> ABTrial.Runs {
        ABTrial.Runs(
            arguments: { side, csv in
                ["run"] + suite + (side == .base ? baseArguments : headArguments) + counting
                    + ["--quiet", "--csv", csv]
            }, help: ["run", "--help"], wrongOutcomeStatus: ExitStatus.wrongOutcome.rawValue)
    }

    /// The run arguments that count instructions in every run (`--counts auto`): Callgrind's,
    /// where valgrind is installed and the run arguments do not say how to count already.
    func countingArguments(_ suite: [String]) -> [String] {
        let given = (suite + baseArguments + headArguments).contains {
            $0 == "--instructions" || $0.hasPrefix("--instructions=")
        }
        guard counts == .auto, !given, (try? CallgrindPass.locateTools()) != nil else {
            return []
        }
        return ABCommand.countingArguments
    }

    /// Checks `--output` before anything runs: an existing directory in which the runs'
    /// CSVs and the report can be written (files of those names, if any, are regular files),
    /// or a path whose missing directories can be created. A refusal is a usage error.
    func checkOutput() throws {
        func refuse(_ reason: String) -> Failure {
            Failure(
                message:
                    "--output: '\(output.escapingControlCharacters)' \(reason); expected a directory for the runs' CSVs and \(ABTrial.reportName)",
                status: .usage)
        }
        guard !output.isEmpty else { throw refuse("is empty") }
        guard output != OutputPath.standardOutputName else {
            throw refuse("(standard output) cannot be used here")
        }
        var status = stat()
        if stat(output, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw refuse("is not a directory") }
            let names =
                (1...pairs).flatMap { ["base-\($0).csv", "head-\($0).csv"] } + [
                    ABTrial.reportName
                ]
            do {
                for name in names {
                    let path = output.hasSuffix("/") ? output + name : output + "/" + name
                    _ = try OutputPath.check(
                        path, label: "--output", standardOutput: false, streams: false)
                }
            } catch {
                throw Failure(message: "\(error)", status: .usage)
            }
            return
        }
        // The nearest missing directory must be creatable in its existing parent.
        let (missing, parent) = OutputPath.firstMissing(of: output)
        if stat(parent, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            throw refuse(
                "cannot be created: '\(parent.escapingControlCharacters)' is not a directory")
        }
        do {
            _ = try OutputPath.check(missing, label: "--output", standardOutput: false)
        } catch {
            throw Failure(message: "\(error)", status: .usage)
        }
    }

    /// Checks the run arguments as each side's `simbench run` will get them, before any
    /// build: the head's are planned as `run` plans them (scenarios, variants, parameters,
    /// counts, memory); the base's flags and values are parsed (its scenarios and
    /// parameters are its own, checked when it runs). Output flags are refused: ab names
    /// each run's CSV itself, and every run would write over, or append to, the same file.
    func checkRunArguments(_ suite: [String]) throws {
        for (side, extra) in [("head", headArguments), ("base", baseArguments)] {
            let words = suite + extra
            let run: RunCommand
            do {
                guard case .command(let parsed) = try CommandParser.parse(RunCommand.self, words)
                else {
                    throw UsageError("--help is not a run argument")
                }
                run = parsed
            } catch {
                throw Failure(
                    message:
                        "the \(side)'s run arguments (\(words.joined(separator: " "))): \(error)",
                    status: .usage)
            }
            let outputs = [
                ("--csv", run.csvPath), ("--raw", run.rawPath), ("--append", run.historyPath),
                ("--save-baseline", run.baselineName),
            ]
            if let flag = outputs.first(where: { $0.1 != nil })?.0 {
                throw Failure(
                    message:
                        "the \(side)'s run arguments: \(flag) is not taken; ab writes each run's CSV into --output ('\(output)')",
                    status: .usage)
            }
            guard side == "head" else { continue }
            let environment = RunEnvironment.current()
            do {
                _ = try RunPlan(
                    options: run.options, catalog: Suite.catalog, cores: environment.cores,
                    physicalMemory: environment.physicalMemory)
            } catch {
                throw Failure(
                    message:
                        "the \(side)'s run arguments (\(words.joined(separator: " "))): \(error)",
                    status: .usage)
            }
        }
    }

    /// The CI suite's run arguments: one per whitespace-separated word, `#` to the end of a
    /// line dropped (`SuiteFile`, as `run --suite` reads them).
    func suiteArguments(root: String) throws -> [String] {
        let path = "\(root)/\(ABCommand.suiteFile)"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Failure(
                message: "no \(path) to read the CI suite from; give run arguments after '--'",
                status: .usage)
        }
        return SuiteFile.words(of: text)
    }
}
