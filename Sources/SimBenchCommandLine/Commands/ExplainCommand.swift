import Foundation
import SimBench

/// `simbench explain --scenario S --variant V`: runs the row's processes (the variant and
/// its baseline) under the default settings and under each switch simbench controls
/// (`ModeSwitch.all`), counts the processes in the slow mode under each, and says in one
/// paragraph which switch removes it (`ModeExplanation`).
struct ExplainCommand: Command {
    /// The run's options, as `run` takes them; the children run `run` with them.
    var run = RunCommand()
    /// Processes per setting.
    var processes = ExplainCommand.defaultProcesses

    /// With a slow share of about 14%, 40 processes a setting make a switch that removes the
    /// mode significant (Fisher's exact test, p < 0.05) about nine times in ten.
    static let defaultProcesses = 40

    static let name = "explain"
    static let abstract = "find which switch removes the slow mode of a row's processes"

    /// The flags of `run` that explain takes as they are, declared there once.
    static let runFlags: Set<String> = [
        "--machines", "--events", "--scenario", "--variant", "--rounds", "--warmup",
        "--min-time", "--max-time", "--seed", "--actors", "--param", "--quiet", "--allow-debug",
    ]

    static var flags: [Option<ExplainCommand>] {
        RunCommand.flags.filter { runFlags.contains($0.name) }.map { $0.lifted(to: \.run) } + [
            .count(
                "--processes", value: "K",
                help:
                    "child processes under each setting (the default, then each switch), one after another",
                default: "\(defaultProcesses)", limit: RunOptions.Limits.processes
            ) { $0.processes = $1 }
        ]
    }

