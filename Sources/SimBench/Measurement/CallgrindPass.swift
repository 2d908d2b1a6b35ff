import Foundation

/// Instructions counted by Callgrind (`InstructionSource.callgrind`): each synchronous variant's instructions per event and
/// estimated cycles per event, counted under Valgrind's Callgrind in a pass of its own
/// after the timed rounds.
///
/// Counts do not drift with the machine's load, frequency or neighbours: the same binary
/// and inputs give the same count on every run, so committed baselines and main's history
/// can be judged on them where timings move by 10–20% with the host.
///
/// How the pass runs:
/// - A child process, this very binary, asked for `ChildRequest.Task.countedPass`
///   (`ChildRole`). Its `main` serves the request before any concurrency starts and counts
///   synchronously (`countChild`): Valgrind crashes on the concurrency runtime's main loop.
/// - On a copy of the binary without debug info (`strip -g`, or `llvm-objcopy
///   --strip-debug`): Valgrind 3.19 cannot read Swift 6.3's DWARF 5. The symbol table
///   stays, so Callgrind finds `simbench_counted_region` by name.
/// - With `SWIFT_DETERMINISTIC_HASHING=1`, so that sets and dictionaries iterate the same
///   way in every run.
/// - Callgrind counts only inside `simbench_counted_region` (`--collect-atstart=no
///   --toggle-collect`), and dumps after each call (`--dump-after`): two dumps per variant
///   (`dumpsPerVariant`), its first run's, left unread, and its counted run's, holding that
///   run and nothing else. The cache simulation is the host's first-level data cache and
///   last level (`CacheGeometry`, from the host's identity), so that the data-cache misses it
///   counts are this host's; `cache_geometry` records it, and compare judges estimated
///   cycles only between rows of one geometry.
public enum CallgrindPass {
    /// About how many events each variant's counted run covers: the first machines of the
    /// fleet, as many as these events need (at least one). Callgrind runs some 50–100×
    /// slower than native code, so the pass takes seconds whatever the fleet's size, and
    /// counts at 1,000 machines and at 100,000 are the same figure. (At 20,000 events the
    /// heaviest scenario, validation with its regex matchers at about 8,000 instructions an
    /// event, took 104 s under Callgrind on a loaded 2-core VM; at 5,000, about a quarter.)
    public static let eventBudget = 5_000

    /// The Callgrind options of the pass simulating `geometry`, before the output file's.
    static func callgrindOptions(_ geometry: CacheGeometry) -> [String] {
        [
            // No gdbserver: its FIFOs in the temporary directory outlive a killed valgrind.
            "--tool=callgrind", "--vgdb=no", "--collect-atstart=no",
            "--toggle-collect=\(regionName)", "--dump-after=\(regionName)", "--cache-sim=yes",
        ] + geometry.options
    }

    /// The variables of this process's environment the counted child gets (with its own:
    /// the request, the lifeline, deterministic hashing): what finds its programs and
    /// libraries, and nothing that changes with where or how `run` was typed (`PWD`,
    /// `OLDPWD`, the shell's `_`), whose lengths moved counts by up to 0.006%.
    static let inheritedVariables: Set<String> = [
        "PATH", "LD_LIBRARY_PATH", "HOME", "TMPDIR", "LANG", "LC_ALL",
    ]

    /// The C function Callgrind counts inside (CountedRegion.c).
    public static let regionName = "simbench_counted_region"

    /// One line for a machine without Valgrind: what to do about it.
    public static let installHint = "install it (Debian, Ubuntu: apt-get install valgrind)"

    // MARK: - Tools

    /// The programs the pass needs, found before anything runs.
    public struct Tools: Sendable {
        public let valgrind: String
        /// `valgrind-3.19.0`.
        public let version: String
        /// `strip` or `llvm-objcopy`, and the arguments that copy `source` to `destination`
        /// without debug info.
        let stripper: String
        let stripArguments: @Sendable (_ source: String, _ destination: String) -> [String]
    }

