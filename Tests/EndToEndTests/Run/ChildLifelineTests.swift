import Foundation
import SimBench
import Testing

/// A run killed in the middle of its children's work: every child ends with it, and no file
/// is left in the temporary directory or the output folder.
///
/// Each test starts a run whose processes carry a marker of their own in their environment
/// (the test's own temporary directory as TMPDIR), waits until a child of the kind under test
/// is running and holds its lifeline (a thread watching the pipe), sends the signal to the
/// parent alone, as a CI runner's timeout does, then polls until no process with the marker
/// runs. The deadline is generous for a loaded
/// machine; the time it took is in the failure message.
@Suite(
    "run: children end with their parent, leaving no file", .serialized,
    .enabled(if: TestHost.isLinux, "finds the children in /proc"))
struct ChildLifelineTests {
    /// The kinds of child work, with a run that reaches it and how to tell its child.
    enum Work: String, CaseIterable, CustomTestStringConvertible {
        case timedProcesses = "timed processes"
        case allocationPass = "allocation pass"
        case countedPass = "counted pass"

        var testDescription: String { rawValue }

        var arguments: [String] {
            switch self {
            case .timedProcesses:
                // Long enough that the first child is still measuring when it is seen.
                [
                    "--scenario", "workday", "--machines", "20000", "--rounds", "30",
                    "--warmup", "0", "--processes", "3",
                ]
            // The passes that follow the timed rounds: these come first, so they are one
            // process's, in this one, and not spread over the default span.
            case .allocationPass:
                [
                    "--scenario", "workday", "--machines", "100000", "--events", "20",
                    "--rounds", "1", "--warmup", "0", "--processes", "1", "--span", "0",
                ]
            case .countedPass:
                [
                    "--scenario", "vending", "--machines", "300", "--rounds", "1", "--warmup",
                    "0", "--instructions", "callgrind", "--processes", "1", "--span", "0",
                ]
            }
        }

        /// Whether `process`, a child of the run's parent, does this kind of work.
        func matches(_ process: RunProcess) -> Bool {
            let preloaded = process.environment.contains {
                $0.hasPrefix("LD_PRELOAD=") && $0.contains("libsimbench-allocations")
            }
            let underValgrind = process.commandLine.first?.contains("valgrind") == true
            switch self {
            case .timedProcesses: return !preloaded && !underValgrind
            case .allocationPass: return preloaded
            case .countedPass: return underValgrind
            }
        }
    }

    static let valgrindInstalled = (try? CallgrindPass.locateTools()) != nil

    @Test(
        "SIGKILL and SIGTERM to the parent of timed processes and of the allocation pass",
        arguments: [SIGKILL, SIGTERM], [Work.timedProcesses, .allocationPass])
    func parentEnds(signal: Int32, work: Work) throws {
        try killParent(signal: signal, work: work)
    }

    @Test(
        "SIGKILL and SIGTERM to the parent of the counted pass under valgrind",
        .enabled(if: valgrindInstalled, "valgrind is not installed"),
        arguments: [SIGKILL, SIGTERM])
    func parentOfCountedPassEnds(signal: Int32) throws {
        try killParent(signal: signal, work: .countedPass)
    }

    func killParent(signal: Int32, work: Work) throws {
        let scratch = try ScratchDirectory()
        let temporary = scratch.url.appendingPathComponent("tmp").path
        let output = scratch.url.appendingPathComponent("out").path
        for directory in [temporary, output] {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: false)
        }
        // The marker is the run's own temporary directory: every child inherits TMPDIR,
        // the counted child too, whose environment keeps only what finds its programs and
        // libraries (CallgrindPass.inheritedVariables).
        let marker = "TMPDIR=\(temporary)"
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        let parent = try ChildProcess.start(
            SimBenchBinary.url.path,
            arguments: ["run"] + work.arguments + [
                "--csv", "\(output)/run.csv", "--allow-debug", "--quiet",
            ],
            environment: environment, directory: scratch.url.path, standardOutput: .discard)

