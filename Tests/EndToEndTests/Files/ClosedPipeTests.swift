import Foundation
import SimBench
import SimBenchCommandLine
import Testing

/// A reader that goes away (`simbench --help | head -3`) ends the output quietly, as in the
/// Unix tools a user pipes into `head`: no message, exit status 141, no temporary left. The
/// pipe's read end is closed before the child starts, so that every run meets the closed
/// pipe on its first write, whatever the timing.
@Suite("standard output into a closed pipe", .serialized)
struct ClosedPipeTests {
    /// Runs simbench with standard output into a pipe nobody reads.
    static func runIntoClosedPipe(_ arguments: [String], in directory: URL) throws
        -> CommandResult
    {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        return try SimBenchBinary.run(
            arguments, in: directory, standardOutput: .descriptor(ends[1]))
    }

    @Test(
        "help, list, compare and export stop quietly with exit 141 when standard output's reader has gone",
        arguments: [
            ["--help"], ["help", "compare"], ["ab", "--help"], ["list"],
            ["compare", "a.csv", "a.csv"], ["export", "a.csv", "--format", "github"],
            ["merge", "a.csv", "--out", "-"],
        ])
    func closedPipe(arguments: [String]) throws {
        let scratch = try ScratchDirectory()
        try StandardOutputTests.writeResults(scratch.path("a.csv"))
        let result = try Self.runIntoClosedPipe(arguments, in: scratch.url)
        #expect(
            !result.signaled && result.status == SimBenchCommandLine.ExitStatus.closedPipe.rawValue,
            "\(arguments): status \(result.status), \(result.standardError)")
        #expect(result.standardError.isEmpty, "\(arguments): \(result.standardError)")
        let left = scratch.contents.filter { $0.hasPrefix(".simbench-") }
        #expect(left.isEmpty, "\(arguments): temporaries left: \(left)")
    }

    @Test(
        "a full disk still fails with one line naming standard output, exit 1",
        .enabled(if: TestHost.isLinux, "Linux's /dev/full stands for the full disk"))
    func fullDiskStillFails() throws {
        let result = try SimBenchBinary.run(["--help"], standardOutput: .file("/dev/full"))
        #expect(result.status == SimBenchCommandLine.ExitStatus.failure.rawValue)
        #expect(
            result.errorLines == ["simbench: standard output: No space left on device"],
            "\(result.standardError)")
    }

    @Test("the manual and --help document the closed pipe's exit status")
    func documented() throws {
        let help = try SimBenchBinary.run(["--help"]).standardOutput
        #expect(help.contains("  141 "), "\(help)")
        let manual = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
                .appendingPathComponent("Sources/SimBench/SimBench.docc/Output.md"),
            encoding: .utf8)
        #expect(manual.contains("| 141 |"))
    }
}
