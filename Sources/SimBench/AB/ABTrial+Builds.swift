import Foundation

/// `ABTrial`'s builds: the base checked out in its worktree, each side built in release (with
/// layouts: compiled once, relinked per pair), and the git and build tools it starts.
extension ABTrial {
    /// One side's build: what to call it, where its package is, its build folder (nil: the
    /// package's own `.build`), and its logs' path without the `-build.log` / `-link.log`
    /// ending.
    struct BuildSide {
        let label: String
        let directory: String
        let scratch: String?
        let log: String
    }

    /// Both sides built (with layouts: compiled once each, linked with the first pair's
    /// seeds), and what each later pair needs to relink them.
    struct Builds {
        let base: BuildSide
        let head: BuildSide
        let baseBinary: String
        let headBinary: String
        /// One (base, head) seed per pair; nil with layouts off.
        let seeds: [(base: UInt32, head: UInt32)]?
        /// The compile flags both sides were built with, repeated on every relink.
        let compile: [String]

        func binary(_ side: Side) -> String { side == .base ? baseBinary : headBinary }
    }

    /// What the base is called in what the trial says: `base (main, 1a2b3c4d)`.
    func baseLabel(_ revisions: Revisions) -> String {
        "base (\(settings.base), \(revisions.short))"
    }

