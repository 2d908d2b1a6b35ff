import Foundation
import SimBench
import Testing

/// A new history that cannot be written leaves no file. The disk is
/// "full" for the child alone: a shell caps the size of files it may write
/// (`ulimit -f 1`: 512 bytes, less than a history's header) and ignores SIGXFSZ, so the
/// write fails with EFBIG as it would with ENOSPC. The results go to /dev/null, which no
/// cap limits, so that the history is the write that fails.
@Suite("full disk", .serialized)
struct FullDiskTests {
    @Test("--append creating a new history on a full disk: exit 1, one line, no file, no temporary")
    func newHistory() throws {
        let scratch = try ScratchDirectory()
        let script = "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\""
        let result = try SimBenchBinary.run(
            [
                "-c", script, SimBenchBinary.url.path, "run", "--scenario", "vending", "--machines",
                "2", "--events", "2",
                "--rounds", "1", "--warmup", "0", "--processes", "1", "--allow-debug", "--quiet",
                "--csv", "/dev/null", "--append", "history.csv",
            ],
            in: scratch.url, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 1, "\(result.standardError)")
        #expect(
            result.errorLines.last?.hasPrefix("simbench: history.csv: File too large") == true,
            "\(result.standardError)")
        #expect(scratch.contents.isEmpty, "left: \(scratch.contents)")
    }
}
