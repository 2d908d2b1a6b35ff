import Foundation

/// Allocations counted apart from timing: an untimed child with the allocation counter
/// preloaded.
///
/// An allocator interposer costs every allocation and free a few nanoseconds, which made
/// every allocating pattern look 7–14% dearer than in a user's app. So the process that times
/// runs glibc's allocator untouched, and after its rounds the harness starts this very binary
/// again, with the same arguments, `libsimbench-allocations.so` in `LD_PRELOAD` and, in the
/// environment, where to write what it counted (`resultVariable`). The child plans the same
/// configurations from the same seed and runs the same harness code with counting on: every
/// configuration set up as in the timed run, each variant's peak bytes per entity, then
/// `warmupRounds` and `countedRounds` rounds of every variant, their allocator calls read as
/// the timed process read them before. It times nothing that is reported and prints nothing.
///
/// The parent then gives each timed sample its variant's median count, and each variant its
/// bytes per entity: the allocation columns mean what they meant when they were counted in
/// the timed rounds, for every scenario, `--processes K` and the asynchronous variants.
public enum AllocationPass {
    /// Set in the child's environment: the path it writes its `Counts` to.
    public static let resultVariable = "SIMBENCH_ALLOCATION_PASS"

    /// The file name of the counter library, built by the AllocationLibrary plugin.
    public static let libraryName = "libsimbench-allocations.so"

    /// Set by a user to use another copy of the counter library.
    public static let libraryVariable = "SIMBENCH_ALLOCATION_LIBRARY"

    /// Warm-up rounds before counting: first runs fill caches that later runs reuse.
    public static let warmupRounds = 1

    /// Rounds counted per variant; their median is the variant's count.
    public static let countedRounds = 3

