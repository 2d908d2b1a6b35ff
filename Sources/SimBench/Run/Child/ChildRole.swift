import Foundation

/// The one way a run's child processes are told what to do: the timed children of a run in
/// several processes, the allocation pass and the counted pass under Callgrind.
///
/// A parent writes a `ChildRequest` (JSON) and starts its executable, or Valgrind over a copy
/// of it, with `requestVariable` naming the file; nothing else tells a child apart. The
/// child's `main` calls `serveIfRequested(catalog:)` first: it plans the same run from the
/// request's inputs, does what the request asks, writes a `ChildReport` where the request
/// says, and exits. The parent reads the report back by configuration identity.
///
/// A program that measures its own scenarios with the library does the same in its `main`,
/// and gets several processes, the allocation pass and counts as `simbench` does:
///
///     ChildRole.serveIfRequested(catalog: catalog)
///     // … plan and run as usual
public enum ChildRole {
    /// Set in a child's environment: the path of its `ChildRequest`. The one variable that
    /// makes a process a child.
    public static let requestVariable = "SIMBENCH_CHILD_REQUEST"

    /// Why a child did not deliver what it was asked for.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let reason: String
        public var description: String { reason }
    }

    // MARK: - In the child

    /// When this process was started as a child of a run, serves its request over `catalog`
    /// and exits; otherwise returns at once. Call it first in `main`, before any task starts:
    /// the counted pass runs under Valgrind, which crashes on Swift concurrency's main loop,
    /// so it is served synchronously, here.
    public static func serveIfRequested(catalog: Catalog) {
        // The one place the role is read.
        guard let path = ProcessInfo.processInfo.environment[requestVariable], !path.isEmpty
        else { return }
        serve(requestAt: path, catalog: catalog)
    }

    /// Everything a child does before its work, in one place.
    private static func startUp() {
        // A child never outlives the run that started it: the lifeline's watch ends it, and
        // removes its files, when the parent is gone.
        ChildLifeline.hold()
        // SIGINT and SIGTERM end a child as they end its parent, with 128 + the signal.
        Interruption.install()
    }

    private static func serve(requestAt path: String, catalog: Catalog) -> Never {
        startUp()
        let request: ChildRequest
        let plan: RunPlan
        do {
            request = try JSONDecoder().decode(
                ChildRequest.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            plan = try RunPlan(request.plan, catalog: catalog).restricted(
                to: request.configurations)
        } catch {
            fail("cannot serve the request \(path): \(error)")
        }
        switch request.task {
        case .countedPass:
            // Synchronous: no task, no actor (Valgrind).
            finish(request) { ChildReport(plan, parts: CallgrindPass.countChild(plan)) }
        case .timedRounds:
            // The machine read as the parent read it, before anything is measured: the heap
            // the first variant is measured on has the history it has in the parent.
            let environment = RunEnvironment.current()
            Task {
                let result = await BenchmarkRunner(plan: plan, environment: environment).run()
                finish(request) {
                    ChildReport(
                        plan, parts: result.configurations.map(\.measured), notes: result.notes)
                }
            }
            waitForTheTask()
        case .allocationPass:
            guard AllocationCounter.isActive else {
                fail("the allocation counter is not in effect in this process")
            }
            // As for the timed rounds: without it, validation's first variant peaked 16 bytes
            // a machine higher here than in a process that had read its machine.
            let environment = RunEnvironment.current()
            Task {
                let counts = await AllocationPass.countChild(plan, environment: environment)
                finish(request) { ChildReport(plan, parts: counts) }
            }
            waitForTheTask()
        }
    }

    /// Blocks this thread until the task started before it exits the process. Neither the
    /// main queue nor the main actor is needed, so a synchronous `main` and the top-level
    /// code of an asynchronous one may call `serveIfRequested` alike.
    private static func waitForTheTask() -> Never {
        let never = DispatchSemaphore(value: 0)
        while true { never.wait() }
    }

    /// Writes the report `make` returns where `request` says, and exits: 0 once written.
    private static func finish<Part: Codable>(
        _ request: ChildRequest, _ make: () throws -> ChildReport<Part>
    ) -> Never {
        do {
            try JSONEncoder().encode(make()).write(to: URL(fileURLWithPath: request.resultPath))
        } catch {
            fail("cannot write \(request.resultPath): \(error)")
        }
        exit(0)
    }

    /// One line on stderr, for the parent to quote, and exit status 1.
    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(ToolName.current) child: \(message)\n".utf8))
        exit(1)
    }

    // MARK: - In the parent

    /// Runs the child that does `task` for `plan`, and reads back its report.
    ///
    /// - Parameters:
    ///   - command: the program and its arguments: the executable alone, or Valgrind with
    ///     its options and a copy of the executable.
    ///   - variables: set in the child's environment besides the parent's and the request.
    ///   - inherited: the names of the parent's variables the child gets; all when nil.
    ///   - directory: the child's working directory; the parent's when nil.
    ///   - scratch: a path prefix for the request and result files, removed afterwards.
    ///   - standardError: where the child's stderr goes; captured, its last line says why
    ///     the child failed.
    ///   - tie: how the child ends with this process; by default a lifeline that removes
    ///     the request and result files when this process is gone.
    static func run<Part: Codable>(
        _ task: ChildRequest.Task, of plan: RunPlan, command: [String],
        variables: [String: String] = [:], inheriting inherited: Set<String>? = nil,
        directory: String? = nil, scratch: String, standardError: ChildProcess.Output,
        tie: ChildLifeline.Tie? = nil
    ) throws(Failure) -> ChildReport<Part> {
        let requestPath = "\(scratch)-request.json"
        let resultPath = "\(scratch)-result.json"
        // Remembered before the child starts, so that SIGINT or SIGTERM removes them too.
        let slots = [requestPath, resultPath].map { Interruption.remember(temporary: $0) }
        defer {
            for (path, slot) in zip([requestPath, resultPath], slots) {
                unlink(path)
                Interruption.forget(slot)
            }
        }
        let request = ChildRequest(task: task, plan: plan, resultPath: resultPath)
        // Written with the system's words for what failed, not Foundation's error domains.
        let descriptor = open(requestPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(reason: "cannot write its request \(requestPath): \(errnoText())")
        }
        do {
            defer { close(descriptor) }
            let bytes = try JSONEncoder().encode(request)
            try AtomicFile.writeAll(Array(bytes), to: descriptor, path: requestPath)
        } catch {
            throw Failure(reason: "cannot write its request: \(error)")
        }
        var environment = ProcessInfo.processInfo.environment
            .filter { inherited?.contains($0.key) ?? true }
            .merging(variables) { $1 }
        environment[requestVariable] = requestPath
        let ended: ChildProcess.Result
        do {
            ended = try ChildProcess.run(
                command[0], arguments: Array(command.dropFirst()), environment: environment,
                directory: directory, standardOutput: .discard, standardError: standardError,
                tie: tie ?? .lifeline(removing: [requestPath, resultPath]))
        } catch {
            throw Failure(reason: error.description)
        }
        guard ended.exitStatus == 0 else {
            let how = ended.exitStatus.map { "exit status \($0)" } ?? "signal \(ended.signal ?? 0)"
            let lines = String(decoding: ended.standardError, as: UTF8.self).split(separator: "\n")
            let said = lines.suffix(3).joined(separator: " | ")
            throw Failure(reason: "ended with \(how)\(said.isEmpty ? "" : ": \(said)")")
        }
        do {
            return try JSONDecoder().decode(
                ChildReport<Part>.self, from: Data(contentsOf: URL(fileURLWithPath: resultPath)))
        } catch {
            throw Failure(reason: "left no readable result: \(error)")
        }
    }

    /// The directory a child's files go in: the temporary directory (`TMPDIR`).
    public static var scratchDirectory: String { FileManager.default.temporaryDirectory.path }

    /// Nil when a child's files can be created in `scratchDirectory`, else why not: checked
    /// before anything is measured, since every measured process is a child.
    public static func scratchDirectoryProblem() -> String? {
        AtomicFile.probe(scratchDirectory)
    }

    /// A path prefix of this process's own under the temporary directory, for a child's files.
    static func scratchPrefix(_ name: String) -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("simbench-\(fixedWidth(getpid()))-\(name)-\(randomTag())").path
    }

    /// `value` in ten digits, zeros in front: a pid or a random tag as long in every run.
    ///
    /// A child's paths reach it in its arguments, its environment and its request, and their
    /// lengths decide the sizes of the allocations that read them: a pid or tag one digit
    /// longer left the heap of the counted pass's child laid out differently, and moved a
    /// count by up to 60 instructions in a variant's region (vending enum-switch, 0.04%).
    static func fixedWidth<Number: BinaryInteger>(_ value: Number) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 10 - digits.count)) + digits
    }

    /// A random tag for a scratch path, ten digits long (`fixedWidth`).
    static func randomTag() -> String { fixedWidth(UInt32.random(in: 0...UInt32.max)) }
}

extension RunPlan {
    /// The same plan, measuring only `identities`, in that order; every one must be a
    /// configuration of the plan.
    func restricted(to identities: [ConfigurationIdentity]) throws(ChildRole.Failure) -> RunPlan {
        var plan = self
        var chosen = [PlannedConfiguration]()
        for identity in identities {
            guard let planned = configurations.first(where: { $0.identity == identity }) else {
                throw ChildRole.Failure(reason: "the plan has no configuration \(identity)")
            }
            chosen.append(planned)
        }
        plan.configurations = chosen
        return plan
    }
}