    /// Why the pass cannot run here: one line.
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        public let reason: String
        public var description: String { reason }
    }

    /// Finds `valgrind` and a way to strip debug info, on `PATH` (and, for `llvm-objcopy`,
    /// beside the Swift toolchain's `swift`).
    public static func locateTools() throws(Unavailable) -> Tools {
        if let reason = Platform.valgrindUnavailable { throw Unavailable(reason: reason) }
        guard let valgrind = executable(named: "valgrind") else {
            throw Unavailable(reason: "valgrind not found on PATH; \(installHint)")
        }
        let version: String
        do {
            let result = try ChildProcess.run(
                valgrind, arguments: ["--version"],
                environment: ProcessInfo.processInfo.environment,
                timeout: 30)
            version = String(decoding: result.standardOutput, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard result.exitStatus == 0, !version.isEmpty else {
                throw Unavailable(
                    reason: "'\(valgrind) --version' failed; reinstall it: \(installHint)")
            }
        } catch let error as Unavailable {
            throw error
        } catch {
            throw Unavailable(reason: "\(error); \(installHint)")
        }
        if let strip = executable(named: "strip") {
            return Tools(valgrind: valgrind, version: version, stripper: strip) {
                ["-g", "-o", $1, $0]
            }
        }
        let toolchain = executable(named: "swift").map {
            URL(fileURLWithPath: $0).resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("llvm-objcopy").path
        }
        if let objcopy = executable(named: "llvm-objcopy")
            ?? toolchain.flatMap({ FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil })
        {
            return Tools(valgrind: valgrind, version: version, stripper: objcopy) {
                ["--strip-debug", $0, $1]
            }
        }
        throw Unavailable(
            reason:
                "neither strip nor llvm-objcopy found, to copy the binary without the debug info valgrind cannot read; install binutils (apt-get install binutils)"
        )
    }

    /// The first executable file called `name` in `PATH`'s directories.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    // MARK: - The pass

    /// Why the pass failed once started.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let reason: String
        public var description: String { "counted pass (callgrind): \(reason)" }
    }

    /// Runs the counted pass of `plan`: `executable`, stripped, under Callgrind, and reads
    /// back each variant's counts, its functions named by `demangler` (all of the pass's
    /// symbols in one go).
    public static func run(
        plan: RunPlan, tools: Tools, executable: String, geometry: CacheGeometry,
        demangler: SymbolDemangler = .toolchain
    ) throws(Failure) -> CountedResult {
        let directory = try scratchDirectory()
        let dumps = "\(directory)/callgrind.out"
        // On SIGINT, SIGTERM or SIGHUP the counted child removes the directory (its
        // lifeline); if it is killed before it holds the lifeline (Valgrind still starting),
        // the handler removes what the directory holds by then, and the directory.
        let slots = [directory, "\(directory)/simbench", dumps].map {
            Interruption.remember(temporary: $0)
        }
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            slots.forEach(Interruption.forget)
        }
        let stripped = try strippedCopy(of: executable, into: directory, tools: tools)
        let counted = try runCountedChild(
            stripped, plan: plan, tools: tools, geometry: geometry, directory: directory,
            dumps: dumps)
        var configurations = [[String: CountedFigures]]()
        var notes = [String]()
        for (planned, variants) in zip(plan.configurations, counted) {
            configurations.append(
                try figures(
                    of: planned, variants: variants, dumps: dumps, measured: stripped,
                    geometry: geometry, notes: &notes))
        }
        return CountedResult(
            configurations: named(configurations, by: demangler), notes: notes)
    }

    /// `configurations` with every variant's functions named by `demangler`, in one batch
    /// of symbols for the whole pass.
    static func named(
        _ configurations: [[String: CountedFigures]], by demangler: SymbolDemangler
    ) -> [[String: CountedFigures]] {
        let symbols = configurations.flatMap { variants in
            variants.values.flatMap { $0.functions?.functions.map(\.name) ?? [] }
        }
        let names = demangler.names(of: symbols)
        return configurations.map { variants in
            variants.mapValues { figures in
                var figures = figures
                figures.functions = figures.functions?.renamed(names)
                return figures
            }
        }
    }

    /// A new directory of the pass's own under the temporary directory.
    private static func scratchDirectory() throws(Failure) -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "simbench-counted-\(ChildRole.fixedWidth(getpid()))-\(ChildRole.randomTag())"
            ).path
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: false)
        } catch {
            throw Failure(reason: "cannot create \(directory): \(error.localizedDescription)")
        }
        return directory
    }

    /// `executable` copied into `directory` without debug info (which Valgrind cannot read),
    /// executable: the copy's path.
    private static func strippedCopy(
        of executable: String, into directory: String, tools: Tools
    ) throws(Failure) -> String {
        let stripped = "\(directory)/simbench"
        let strip: ChildProcess.Result
        do {
            strip = try ChildProcess.run(
                tools.stripper, arguments: tools.stripArguments(executable, stripped),
                environment: ProcessInfo.processInfo.environment, timeout: 300)
        } catch {
            throw Failure(reason: error.description)
        }
        guard strip.exitStatus == 0 else {
            throw Failure(
                reason: "\(tools.stripper) could not copy \(executable) without debug info: "
                    + tail(strip.standardError))
        }
        chmod(stripped, 0o755)
        return stripped
    }

    /// Runs `stripped` under Callgrind as the counted child of `plan`, writing its dumps to
    /// `dumps`, and returns what each configuration's dumps belong to, in the plan's order.
    private static func runCountedChild(
        _ stripped: String, plan: RunPlan, tools: Tools, geometry: CacheGeometry,
        directory: String, dumps: String
    ) throws(Failure) -> [[CountedVariant]] {
        do {
            let report: ChildReport<[CountedVariant]> = try ChildRole.run(
                .countedPass, of: plan,
                command: [tools.valgrind] + callgrindOptions(geometry) + [
                    "--callgrind-out-file=\(dumps)", stripped,
                ],
                variables: ["SWIFT_DETERMINISTIC_HASHING": "1"], inheriting: inheritedVariables,
                // Its own directory, as long in every run: the working directory's length
                // moved calibrate's floor by 0.004% between two directories.
                directory: directory, scratch: "\(directory)/counted",
                standardError: .capture, tie: .lifeline(removing: [directory]))
            return try report.parts(for: plan)
        } catch {
            throw Failure(reason: "the counted child \(error.reason)")
        }
    }

    /// The counted figures of `planned`'s `variants`, read from their dumps, by variant:
    /// those whose counted run computed the baseline's outcome, their instructions split by
    /// mechanism (`measured` is the binary Callgrind ran, whose functions are `own`).
    /// `notes` gets the others, and says when the configuration's variants are asynchronous.
    private static func figures(
        of planned: PlannedConfiguration, variants: [CountedVariant], dumps: String,
        measured: String, geometry: CacheGeometry, notes: inout [String]
    ) throws(Failure) -> [String: CountedFigures] {
        var figures = [String: CountedFigures]()
        for variant in variants {
            guard let region = variant.region else { continue }
            let path = "\(dumps).\(region)"
            let dump: CallgrindDump
            do {
                dump = try CallgrindDump(parsing: String(contentsOfFile: path, encoding: .utf8))
            } catch {
                throw Failure(reason: "\(path): \(error)")
            }
            guard variant.matchesBaseline else {
                notes.append(
                    "\(planned.label).\(variant.variant): not counted: its counted run "
                        + "computed another outcome than the baseline's")
                continue
            }
            let events = Double(max(variant.events, 1))
            var counted = CountedFigures(
                instructionsPerEvent: Double(dump.instructions) / events,
                estimatedCyclesPerEvent: dump.estimatedCycles.map { Double($0) / events },
                machines: variant.machines, events: variant.events)
            counted.cacheMisses = dump.cacheMisses.map { misses in
                CacheMisses(misses.misses.mapValues { $0 / events })
            }
            counted.cacheGeometry = geometry
            counted.split(dump, measured: measured)
            figures[variant.variant] = counted
        }
        if planned.entry.isAsynchronous {
            notes.append(
                "\(planned.label): instructions not counted: its variants are asynchronous, "
                    + "and Valgrind runs one thread at a time, so a count would not be theirs "
                    + "alone")
        }
        return figures
    }

    /// The last lines of a child's stderr, for a failure's one line.
    private static func tail(_ bytes: [UInt8]) -> String {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        let last = lines.suffix(3).joined(separator: " | ")
        return last.isEmpty ? "no message" : last
    }
}