    static var discussion: String {
        let switches = ModeSwitch.all.map { "  \($0.name.flagged): \($0.summary)" }
            .joined(separator: "\n")
        return """
            SETTINGS
              default: the run as given, then each switch alone:
            \(switches.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
              Each setting runs --processes children of '\(Suite.toolName) run' with the run's options;
              each child measures the variant and its baseline, and gives one estimate: the
              median over its rounds of the CPU ratio to the baseline.

            HOW IT DECIDES
              A process is slow above the cut where the default run's processes split into
              two modes (the run's mode detector). A switch changed the slow share when
              Fisher's exact test on slow and fast counts, one-sided, gives p < \(ModeExplanation.significance);
              it removes the slow mode when, besides, fewer than \(ModeDetector.minimumModeProcesses) of its processes are
              slow. The paragraph names the switch that removes it, with the counts, or says
              that none does.

            EXAMPLE
              \(ExplainCommand.title) --scenario \(HelpText.examplePattern.scenario) --variant \(HelpText.examplePattern.variant) --machines 10000
            """
    }

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "explained (whether or not a switch removes the slow mode)"),
        (.failure, "a child process failed"),
        (.wrongOutcome, "a variant's outcome differed from its baseline's"),
    ]

    init() {}

    mutating func finish(operands: [String]) throws {
        try run.finish(operands: operands)
        guard run.options.scenarios?.count == 1, run.options.variants?.count == 1 else {
            throw UsageError(
                "explain: give one row: --scenario S --variant V (one scenario, one variant; see '\(Suite.toolName) list')"
            )
        }
    }

    func execute() async throws -> ExitStatus {
        if RunEnvironment.isDebugBuild {
            guard run.allowDebug else {
                throw UsageError(
                    "explain: this is a debug build, whose timings mean nothing; build with 'swift run -c release \(Suite.toolName) explain …', or pass --allow-debug"
                )
            }
            Terminal.warning(HelpText.debugBanner(name: Suite.toolName))
        }
        let environment = RunEnvironment.current()
        let progress = ProgressLine(enabled: !run.quiet && Terminal.standardErrorIsTerminal)
        // The children run this command line as `run`, each setting's switch added.
        let words = ExplainCommand.without(
            RunSetting.processes.flag, in: Array(CommandLine.arguments.dropFirst(2)))
        let settings = [ModeSwitch.standard] + ModeSwitch.all
        var arms = [ModeExplanation.Arm]()
        var row = ""
        for (index, setting) in settings.enumerated() {
            let measured = try measure(
                setting, words: words, environment: environment
            ) { process in
                progress.show(
                    BenchmarkRunner.Progress(
                        scenario: index + 1, scenarios: settings.count,
                        label: "\(setting.name.flagged), process \(process)/\(processes)",
                        phase: "measuring",
                        fraction: Double(process - 1) / Double(processes)))
            }
            switch measured {
            case .wrong(let variants):
                progress.finish()
                Terminal.error(
                    "wrong outcome under \(setting.name.flagged): \(variants.joined(separator: ", ")) computed something other than the baseline"
                )
                return .wrongOutcome
            case .measured(let name, let arm):
                if !name.isEmpty { row = name }
                arms.append(arm)
            }
        }
        progress.finish()
        var explanation = ModeExplanation(
            row: row, standard: arms[0], switches: Array(arms.dropFirst()))
        explanation.settingName = { $0.flag }
        print(
            "\(ExplainCommand.title) · \(row) · \(processes) processes per setting · \(environment.cpu) · \(environment.cores) cores"
        )
        print(explanation.table)
        print("")
        print(TextWrap.fit(explanation.paragraph, width: Terminal.width))
        return .success
    }

    /// What one setting's processes gave.
    private enum Measured {
        case measured(row: String, ModeExplanation.Arm)
        case wrong([String])
    }

    /// Runs `processes` children of `run` under `setting` and takes each one's estimate.
    private func measure(
        _ setting: ModeSwitch, words: [String], environment: RunEnvironment,
        progress: (Int) -> Void
    ) throws -> Measured {
        let childWords = words + [RunSetting.processes.flag, "\(processes)"]
        guard case .command(var child) = try CommandParser.parse(RunCommand.self, childWords)
        else { throw UsageError("explain: the run's options ask for help") }
        // The switch's own settings, in place of the run's.
        if let actors = setting.actors { child.options.actors = [actors] }
        let plan = try RunPlan(
            options: child.options, catalog: Suite.catalog, cores: environment.cores,
            physicalMemory: environment.physicalMemory)
        // The one place explain starts children: `run`'s own pool, the setting's
        // environment added, on one core when the setting says so.
        func start() throws -> RunResult {
            try ProcessPool.run(
                plan: plan, environment: environment, executable: ProcessPool.currentExecutable,
                setting: setting.environment, progress: progress)
        }
        let result: RunResult
        if setting.oneCore {
            do {
                result = try OneCore.keeping(start)
            } catch let refusal as OneCore.Refusal {
                return .measured(
                    row: "",
                    ModeExplanation.Arm(
                        setting: setting, estimates: [], skipped: refusal.description))
            }
        } else {
            result = try start()
        }
        let wrong = result.configurations.flatMap(\.wrongVariants)
        guard wrong.isEmpty else { return .wrong(wrong) }
        guard let configuration = result.configurations.first,
            let variant = configuration.planned.variants.first(where: {
                $0.name != configuration.planned.entry.baseline.name && $0.role != .floor
            })
        else { throw UsageError("explain: the run measured no variant beside the baseline") }
        return .measured(
            row: "\(configuration.planned.entry.name).\(variant.name)",
            ModeExplanation.Arm(
                setting: setting, estimates: configuration.processCPURatios(of: variant.name)))
    }

    /// `words` without `flag` and its value (`--flag V` or `--flag=V`).
    static func without(_ flag: String, in words: [String]) -> [String] {
        var kept = [String]()
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            if word == flag {
                index += 2
                continue
            }
            if !word.hasPrefix(flag + "=") { kept.append(word) }
            index += 1
        }
        return kept
    }
}
