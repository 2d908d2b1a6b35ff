import Foundation
import SimBench

/// `simbench run`: measures the chosen scenarios, prints a comparison table and writes a CSV.
struct RunCommand {
    var options = RunOptions()
    var csvPath: String?
    var rawPath: String?
    var quiet = false
    var allowDebug = false
    /// `--save-baseline NAME`, `--append PATH`: see RunCommand+Tracking.swift.
    var baselineName: String?
    var historyPath: String?

    /// Without `--rounds` or `--max-time`, a variant stops after this much measured time
    /// (still at least 3 rounds), so that slow configurations do not stretch the suite.
    static let defaultMaxTimeSeconds = 1.0

    init(parsing words: some Collection<String>) throws(UsageError) {
        var arguments = Arguments(words)
        var roundsGiven = false
        defer {
            if !roundsGiven && options.maxTimeSeconds == nil {
                options.maxTimeSeconds = RunCommand.defaultMaxTimeSeconds
            }
        }
        while let flag = arguments.next() {
            switch flag {
            case "--machines":
                options.machines = try arguments.integer(for: flag, in: 1...Int(Int32.max))
            case "--events":
                options.eventsPerMachine = try arguments.integer(for: flag, in: 1...Int(Int32.max))
            case "--scenario", "--scenarios":
                options.scenarios = try arguments.list(
                    for: flag, expected: "a comma list of scenarios (see 'simbench list')")
            case "--variant", "--variants":
                options.variants = try arguments.list(
                    for: flag, expected: "a comma list of variants (see 'simbench list')")
            case "--rounds":
                options.rounds = try arguments.integer(for: flag, in: 1...RunPlan.roundLimit)
                roundsGiven = true
            case "--warmup":
                options.warmup = try arguments.integer(for: flag, in: 0...1000)
            case "--min-time":
                options.minTimeSeconds = try arguments.seconds(for: flag)
            case "--max-time":
                options.maxTimeSeconds = try arguments.seconds(for: flag)
            case "--seed":
                options.seed = try arguments.seed(for: flag)
            case "--actors":
                options.actors = try arguments.integer(for: flag, in: 1...4096)
            case "--param":
                let text = try arguments.value(for: flag, expected: "key=value or scenario.key=value")
                options.parameters.append(try ParameterAssignment(parsing: text))
            case "--csv":
                csvPath = try arguments.value(for: flag, expected: "a file path")
            case "--raw":
                rawPath = try arguments.value(for: flag, expected: "a file path")
            case "--save-baseline":
                let name = try arguments.value(for: flag, expected: "a baseline name such as ci")
                try BaselineStore.validate(name, flag: flag)
                baselineName = name
            case "--append":
                historyPath = try arguments.value(for: flag, expected: "a file path such as results/history.csv")
            case "--shard":
                options.shard = try ShardSelection(parsing: arguments.value(for: flag, expected: "I/N such as 2/4"))
            case "--quiet", "-q":
                try arguments.noValue(for: flag)
                quiet = true
            case "--allow-debug":
                try arguments.noValue(for: flag)
                allowDebug = true
            case "--help", "-h":
                throw UsageError("run: for help, use 'simbench help run'")
            default:
                throw UsageError("run: unknown flag '\(flag)'; see 'simbench help run'")
            }
        }
    }

    func execute() async throws -> ExitStatus {
        let environment = RunEnvironment.current()
        let plan = try RunPlan(
            options: options, catalog: Suite.catalog, cores: environment.cores,
            physicalMemory: environment.physicalMemory)
        let csv = csvPath ?? "results/simbench-\(environment.runID).csv"
        if csvPath != nil || FileManager.default.fileExists(atPath: "results") {
            try CSVFile.checkWritable(csv, flag: "--csv")
        }
        if let rawPath { try CSVFile.checkWritable(rawPath, flag: "--raw") }
        try checkTracking()
        if RunEnvironment.isDebugBuild {
            guard allowDebug else {
                throw UsageError(
                    "run: this is a debug build, whose timings mean nothing; build with 'swift run -c release simbench run …', or pass --allow-debug")
            }
            Terminal.warning(HelpText.debugBanner)
        }
        if csvPath == nil {
            do {
                try FileManager.default.createDirectory(
                    atPath: "results", withIntermediateDirectories: true)
            } catch {
                throw FileError(path: "results", reason: "cannot create the results directory")
            }
        }

        announceShard(plan)
        let progress = ProgressLine(enabled: !quiet && Terminal.standardErrorIsTerminal)
        let runner = BenchmarkRunner(plan: plan, environment: environment)
        let result = await runner.run { progress.show($0) }
        progress.finish()

        let rows = result.configurations.flatMap { $0.rows(environment: environment, seed: plan.seed) }
        print(ResultTable(result: result, plan: plan, rows: rows).render())

        let document = CSVFile.document(header: ResultRow.columns, rows: rows.map(\.cells))
        try CSVFile.writeAtomically(document, to: csv)
        if let rawPath {
            try CSVFile.writeAtomically(RawSamples.document(result), to: rawPath)
        }
        print("results: \(csv)")
        if let rawPath { print("raw samples: \(rawPath)") }
        try recordTracking(document: document, rows: rows, hasWrongOutcome: result.hasWrongOutcome)

        if result.hasWrongOutcome {
            let wrong = result.configurations.flatMap { configuration in
                configuration.wrongVariants.map { "\(configuration.planned.label).\($0)" }
            }
            Terminal.error(
                "wrong outcome: \(wrong.joined(separator: ", ")) computed something other than the baseline; no timing reported for it")
            return .wrongOutcome
        }
        return .success
    }
}