    /// The path this process must write its counts to, when it is the allocation pass.
    public static var childResultPath: String? {
        ProcessInfo.processInfo.environment[resultVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// What one configuration's variants allocated.
    public struct ConfigurationCounts: Codable, Sendable, Equatable {
        /// Allocator calls per counted round, by variant.
        public var allocations: [String: [UInt64]]
        /// Peak heap bytes per entity, by variant.
        public var bytesPerEntity: [String: Double]
    }

    /// What the child counted, in plan order.
    public struct Counts: Codable, Sendable, Equatable {
        public var configurations: [ConfigurationCounts]
    }

    /// Why allocations were not counted.
    public struct Failure: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { "allocations not counted: \(reason)" }
    }

    /// The counter library beside `executable`: in the resource bundle SwiftPM puts next to
    /// it (`<package>_SimBench.resources`), or where `SIMBENCH_ALLOCATION_LIBRARY` says.
    public static func library(besides executable: String) -> String? {
        if let given = ProcessInfo.processInfo.environment[libraryVariable], !given.isEmpty {
            return FileManager.default.isReadableFile(atPath: given) ? given : nil
        }
        let directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let bundles =
            (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
            .filter { $0.hasSuffix("_SimBench.resources") }.sorted() ?? []
        return bundles.lazy
            .map { directory.appendingPathComponent($0).appendingPathComponent(libraryName).path }
            .first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// Runs the allocation pass of `plan` in a child of `executable` started with
    /// `arguments` (the same that planned it), and returns what it counted.
    public static func count(
        plan: RunPlan, executable: String, arguments: [String]
    ) -> Result<Counts, Failure> {
        if let reason = AllocationCounter.unavailableReason {
            return .failure(Failure(reason: reason))
        }
        guard let library = library(besides: executable) else {
            return .failure(
                Failure(
                    reason:
                        "\(libraryName) not found beside \(executable) (set \(libraryVariable) to its path)"
                ))
        }
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "simbench-\(getpid())-allocations-\(UInt32.random(in: 0...UInt32.max)).json")
        let slot = Interruption.remember(temporary: output.path)
        defer {
            unlink(output.path)
            Interruption.forget(slot)
        }
        var variables = ProcessInfo.processInfo.environment
        variables[ProcessPool.childResultVariable] = nil
        variables[resultVariable] = output.path
        variables["LD_PRELOAD"] = [library, variables["LD_PRELOAD"]].compactMap { $0 }
            .filter { !$0.isEmpty }.joined(separator: ":")
        let ended: ChildProcess.Result
        do {
            ended = try ChildProcess.run(
                executable, arguments: arguments, environment: variables, standardOutput: .discard,
                standardError: .capture, tie: .lifeline(removing: [output.path]))
        } catch {
            return .failure(Failure(reason: error.description))
        }
        // A wrong outcome (3) is counted like a right one; the timed run reports it.
        guard let status = ended.exitStatus, status == 0 || status == 3 else {
            let how = ended.exitStatus.map { "exit status \($0)" } ?? "signal \(ended.signal ?? 0)"
            let said =
                String(decoding: ended.standardError, as: UTF8.self)
                .split(separator: "\n").last.map { ": \($0)" } ?? ""
            return .failure(Failure(reason: "the counting child ended with \(how)\(said)"))
        }
        let counts: Counts
        do {
            counts = try JSONDecoder().decode(Counts.self, from: Data(contentsOf: output))
        } catch {
            return .failure(Failure(reason: "the counting child left no readable result: \(error)"))
        }
        guard counts.configurations.count == plan.configurations.count else {
            return .failure(
                Failure(
                    reason:
                        "the counting child counted \(counts.configurations.count) configurations of \(plan.configurations.count)"
                ))
        }
        return .success(counts)
    }

    /// In the child: counts `plan`'s allocations and writes them to `path`. Exits with
    /// `ExitStatus.failure` when the counter did not take (the parent then says so).
    public static func runAsChild(
        plan: RunPlan, environment: RunEnvironment, writingTo path: String
    ) async throws -> ExitStatus {
        guard AllocationCounter.isActive else {
            FileHandle.standardError.write(
                Data("simbench: the allocation counter is not in effect in this process\n".utf8))
            return .failure
        }
        let result = await BenchmarkRunner(plan: plan.countingPass(), environment: environment)
            .run()
        let counts = Counts(
            configurations: result.configurations.map { configuration in
                ConfigurationCounts(
                    allocations: configuration.samples.mapValues { $0.compactMap(\.allocations) },
                    bytesPerEntity: configuration.setup.bytesPerEntity)
            })
        try JSONEncoder().encode(counts).write(to: URL(fileURLWithPath: path))
        return .success
    }
}

extension RunPlan {
    /// The same configurations, measured as the allocation pass counts them: a fixed
    /// `AllocationPass.warmupRounds` and `countedRounds`, no time limits, in this process.
    func countingPass() -> RunPlan {
        var plan = self
        plan.rounds = AllocationPass.countedRounds
        plan.warmup = AllocationPass.warmupRounds
        plan.minTimeSeconds = nil
        plan.maxTimeSeconds = nil
        plan.processes = 1
        plan.isAllocationPass = true
        return plan
    }
}

extension RunResult {
    /// The timed results with the allocation pass's counts: each sample gets its variant's
    /// median count, each variant its bytes per entity.
    public func counting(_ counts: AllocationPass.Counts) -> RunResult {
        RunResult(
            environment: environment,
            configurations: zip(configurations, counts.configurations).map { $0.counting($1) },
            notes: notes)
    }

    /// The timed results with a note saying why allocations were not counted.
    public func noting(_ failure: AllocationPass.Failure) -> RunResult {
        RunResult(
            environment: environment, configurations: configurations,
            notes: notes + [failure.description])
    }
}

extension ConfigurationResult {
    func counting(_ counts: AllocationPass.ConfigurationCounts) -> ConfigurationResult {
        var counted = self
        counted.setup.bytesPerEntity = counts.bytesPerEntity
        for (variant, rounds) in counts.allocations where !rounds.isEmpty {
            let sorted = rounds.sorted()
            let median = sorted[(sorted.count - 1) / 2]
            counted.samples[variant] = counted.samples[variant]?.map { sample in
                var sample = sample
                sample.allocations = median
                return sample
            }
        }
        return counted
    }
}