        // The child at work, holding its lifeline (its watcher thread started).
        var child: RunProcess?
        let started = poll(deadline: 240) {
            child = RunProcess.all(marked: marker).first {
                $0.parent == parent.pid && work.matches($0) && $0.threads >= 2
            }
            return child != nil
        }
        guard started, let child else {
            kill(parent.pid, SIGKILL)
            let ended = parent.wait(timeout: 30)
            Issue.record(
                "no \(work.rawValue) child seen: \(String(decoding: ended.standardError, as: UTF8.self))"
            )
            return
        }

        let signalled = Date()
        kill(parent.pid, signal)
        let ended = parent.wait(timeout: 30)
        // Both within the deadline: a child tearing down its memory no longer shows its
        // environment (so no marker) some moments before it is a zombie.
        let gone = poll(deadline: 10) {
            RunProcess.all(marked: marker).isEmpty && !child.runs
        }
        let seconds = Date().timeIntervalSince(signalled)
        let stderr = String(decoding: ended.standardError, as: UTF8.self)
        #expect(
            gone,
            "\(work.rawValue): still running \(seconds) s after the parent's end: \(RunProcess.all(marked: marker).map(\.commandLine))"
        )
        #expect(!child.runs, "\(work.rawValue): child \(child.pid) remains")
        if signal == SIGKILL {
            #expect(ended.signal == SIGKILL)
        } else {
            #expect(ended.exitStatus == 128 + signal, "\(stderr)")
            #expect(
                stderr.hasSuffix(
                    "simbench: interrupted by SIGTERM; not written: \(output)/run.csv\n"),
                "\(stderr)")
        }
        // What the parent and its children leave: nothing, once they are gone.
        let left = poll(deadline: 10) {
            (try? FileManager.default.contentsOfDirectory(atPath: temporary))?.isEmpty == true
                && (try? FileManager.default.contentsOfDirectory(atPath: output))?.isEmpty == true
        }
        #expect(
            left,
            "\(work.rawValue): left \((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []) in the temporary directory, \((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []) in the output folder"
        )
    }

    /// Calls `condition` every 20 ms until it holds or `deadline` seconds pass.
    func poll(deadline: Double, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(deadline)
        while Date() < end {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }
}

/// A process of this machine, as `/proc` shows it.
struct RunProcess {
    var pid: pid_t
    /// When it started, in clock ticks since boot: with `pid`, this process's identity (a pid
    /// alone may be reused by another process once this one ends).
    var started: UInt64
    var parent: pid_t
    var threads: Int
    var environment: [String]
    var commandLine: [String]

    /// The running processes (zombies excluded: they have ended) whose environment holds
    /// `marker` (`NAME=value`).
    static func all(marked marker: String) -> [RunProcess] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.compactMap { pid in
            guard let environment = fields("/proc/\(pid)/environ"), environment.contains(marker),
                let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            else { return nil }
            func field(_ name: String) -> String? {
                status.split(separator: "\n").first { $0.hasPrefix("\(name):") }
                    .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
            }
            guard field("State")?.hasPrefix("Z") == false, let started = startTime(of: pid)
            else { return nil }
            return RunProcess(
                pid: pid, started: started, parent: field("PPid").flatMap { pid_t($0) } ?? 0,
                threads: field("Threads").flatMap { Int($0) } ?? 0, environment: environment,
                commandLine: fields("/proc/\(pid)/cmdline") ?? [])
        }
    }

    /// Whether this process runs: a zombie (Z) or a process past its exit (X) has ended, and a
    /// process of the same pid that started at another time is another process.
    var runs: Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            Self.startTime(of: pid) == started
        else { return false }
        return !status.contains("State:\tZ") && !status.contains("State:\tX")
    }

    /// The start time of `pid` (the 22nd field of `/proc/<pid>/stat`, counted after the
    /// command's closing parenthesis, since the command may hold spaces).
    static func startTime(of pid: pid_t) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: the state (field 3), and so on; the start time is field 22.
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// A `/proc` file of NUL-separated fields.
    private static func fields(_ path: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
