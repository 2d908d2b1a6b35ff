import Foundation

/// `run --processes K`: the same run in K child processes, one after another, their samples
/// pooled.
///
/// Each child is this very binary, started with the parent's arguments and, in the
/// environment, where to write what it measured (`ProcessPool.childResultVariable`). It
/// plans the same configurations from the same seed, warms up, measures its rounds and
/// writes its samples, outcome verdicts and setup as JSON; it prints and writes nothing
/// else. The parent reads them back and tags every sample with its child's index, so that
/// the intervals resample processes before rounds (`ProcessGroups`).
public enum ProcessPool {
    /// Set in a child's environment: the path the child writes its `ChildResult` to.
    public static let childResultVariable = "SIMBENCH_CHILD_RESULT"

    /// The path this process must write its result to, when it is a child.
    public static var childResultPath: String? {
        ProcessInfo.processInfo.environment[childResultVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// This binary, to start as a child: `/proc/self/exe`, which survives a relative
    /// `argv[0]` and a changed working directory.
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }

    /// What a child measured, as it travels to the parent.
    public struct ChildResult: Codable, Sendable {
        var configurations: [MeasuredConfiguration]
        var notes: [String]
    }

    /// The JSON a child writes for `result`.
    public static func childDocument(_ result: RunResult) throws -> Data {
        let child = ChildResult(
            configurations: result.configurations.map(\.measured), notes: result.notes)
        return try JSONEncoder().encode(child)
    }

    /// Why a child failed: its exit status or what it left.
    public struct ChildFailure: Error, CustomStringConvertible {
        public let process: Int
        public let reason: String
        public var description: String { "child process \(process + 1): \(reason)" }
    }

    /// Runs `plan` in `plan.processes` children of `executable`, started with `arguments`,
    /// one after another, and pools what they measured.
    ///
    /// - Parameters:
    ///   - layouts: with `run --layouts N`, the N relinked builds of this binary: child `i`
    ///     runs `layouts[i % N]`, and the pooled result records which layout each process
    ///     ran (`ProcessGroups`); empty: every child runs `executable`.
    ///   - progress: hears of each child as it starts (counted from 1).
    public static func run(
        plan: RunPlan, environment: RunEnvironment, executable: String, arguments: [String],
        layouts: [String] = [], progress: (Int) -> Void = { _ in }
    ) throws(ChildFailure) -> RunResult {
        let prefix = FileManager.default.temporaryDirectory
            .appendingPathComponent("simbench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            .path

        var children = [ChildResult]()
        for index in 0..<plan.processes {
            progress(index + 1)
            // One temporary file per child, removed once read; remembered before the child
            // starts, so that SIGINT or SIGTERM removes it too (`Interruption`).
            let output = URL(fileURLWithPath: "\(prefix)-child-\(index).json")
            let slot = Interruption.remember(temporary: output.path)
            defer {
                unlink(output.path)
                Interruption.forget(slot)
            }
            var variables = ProcessInfo.processInfo.environment
            variables[childResultVariable] = output.path
            let ended: ChildProcess.Result
            do {
                let running = try ChildProcess.start(
                    layouts.isEmpty ? executable : layouts[index % layouts.count],
                    arguments: arguments, environment: variables,
                    standardOutput: .discard, standardError: .inherit)
                // An interrupted parent kills its child: none measures on alone.
                Interruption.child(running.pid)
                ended = running.wait()
                Interruption.child(0)
            } catch {
                throw ChildFailure(process: index, reason: error.description)
            }
            // A wrong outcome (3) is measured and reported like in one process.
            guard let status = ended.exitStatus, status == 0 || status == 3 else {
                let how =
                    ended.exitStatus.map { "exit status \($0)" } ?? "signal \(ended.signal ?? 0)"
                throw ChildFailure(process: index, reason: "ended with \(how)")
            }
            do {
                children.append(
                    try JSONDecoder().decode(ChildResult.self, from: Data(contentsOf: output)))
            } catch {
                throw ChildFailure(process: index, reason: "left no readable result: \(error)")
            }
        }
        return try pool(
            children, plan: plan, environment: environment,
            layoutOfProcess: layouts.count > 1
                ? (0..<plan.processes).map { $0 % layouts.count } : nil)
    }

    /// The children's results as one, every sample tagged with its child's index.
    static func pool(
        _ children: [ChildResult], plan: RunPlan, environment: RunEnvironment,
        layoutOfProcess: [Int]? = nil
    ) throws(ChildFailure) -> RunResult {
        // The child that fell short first: the one with the fewest configurations.
        if let short = children.indices.min(by: {
            children[$0].configurations.count < children[$1].configurations.count
        }), children[short].configurations.count < plan.configurations.count {
            throw ChildFailure(process: short, reason: "measured fewer configurations than planned")
        }
        let measured = plan.configurations.indices.map { index in
            var pooled = MeasuredConfiguration.pooled(children.map { $0.configurations[index] })
            pooled.layoutOfProcess = layoutOfProcess
            return pooled
        }
        return RunResult(
            plan: plan, measured: measured, environment: environment,
            notes: children.first?.notes ?? [])
    }
}
