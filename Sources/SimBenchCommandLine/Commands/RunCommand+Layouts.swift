import Foundation
import SimBench
import SimBenchCore

/// `run --layouts N`: the run's processes spread over N code layouts of this package.
///
/// A process of one binary runs one code layout, which moves a tight loop's speed the same way
/// in every process, so intervals over processes cannot hold a run of another build. As
/// `ab --layouts on` does, the package is compiled once with every function in a section of
/// its own and linked by the toolchain's ld.lld, then relinked N times with
/// `--shuffle-sections` and a seed drawn from `--seed` (recorded in the run's notes); child
/// `i` runs layout `i mod N`, and the intervals are Student's t over the layouts' means
/// (`IntervalScope`).
extension RunCommand {
    /// Everything `--layouts N` needs, checked before any work: processes to spread, the
    /// package's checkout here (to relink), and ld.lld beside swift.
    func checkLayouts(_ plan: RunPlan) throws {
        guard options.layouts > 1 else { return }
        guard options.processes >= options.layouts else {
            throw UsageError(
                "run: --layouts \(options.layouts) needs at least as many processes to spread over them (--processes \(options.processes)); give --processes \(max(options.layouts, RunOptions.Sampling.processes)) or more"
            )
        }
        guard FileManager.default.fileExists(atPath: "Package.swift") else {
            throw UsageError(
                "run: --layouts relinks this package and needs its checkout: run it from the folder of Package.swift (none in \(FileManager.default.currentDirectoryPath)), or drop --layouts"
            )
        }
        guard RunCommand.linkerFound() else {
            throw UsageError(
                "run: --layouts needs ld.lld (it shuffles the functions), found neither beside swift nor on PATH; drop --layouts"
            )
        }
    }

    /// Whether ld.lld is beside the toolchain's swift or on PATH.
    static func linkerFound() -> Bool {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for directory in paths {
            let swift = "\(directory)/swift"
            guard FileManager.default.isExecutableFile(atPath: swift) else { continue }
            let resolved = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
            let beside = resolved.deletingLastPathComponent().appendingPathComponent("ld.lld").path
            if FileManager.default.isExecutableFile(atPath: beside) { return true }
        }
        return paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/ld.lld") }
    }

    /// One link seed per layout, drawn from the run's seed: the same `--seed` relinks the same
    /// layouts.
    static func layoutSeeds(count: Int, seed: UInt64) -> [UInt32] {
        var random = SplitMix64(seed: seed)
        return CodeLayouts.seeds(pairs: (count + 1) / 2, using: &random)
            .flatMap { [$0.base, $0.head] }.prefix(count).map { $0 }
    }

    /// The layouts a run's processes spread over, relinked into a temporary folder removed
    /// after the run; none without `--layouts`.
    struct BuiltLayouts {
        /// Where each layout's binary goes, in seed order.
        let binaries: [String]
        let directory: String?
        var seeds: [UInt32] = []
        /// The binary each relink writes, in the layouts' build folder.
        var built = ""

        /// The note naming the layouts, so that the same ones can be measured again: `--wide`'s
        /// header says it (the compact header's intervals line says how many layouts, and the
        /// line on stderr as they are built names their seeds).
        var note: String? {
            seeds.isEmpty
                ? nil
                : "the processes ran \(seeds.count) code layouts (\(CodeLayouts.summary(seeds)), from --layout-seed or --seed), process i on layout i mod \(seeds.count)"
        }

        /// Makes layout `index`: relinks the package with its seed (the first call compiles
        /// it too, once) and copies the binary to `binaries[index]`.
        func make(_ index: Int) throws {
            let product = ABTrial.product
            let words =
                [
                    "swift", "build", "-c", "release", "--product", product, "--scratch-path",
                    CodeLayouts.runBuildPath,
                ]
                + CodeLayouts.buildArguments + CodeLayouts.linkArguments(seed: seeds[index])
            try RunCommand.tool(words, failure: "building code layout \(seeds[index])")
            let copy = binaries[index]
            try? FileManager.default.removeItem(atPath: copy)
            do {
                try FileManager.default.copyItem(atPath: built, toPath: copy)
            } catch {
                throw FileError(
                    path: copy, reason: "cannot copy code layout \(seeds[index]): \(error)")
            }
        }

        func remove() {
            if let directory { try? FileManager.default.removeItem(atPath: directory) }
        }
    }

    /// With `--layouts N`, the N layouts, the first built (progress says so, and stderr names
    /// their seeds); each other one is relinked by the process pool as the processes wait
    /// between them (`ProcessPool.run`'s `makeLayout`). Without, none.
    func prepareLayouts(_ plan: RunPlan) throws -> BuiltLayouts {
        guard options.layouts > 1 else { return BuiltLayouts(binaries: [], directory: nil) }
        let seeds = RunCommand.layoutSeeds(
            count: options.layouts, seed: options.layoutSeed ?? plan.seed)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("simbench-layouts-\(getpid())").path
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        if !quiet {
            Terminal.error(
                "run: building \(seeds.count) code layouts in \(CodeLayouts.runBuildPath) (\(CodeLayouts.summary(seeds))), each after the first relinked while the processes wait between them"
            )
        }
        let product = ABTrial.product
        var layouts = BuiltLayouts(
            binaries: seeds.map { "\(directory)/\(product)-layout-\($0)" },
            directory: directory, seeds: seeds)
        do {
            let bin = try RunCommand.tool(
                [
                    "swift", "build", "-c", "release", "--scratch-path",
                    CodeLayouts.runBuildPath, "--show-bin-path",
                ], failure: "finding the layouts' build folder")
            layouts.built = bin.trimmingCharacters(in: .whitespacesAndNewlines) + "/" + product
            try layouts.make(0)
            return layouts
        } catch {
            layouts.remove()
            throw error
        }
    }

    /// Runs a tool to its end; its standard output, or a failure naming `failure`.
    @discardableResult
    static func tool(_ words: [String], failure: String) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment[ChildRole.requestVariable] = nil
        let result: ChildProcess.Result
        do {
            result = try CodeLayouts.survivingOneCrash {
                try ChildProcess.run("/usr/bin/env", arguments: words, environment: environment)
            }
        } catch {
            throw LayoutBuildFailure(description: "run: \(failure): \(error)")
        }
        guard result.exitStatus == 0 else {
            // The tool's error is on standard error; its progress, on standard output, would
            // hide it ("Building for production...").
            let lines = { (bytes: [UInt8]) in
                String(decoding: bytes, as: UTF8.self).split(separator: "\n")
                    .filter { !$0.allSatisfy(\.isWhitespace) }
            }
            let last =
                (lines(result.standardError).last ?? lines(result.standardOutput).last)
                .map(String.init) ?? ""
            throw LayoutBuildFailure(description: "run: \(failure) failed: \(last)")
        }
        return String(decoding: result.standardOutput, as: UTF8.self)
    }
}

/// A code layout that could not be built: nothing was measured (exit status 1).
struct LayoutBuildFailure: Error, CustomStringConvertible {
    let description: String
}
