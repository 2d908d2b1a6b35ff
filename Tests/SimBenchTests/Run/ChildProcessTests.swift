import Glibc
import Testing

@testable import SimBench

@Suite("child processes without Foundation's Process")
struct ChildProcessTests {
    let environment = ["PATH": "/usr/bin:/bin", "GREETING": "hello"]

    @Test("exit status, both outputs, the environment and the directory")
    func basics() throws {
        let ended = try ChildProcess.run(
            "/bin/sh", arguments: ["-c", "echo \"$GREETING\"; pwd; echo oops >&2; exit 3"],
            environment: environment, directory: "/tmp")
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

    @Test("a child past its timeout is killed and says so")
    func timeout() throws {
        let ended = try ChildProcess.run(
            "/bin/sleep", arguments: ["10"], environment: environment, timeout: 0.2)
        #expect(ended.timedOut && ended.signal == SIGKILL && ended.exitStatus == nil)
    }

    @Test("a signal ends a started child; its number is reported")
    func signalled() throws {
        let running = try ChildProcess.start(
            "/bin/sleep", arguments: ["10"], environment: environment)
        kill(running.pid, SIGTERM)
        let ended = running.wait(timeout: 10)
        #expect(ended.signal == SIGTERM && !ended.timedOut)
    }

    @Test("the child holds no descriptor of the parent's but the standard three and its lifeline")
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
