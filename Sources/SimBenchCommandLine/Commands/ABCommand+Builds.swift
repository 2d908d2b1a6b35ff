import Foundation
import SimBench

/// `ab`'s builds and children: each side built in release (with layouts, relinked per pair),
/// each side's `run` as a child, and the git and tool processes it starts.
extension ABCommand {
    /// One side's build: where its package is, its build folder (nil: the package's own
    /// `.build`), and its logs' path without the `-build.log` / `-link.log` ending.
    struct BuildSide {
        let label: String
        let directory: String
        let scratch: String?
        let log: String
    }

    /// Builds the tool (`product`) in release for `side` with `arguments` added, and returns its path.
    func build(_ buildSide: BuildSide, arguments: [String], log: String) throws -> String {
        try swiftBuild(buildSide, arguments: arguments, log: log)
        let side = buildSide.label
        let scratchArguments = buildSide.scratch.map { ["--scratch-path", $0] } ?? []
        let directory = buildSide.directory
        let bin = try tool(
            ["swift", "build", "-c", "release", "--show-bin-path"] + scratchArguments, in: directory
        )
        let path =
            String(decoding: bin.standardOutput, as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines) + "/" + ABCommand.product
        guard bin.exitStatus == 0, FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(
                message: "the \(side) has no \(ABCommand.product): the build made no \(path)",
                status: .failure)
        }
        return path
    }

    /// `swift build -c release --product <product>` for `side` with `arguments` added, its
    /// output written to `log`; a failure ends `ab`.
    func swiftBuild(_ buildSide: BuildSide, arguments: [String], log: String) throws {
        let side = buildSide.label
        let scratchArguments = buildSide.scratch.map { ["--scratch-path", $0] } ?? []
        let result = try tool(
            ["swift", "build", "-c", "release", "--product", ABCommand.product] + scratchArguments
                + arguments,
            in: buildSide.directory)
        let text = String(decoding: result.standardOutput + result.standardError, as: UTF8.self)
        _ = FileManager.default.createFile(atPath: log, contents: Data(text.utf8))
        guard result.exitStatus == 0 else {
            if text.contains("no product named '\(ABCommand.product)'") {
                throw Failure(
                    message:
                        "the \(side) has no \(ABCommand.product): its package has no '\(ABCommand.product)' product; nothing was run",
                    status: .failure)
            }
            let hint =
                layouts == .on && text.contains("lld")
                ? " (--layouts off links with the default linker)" : ""
            throw Failure(
                message:
                    "building the \(side) failed (swift build status \(result.exitStatus.map(String.init) ?? "killed")); log: \(log)\(hint)",
                status: .failure)
        }
    }

    /// Relinks `side`'s simbench with a new layout: the same build, with the link flag
    /// changed, so SwiftPM reruns the link step alone. A relink that compiled anything
    /// (a build folder shared with another build) is said, not refused: it is slower, not
    /// wrong.
    func relink(_ side: BuildSide, arguments: [String]) throws {
        let log = side.log + "-link.log"
        try swiftBuild(side, arguments: arguments, log: log)
        if let text = try? String(contentsOfFile: log, encoding: .utf8),
            CodeLayouts.compiled(log: text)
        {
            progress(
                "the \(side.label)'s relink compiled sources again, not only linked: see \(log)")
        }
    }

    /// One side's `run` of a pair: its binary, its arguments, what to call it, its CSV.
    struct SideRun {
        let binary: String
        let arguments: [String]
        let side: String
        let csv: String
    }

    /// Runs one child; a wrong outcome or any failure ends `ab`.
    func runChild(_ run: SideRun) throws {
        var environment = ProcessInfo.processInfo.environment
        environment[ChildRole.requestVariable] = nil
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(
                run.binary, arguments: run.arguments, environment: environment,
                standardOutput: .discard)
        } catch {
            throw Failure(message: "\(error)", status: .failure)
        }
        try check(result, of: run)
    }

    /// Whether both builds' `run` takes turns on the machine (`MachineTurns`): their
    /// `run --help` names its variable. A base older than that would measure beside the
    /// other side, so then the sides run one after another.
    func takeTurns(_ binaries: [String]) -> Bool {
        binaries.allSatisfy { binary in
            var environment = ProcessInfo.processInfo.environment
            environment[ChildRole.requestVariable] = nil
            let help = try? ChildProcess.run(
                binary, arguments: ["run", "--help"], environment: environment, timeout: 60)
            return help?.exitStatus == 0
                && String(decoding: help!.standardOutput, as: UTF8.self).contains(
                    MachineTurns.variable)
        }
    }

    /// Runs a pair's two sides at once, taking turns on the machine through the file
    /// `turns`: the first started, and holding the machine, before the second starts, so
    /// that the pair's order says which measures first; each measures while the other's span
    /// waits, never beside it. A wrong outcome or any failure ends `ab`, after both ended.
    func runTakingTurns(_ runs: [SideRun], turns: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment[ChildRole.requestVariable] = nil
        environment[MachineTurns.variable] = turns
        var started = [(run: SideRun, child: ChildProcess.Running, errors: String)]()
        defer {
            for (_, _, errors) in started { try? FileManager.default.removeItem(atPath: errors) }
        }
        for (index, run) in runs.enumerated() {
            // Its errors to a file of its own: a pipe left unread while the other side is
            // waited for could fill and stall it.
            let errors = FileManager.default.temporaryDirectory.appendingPathComponent(
                "simbench-ab-\(getpid())-side-\(index + 1).stderr"
            ).path
            guard FileManager.default.createFile(atPath: errors, contents: nil) else {
                throw Failure(message: "cannot write \(errors)", status: .failure)
            }
            do {
                let child = try ChildProcess.start(
                    run.binary, arguments: run.arguments, environment: environment,
                    standardOutput: .discard, standardError: .file(errors))
                started.append((run, child, errors))
            } catch {
                try? FileManager.default.removeItem(atPath: errors)
                for (_, child, _) in started { _ = child.wait(timeout: 0) }
                throw Failure(message: "\(error)", status: .failure)
            }
            if index == 0 { waitUntilHeld(turns) }
        }
        // In order: when the first fails, the second is stopped (SIGTERM: it ends its
        // children and leaves no file) before it measures more, as one after the other would
        // not have started it.
        for (index, (run, child, errors)) in started.enumerated() {
            var result = child.wait()
            result.standardError = Array(FileManager.default.contents(atPath: errors) ?? Data())
            do {
                try check(result, of: run)
            } catch {
                for (_, later, _) in started[(index + 1)...] {
                    kill(later.pid, SIGTERM)
                    _ = later.wait(timeout: 60)
                }
                throw error
            }
        }
    }

    /// Waits until a run holds the machine through `turns` (the first side, which takes it
    /// before it measures), for at most 10 s: a side that fails before it takes it is told
    /// by its exit status, once both have ended.
    private func waitUntilHeld(_ turns: String) {
        let descriptor = open(turns, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return }
            _ = flock(descriptor, LOCK_UN)
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// A side's ended `run`: a wrong outcome or any failure ends `ab`.
    private func check(_ result: ChildProcess.Result, of run: SideRun) throws {
        let (arguments, side, csv) = (run.arguments, run.side, run.csv)
        let status = result.exitStatus
        if status == ExitStatus.wrongOutcome.rawValue {
            let wrong = ((try? ResultsFile.read(csv))?.records ?? []).filter { !$0.isOK }
                .map { "\($0[.scenario]) \($0[.variant]) (\($0[.status]))" }
            throw Failure(
                message:
                    "the \(side) computes a wrong outcome: \(wrong.isEmpty ? "see \(csv)" : wrong.joined(separator: ", ")); nothing more was run",
                status: .wrongOutcome)
        }
        guard status == 0 else {
            let last =
                String(decoding: result.standardError, as: UTF8.self).split(separator: "\n").last
                .map(String.init) ?? ""
            throw Failure(
                message:
                    "the \(side)'s '\(Suite.toolName) \(arguments.joined(separator: " "))' failed (status \(status.map(String.init) ?? "killed by a signal")): \(last)",
                status: .failure)
        }
    }

    /// `git ARGUMENTS` in `directory`: its output, trimmed; `failure` (with git's message)
    /// when it fails.
    func git(_ arguments: [String], in directory: String?, failure: String) throws -> String {
        let result = try tool(["git"] + arguments, in: directory)
        guard result.exitStatus == 0 else {
            let reason =
                String(decoding: result.standardError, as: UTF8.self).split(separator: "\n").first
                .map(String.init) ?? ""
            throw Failure(message: "\(failure): \(reason)", status: .failure)
        }
        return String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// A tool found on PATH (posix_spawn takes a path, so through /usr/bin/env), run once more
    /// if it crashed (`CodeLayouts.survivingOneCrash`).
    func tool(_ words: [String], in directory: String?) throws -> ChildProcess.Result {
        do {
            var environment = ProcessInfo.processInfo.environment
            environment[ChildRole.requestVariable] = nil
            return try CodeLayouts.survivingOneCrash {
                try ChildProcess.run(
                    "/usr/bin/env", arguments: words, environment: environment,
                    directory: directory)
            }
        } catch {
            throw Failure(message: "\(error)", status: .failure)
        }
    }
}