/// One variant's counted figures.
public struct CountedFigures: Sendable, Equatable {
    public var instructionsPerEvent: Double
    /// L1 hits + 5 × LL hits + 35 × RAM accesses per event (`CallgrindDump.estimatedCycles`).
    public var estimatedCyclesPerEvent: Double?
    /// The machines and events the counted run covered.
    public var machines: Int
    public var events: Int
    /// Data-cache misses per event, by level; nil for a dump without the cache simulation.
    public var cacheMisses: CacheMisses?
    /// The caches the simulation had.
    public var cacheGeometry: CacheGeometry?
    /// `instructionsPerEvent` by mechanism (`MechanismRules`); nil for a dump that names no
    /// function.
    public var mechanisms: MechanismSplit?
    /// Calls into each runtime mechanism per event (`MechanismCall`); nil for a dump that
    /// names no function.
    public var calls: MechanismCalls?
    /// The functions whose instructions landed in `runtimeOther`, most first, per event.
    public var runtimeOtherFunctions: [RuntimeFunction] = []
    /// Every function's self and inclusive instructions per event, by symbol until the pass
    /// names them (`CallgrindPass.named`); nil for a dump that names no function.
    public var functions: FunctionProfile?

    public init(
        instructionsPerEvent: Double, estimatedCyclesPerEvent: Double?, machines: Int,
        events: Int, mechanisms: MechanismSplit? = nil
    ) {
        self.instructionsPerEvent = instructionsPerEvent
        self.estimatedCyclesPerEvent = estimatedCyclesPerEvent
        self.machines = machines
        self.events = events
        self.mechanisms = mechanisms
    }

