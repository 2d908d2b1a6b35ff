import Foundation

/// Allocations counted apart from timing: an untimed child with the allocation counter
/// preloaded.
///
/// An allocator interposer costs every allocation and free a few nanoseconds, which made
/// every allocating pattern look 7–14% dearer than in a user's app. So the process that times
/// runs glibc's allocator untouched, and after its rounds the harness starts this very binary
/// again as a child (`ChildRole`, asked for `ChildRequest.Task.allocationPass`), with
/// `libsimbench-allocations.so` in `LD_PRELOAD`. The child plans the same configurations
/// from the same inputs and runs the same harness code with counting on: every
/// configuration set up as in the timed run, each variant's peak bytes per entity, then
/// `warmupRounds` and `countedRounds` rounds of every variant, their allocator calls read as
/// the timed process read them before. It times nothing that is reported and prints nothing.
///
/// The parent then gives each timed sample its variant's median count, and each variant its
/// bytes per entity: the allocation columns mean what they meant when they were counted in
/// the timed rounds, for every scenario, a run in several processes and the asynchronous variants.
public enum AllocationPass {
    /// The file name of the counter library, built by the AllocationLibrary plugin.
    public static let libraryName = Platform.sharedLibrary("simbench-allocations")

    /// Set by a user to use another copy of the counter library.
    public static let libraryVariable = "SIMBENCH_ALLOCATION_LIBRARY"

    /// Warm-up rounds before counting: first runs fill caches that later runs reuse.
    public static let warmupRounds = 1

    /// Rounds counted per variant; their median is the variant's count.
    public static let countedRounds = 3

    /// What one configuration's variants allocated.
    public struct ConfigurationCounts: Codable, Sendable, Equatable {
        /// Allocator calls per counted round, by variant.
        public var allocations: [String: [UInt64]]
        /// Peak heap bytes per entity, by variant.
        public var bytesPerEntity: [String: Double]
    }

    /// What the child counted, in plan order (matched to the plan by configuration
    /// identity).
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

    /// Runs the allocation pass of `plan` in a child of `executable`, and returns what it
    /// counted.
    public static func count(plan: RunPlan, executable: String) -> Result<Counts, Failure> {
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
        let preload = [library, ProcessInfo.processInfo.environment[Platform.preloadVariable]]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ":")
        do {
            let report: ChildReport<ConfigurationCounts> = try ChildRole.run(
                .allocationPass, of: plan, command: [executable],
                variables: [Platform.preloadVariable: preload],
                scratch: ChildRole.scratchPrefix("allocations"),
                standardError: .capture)
            return .success(Counts(configurations: try report.parts(for: plan)))
        } catch {
            return .failure(Failure(reason: "the counting child \(error.reason)"))
        }
    }

    /// In the child: counts `plan`'s allocations, by configuration in the plan's order.
    static func countChild(
        _ plan: RunPlan, environment: RunEnvironment
    ) async -> [ConfigurationCounts] {
        let result = await BenchmarkRunner(plan: plan.countingPass(), environment: environment)
            .run()
        return result.configurations.map { configuration in
            ConfigurationCounts(
                allocations: configuration.samples.mapValues { $0.compactMap(\.allocations) },
                bytesPerEntity: configuration.setup.bytesPerEntity)
        }
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
        var result = self
        result.configurations = zip(configurations, counts.configurations).map { $0.counting($1) }
        return result
    }

    /// The timed results with a note saying why allocations were not counted.
    public func noting(_ failure: AllocationPass.Failure) -> RunResult {
        noting(failure.description)
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