    /// The base checked out in its own worktree under `directory` (made once, then reused);
    /// returns the worktree's path.
    func checkOutBase(_ revisions: Revisions) throws(Failure) -> String {
        let (root, commit, base) = (revisions.root, revisions.commit, settings.base)
        let workspace = "\(root)/\(Self.directory)"
        let worktree = "\(workspace)/base"
        do {
            try FileManager.default.createDirectory(
                atPath: workspace, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateWorkspace(workspace, reason: Self.reason(error))
        }
        if FileManager.default.fileExists(atPath: "\(worktree)/.git") {
            _ = try git(
                ["checkout", "-q", "--detach", "--force", commit], in: worktree,
                failure: "cannot check out \(base) in \(worktree)")
        } else {
            _ = try? git(["worktree", "prune"], in: root)
            _ = try git(
                ["worktree", "add", "-q", "--detach", "--force", worktree, commit], in: root,
                failure: "cannot add a worktree for \(base) in \(worktree)")
        }
        guard FileManager.default.fileExists(atPath: "\(worktree)/Package.swift") else {
            throw .baseHasNoPackage(label: baseLabel(revisions))
        }
        return worktree
    }

    func buildBoth(
        _ revisions: Revisions, worktree: String, progress: (Event) -> Void
    ) throws(Failure) -> Builds {
        // With layouts, each side is compiled once, in a build folder of its own (the
        // function-sections objects never mix with a plain build's), and linked with the
        // first pair's seed; each later pair only relinks. The base's is its checkout's own
        // folder of a run's layouts (`CodeLayouts.runBuildPath`), which a run spread over
        // layouts in the worktree compiles alike, and so only relinks.
        let workspace = "\(revisions.root)/\(Self.directory)"
        var generator = SystemRandomNumberGenerator()
        let seeds =
            settings.layouts == .on
            ? CodeLayouts.seeds(pairs: settings.pairs, using: &generator) : nil
        let compile = seeds == nil ? [] : CodeLayouts.buildArguments
        let base = BuildSide(
            label: baseLabel(revisions), directory: worktree,
            scratch: seeds == nil
                ? "\(workspace)/build" : "\(worktree)/\(CodeLayouts.runBuildPath)",
            log: "\(workspace)/base")
        let head = BuildSide(
            label: "head", directory: revisions.root,
            scratch: seeds == nil ? nil : "\(workspace)/head-layouts",
            log: "\(workspace)/head")
        let firstLink = seeds.map {
            (
                CodeLayouts.linkArguments(seed: $0[0].base),
                CodeLayouts.linkArguments(seed: $0[0].head)
            )
        }
        progress(.buildingBase(label: base.label, worktree: worktree, layouts: seeds != nil))
        let baseBinary = try build(
            base, arguments: compile + (firstLink?.0 ?? []), log: base.log + "-build.log")
        progress(.buildingHead(layoutsFolder: seeds == nil ? nil : head.scratch))
        let headBinary = try build(
            head, arguments: compile + (firstLink?.1 ?? []), log: head.log + "-build.log")
        return Builds(
            base: base, head: head, baseBinary: baseBinary, headBinary: headBinary, seeds: seeds,
            compile: compile)
    }

    /// Builds the tool (`product`) in release for `side` with `arguments` added, and
    /// returns its path.
    func build(_ side: BuildSide, arguments: [String], log: String) throws(Failure) -> String {
        try swiftBuild(side, arguments: arguments, log: log)
        let scratchArguments = side.scratch.map { ["--scratch-path", $0] } ?? []
        let bin = try tool(
            ["swift", "build", "-c", "release", "--show-bin-path"] + scratchArguments,
            in: side.directory)
        let path =
            String(decoding: bin.standardOutput, as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines) + "/" + Self.product
        guard bin.exitStatus == 0, FileManager.default.isExecutableFile(atPath: path) else {
            throw .noBuiltProduct(label: side.label, product: Self.product, path: path)
        }
        return path
    }

    /// `swift build -c release --product <product>` for `side` with `arguments` added, its
    /// output written to `log`; a failure ends the trial.
    func swiftBuild(_ side: BuildSide, arguments: [String], log: String) throws(Failure) {
        let scratchArguments = side.scratch.map { ["--scratch-path", $0] } ?? []
        let result = try tool(
            ["swift", "build", "-c", "release", "--product", Self.product] + scratchArguments
                + arguments,
            in: side.directory)
        let text = String(decoding: result.standardOutput + result.standardError, as: UTF8.self)
        _ = FileManager.default.createFile(atPath: log, contents: Data(text.utf8))
        guard result.exitStatus == 0 else {
            if text.contains("no product named '\(Self.product)'") {
                throw .noProduct(label: side.label, product: Self.product)
            }
            throw .buildFailed(
                label: side.label, status: result.exitStatus, log: log,
                linkerMentioned: settings.layouts == .on && text.contains("lld"))
        }
    }

    /// Relinks `side`'s tool with a new layout: the same build, with the link flag changed,
    /// so SwiftPM reruns the link step alone. A relink that compiled anything (a build
    /// folder shared with another build) is said, not refused: it is slower, not wrong.
    func relink(
        _ side: BuildSide, arguments: [String], progress: (Event) -> Void
    ) throws(Failure) {
        let log = side.log + "-link.log"
        try swiftBuild(side, arguments: arguments, log: log)
        if let text = try? String(contentsOfFile: log, encoding: .utf8),
            CodeLayouts.compiled(log: text)
        {
            progress(.relinkCompiled(label: side.label, log: log))
        }
    }

    /// `git ARGUMENTS` in `directory`: its output, trimmed; `Failure.git(failure, reason)`
    /// when it fails.
    func git(
        _ arguments: [String], in directory: String?, failure: String = ""
    ) throws(Failure) -> String {
        let result = try tool(["git"] + arguments, in: directory)
        guard result.exitStatus == 0 else {
            let reason =
                String(decoding: result.standardError, as: UTF8.self).split(separator: "\n").first
                .map(String.init) ?? ""
            throw .git(failure, reason: reason)
        }
        return String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// A tool found on PATH (posix_spawn takes a path, so through /usr/bin/env), run once
    /// more if it crashed (`CodeLayouts.survivingOneCrash`).
    func tool(_ words: [String], in directory: String?) throws(Failure) -> ChildProcess.Result {
        do {
            return try CodeLayouts.survivingOneCrash {
                try ChildProcess.run(
                    "/usr/bin/env", arguments: words, environment: Self.childEnvironment,
                    directory: directory)
            }
        } catch {
            throw .cannotStart("\(error)")
        }
    }

    /// The environment of every process the trial starts: this one's, without the variable
    /// that would make a process a child of this one's run.
    static var childEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment[ChildRole.requestVariable] = nil
        return environment
    }
}