    /// Splits `dump`'s instructions by mechanism, and counts its calls into each, per event.
    mutating func split(_ dump: CallgrindDump, measured: String) {
        guard !dump.functions.isEmpty else { return }
        let events = Double(max(self.events, 1))
        let (split, other) = dump.split(measured: measured)
        mechanisms = MechanismSplit(split.mapValues { Double($0) / events })
        calls = MechanismCalls(
            dump.mechanismCalls(measured: measured).mapValues { Double($0) / events })
        functions = FunctionProfile(dump: dump, events: self.events, measured: measured)
        runtimeOtherFunctions = other.map {
            RuntimeFunction(
                symbol: $0.symbol, object: $0.object,
                instructionsPerEvent: Double($0.instructions) / events)
        }
    }
}

/// A function outside the measured binary that no mechanism rule names, with what it ran.
public struct RuntimeFunction: Sendable, Equatable {
    public var symbol: String
    /// Its object file: a path.
    public var object: String
    public var instructionsPerEvent: Double
}

/// What the counted pass measured: by configuration (in the plan's order), by variant.
public struct CountedResult: Sendable {
    public var configurations: [[String: CountedFigures]]
    /// Configurations and variants without counts, and why.
    public var notes: [String]

    /// `rows`, the result rows of the plan's `configuration`-th configuration, with their
    /// counted figures: for variants whose timed rounds computed the baseline's outcome.
    public func filled(_ rows: [ResultRow], configuration: Int) -> [ResultRow] {
        guard configuration < configurations.count else { return rows }
        let figures = configurations[configuration]
        return rows.map { row in
            var row = row
            row.instructionsPerEvent = nil
            row.estimatedCyclesPerEvent = nil
            row.instructionsSource = ""
            row.instructionsByMechanism = nil
            row.mechanismCalls = nil
            row.cacheMisses = nil
            row.cacheGeometry = nil
            row.functions = nil
            if row.status == .ok, let counted = figures[row.variant] {
                row.mechanismCalls = counted.calls
                row.cacheMisses = counted.cacheMisses
                row.cacheGeometry = counted.cacheGeometry
                row.instructionsPerEvent = counted.instructionsPerEvent
                row.estimatedCyclesPerEvent = counted.estimatedCyclesPerEvent
                row.instructionsByMechanism = counted.mechanisms
                row.functions = counted.functions
                row.instructionsSource = InstructionSource.callgrindSource
            }
            return row
        }
    }
}

extension RunResult {
    /// The same result with `notes` said too.
    public func adding(notes more: [String]) -> RunResult {
        var result = self
        result.notes += more
        return result
    }
}
