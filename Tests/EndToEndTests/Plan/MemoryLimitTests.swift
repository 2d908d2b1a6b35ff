import Foundation
import SimBench
import SimBenchCommandLine
import Testing

/// A run above a memory limit other than physical memory is refused before it starts.
@Suite("run: refused under a memory limit below its estimate")
struct MemoryLimitTests {
    /// The request of a CI job that died of `ulimit -v` mid-run: ten configurations of 100
    /// million machines held at once, some 16 GB estimated.
    static let request = [
        "run", "--scenario", "calibrate", "--machines", "100000000", "--param",
        "calibrate.work=1,2,3,4,5,6,7,8,9,10", "--rounds", "1", "--allow-debug", "--quiet",
    ]

    @Test(
        "ulimit -v (RLIMIT_AS): exit 64, naming the limit and the machines that fit",
        .enabled(if: TestHost.isLinux, "macOS does not enforce RLIMIT_AS"))
    func addressSpaceLimit() throws {
        let scratch = try ScratchDirectory()
        // 4 GB of address space: room for simbench to start, far below the estimate.
        let command =
            "ulimit -v 4000000 && exec \"$0\" \"$@\""
        let ended = try ChildProcess.run(
            "/bin/sh",
            arguments: ["-c", command, SimBenchBinary.url.path] + Self.request + [
                "--csv", "out.csv",
            ],
            environment: ProcessInfo.processInfo.environment, directory: scratch.url.path,
            timeout: SimBenchBinary.defaultTimeout)
        let stderr = String(decoding: ended.standardError, as: UTF8.self)
        #expect(ended.exitStatus == SimBenchCommandLine.ExitStatus.usage.rawValue, "\(stderr)")
        let line = stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.contains("address-space limit (RLIMIT_AS, ulimit -v) of 4.1 GB"), "\(line)")
        #expect(line.contains("would need about"), "\(line)")
        // The machines that fit, and that they are fewer than asked.
        let fitting = line.components(separatedBy: "--machines ").last?
            .split(separator: " ").first.flatMap { Int($0) }
        let machines = try #require(fitting, "\(line)")
        #expect(machines > 0 && machines < 100_000_000, "\(line)")
        #expect(scratch.contents.isEmpty, "\(scratch.contents)")
    }
}
