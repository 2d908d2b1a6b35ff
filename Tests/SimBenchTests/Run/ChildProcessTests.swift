import CSimBenchSystem
import Foundation
import Testing

@testable import SimBench

extension ChildLifeline.Tie: CustomTestStringConvertible {
    public var testDescription: String {
        switch self {
        case .deathSignal: "death signal"
        case .guarded: "guard"
        case .lifeline: "lifeline"
        }
    }
}

@Suite("child processes without Foundation's Process")
struct ChildProcessTests {
    let environment = ["PATH": "/usr/bin:/bin", "GREETING": "hello"]

    /// Both ways a program that watches no lifeline is tied to its parent, tested on every
    /// platform: on Linux the kernel's parent-death signal, and the guard process the
    /// portable path (macOS) always takes, asked for explicitly; in the portable build both
    /// are the guard.
    static let ties: [ChildLifeline.Tie] = [.deathSignal, .guarded]

    @Test("exit status, both outputs, the environment and the directory", arguments: ties)
    func basics(tie: ChildLifeline.Tie) throws {
        let ended = try ChildProcess.run(
            "/bin/sh", arguments: ["-c", "echo \"$GREETING\"; pwd; echo oops >&2; exit 3"],
            environment: environment, directory: "/tmp", tie: tie)
        #expect(ended.exitStatus == 3 && ended.signal == nil && !ended.timedOut)
        #expect(String(decoding: ended.standardOutput, as: UTF8.self) == "hello\n/tmp\n")
        #expect(String(decoding: ended.standardError, as: UTF8.self) == "oops\n")
    }

    @Test("a child's environment comes in one order, sorted by name, whatever the dictionary's")
    func sortedEnvironment() throws {
        let names = (0..<40).map { "SIMBENCH_ORDER_\($0)" }
        let given = Dictionary(uniqueKeysWithValues: names.map { ($0, "x") })
        let ended = try ChildProcess.run("/usr/bin/env", arguments: [], environment: given)
        let seen = String(decoding: ended.standardOutput, as: UTF8.self).split(separator: "\n")
            .map { String($0.prefix { $0 != "=" }) }
        #expect(seen == seen.sorted(), "\(seen)")
        #expect(Set(names).isSubset(of: seen), "\(seen)")
    }

    @Test(
        "scratch paths and the lifeline's pid are as long in every run",
        arguments: [7, 12345, 4_194_304])
    func fixedWidthNames(pid: Int32) {
        #expect(ChildRole.fixedWidth(pid).count == 10)
        #expect(Int32(ChildRole.fixedWidth(pid)) == pid, "read back as the number")
        #expect(ChildRole.randomTag().count == 10)
        let prefix = ChildRole.scratchPrefix("counted")
        #expect(prefix.count == ChildRole.scratchPrefix("counted").count, "\(prefix)")
    }

    @Test("a child past its timeout is killed and says so", arguments: ties)
    func timeout(tie: ChildLifeline.Tie) throws {
        let ended = try ChildProcess.run(
            "/bin/sleep", arguments: ["10"], environment: environment, timeout: 0.2, tie: tie)
        #expect(ended.timedOut && ended.signal == SIGKILL && ended.exitStatus == nil)
    }

    @Test(
        "a signal ends a started child; its number is reported",
        .disabled(
            if: ChildLifeline.Tie.deathSignal.isGuarded && simbench_thread_sanitized() != 0,
            "the portable build runs the child under a guard, whose signal handler TSan never runs")
    )
    func signalled() throws {
        try signalEnds(tie: .deathSignal)
    }

    @Test(
        "a signal to a guard is passed on to its program; the program's signal is reported",
        .disabled(
            if: simbench_thread_sanitized() != 0,
            "ThreadSanitizer never runs the signal handler of a guard forked from a process with threads"
        ))
    func signalledThroughGuard() throws {
        try signalEnds(tie: .guarded)
    }

    /// SIGTERM to a started child ends it; its number is reported.
    ///
    /// Not run for a guard under ThreadSanitizer: the guard is a child forked from this
    /// process, which has threads, and there TSan's runtime never runs a signal handler.
    /// Read in its sources (compiler-rt/lib/tsan/rtl): after a fork from a process with
    /// threads, `ForkChildAfter` ignores every interceptor in the child for good; an
    /// asynchronous signal then finds no blocking call in progress (an ignored interceptor
    /// calls the real function at once), so TSan's `sighandler` only marks it pending; and
    /// pending signals run when an interceptor ends, in `~ScopedInterceptor`, only while
    /// interceptors are not ignored. The guard's handler, which passes the signal on, never
    /// runs, and the program lives until its timeout. Only the handler is lost: the guard's
    /// other work (status, timeout, the parent's end) is tested under TSan too.
    func signalEnds(tie: ChildLifeline.Tie) throws {
        let running = try ChildProcess.start(
            "/bin/sleep", arguments: ["10"], environment: environment, tie: tie)
        kill(running.pid, SIGTERM)
        let ended = running.wait(timeout: 10)
        #expect(ended.signal == SIGTERM && !ended.timedOut)
    }

    @Test(
        "the parent's end kills the child, and with a guard what the child started too",
        .enabled(if: TestHost.isLinux, "reads the child's process group from /proc"))
    func parentEnds() async throws {
        // The parent is an exit test, a process of its own: it starts the child, waits until
        // the child's process group holds what it should, prints the group's id and ends.
        // The lifeline's write end closes with it.
        let plain = await #expect(processExitsWith: .success, observing: [\.standardOutputContent])
        {
            try ChildProcessTests.startThenEnd(tie: .deathSignal)
        }
        // With a guard, the program starts a process of its own, in the same group.
        let guarded = await #expect(
            processExitsWith: .success, observing: [\.standardOutputContent]
        ) {
            try ChildProcessTests.startThenEnd(tie: .guarded)
        }
        for (tie, ended) in [("death signal", plain), ("guard", guarded)] {
            let text = String(decoding: ended?.standardOutputContent ?? [], as: UTF8.self)
            guard let group = pid_t(text.split(separator: "\n").last ?? "") else {
                Issue.record("\(tie): no process group printed: \(text)")
                continue
            }
            // Up to 30 s, for a loaded machine; the program sleeps far longer.
            var alive = Self.alive(inGroup: group)
            for _ in 0..<3000 {
                if alive.isEmpty { break }
                usleep(10_000)
                alive = Self.alive(inGroup: group)
            }
            #expect(alive.isEmpty, "\(tie): still running in group \(group): \(alive)")
            if !alive.isEmpty { kill(-group, SIGKILL) }
        }
    }

    /// In an exit test: starts a child tied by `tie` (with a guard, a shell that starts a
    /// second process), waits until its group holds every process (the guard too), prints
    /// the group's id and returns, which ends the process.
    static func startThenEnd(tie: ChildLifeline.Tie) throws {
        let program =
            tie == .guarded
            ? ["/bin/sh", "-c", "/bin/sleep 120 & exec /bin/sleep 120"] : ["/bin/sleep", "120"]
        let running = try ChildProcess.start(
            program[0], arguments: Array(program.dropFirst()),
            environment: ["PATH": "/usr/bin:/bin"],
            standardOutput: .discard, standardError: .discard, tie: tie)
        let expected = (tie == .guarded ? 2 : 1) + (tie.isGuarded ? 1 : 0)
        for _ in 0..<3000 {
            if alive(inGroup: running.pid).count >= expected { break }
            usleep(10_000)
        }
        let members = alive(inGroup: running.pid)
        #expect(members.count == expected, "group \(running.pid): \(members)")
        print(running.pid)
    }

    /// The processes of group `group` that have not ended (zombies excluded: this process
    /// is not their parent, and none reaps them on time everywhere), read from /proc.
    static func alive(inGroup group: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else {
            return []
        }
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            // After the command's closing parenthesis: state, parent, group.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] != "Z" && pid_t(fields[2]) == group
        }
    }

    @Test(
        "the child holds no descriptor of the parent's but the standard three and its lifeline",
        .enabled(if: TestHost.isLinux, "lists the child's descriptors in /proc/self/fd"))
    func noInheritedDescriptors() throws {
        // A descriptor the parent keeps open, without close-on-exec.
        let held = open("/dev/null", O_RDONLY)
        defer { close(held) }
        let ended = try ChildProcess.run(
            "/bin/ls", arguments: ["-l", "/proc/self/fd"], environment: environment)
        let descriptors = String(decoding: ended.standardOutput, as: UTF8.self).split(
            separator: "\n"
        ).filter { $0.contains("->") }
        // 0, 1, 2, the lifeline (3, a pipe) and the one ls opened to list the directory.
        #expect(descriptors.count <= 5, "\(descriptors)")
        #expect(descriptors.contains { $0.contains(" 3 -> pipe:") }, "\(descriptors)")
        #expect(!descriptors.contains { $0.contains(" \(held) -> /dev/null") } || held <= 4)
    }

    @Test("a missing executable is an error naming it")
    func missing() {
        #expect(throws: ChildProcess.SpawnError.self) {
            try ChildProcess.run("/nonexistent/simbench", arguments: [], environment: environment)
        }
    }
}
