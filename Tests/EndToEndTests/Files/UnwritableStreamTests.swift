import Foundation
import SimBench
import Testing

/// An output that could not be written after the work is refused before it: a device that
/// refuses every write (`/dev/full`) and a FIFO nobody reads (whose write would wait for
/// ever), with one line and the usage status (64), nothing measured.
@Suite("outputs: unwritable streams are refused before anything is measured")
struct UnwritableStreamTests {
    static let run =
        ["run", "--scenario", "vending", "--machines", "20", "--events", "5"]
        + ["--rounds", "2", "--allow-debug", "--quiet"]

    @Test(
        "/dev/full as --raw, --csv or export --out",
        .enabled(if: TestHost.isLinux, "Linux's /dev/full"), arguments: ["--raw", "--csv", "--out"])
    func full(flag: String) throws {
        let scratch = try ScratchDirectory()
        let arguments =
            flag == "--out"
            ? ["export", "x.csv", "--format", "github", "--out", "/dev/full"]
            : Self.run + ["--csv", "ok.csv", flag, "/dev/full"]
        let result = try SimBenchBinary.run(arguments, in: scratch.url)
        #expect(result.status == 64, "\(arguments)")
        #expect(
            result.errorLines == [
                "simbench: \(flag): '/dev/full' is a character device that refuses writing (No space left on device); expected a writable file"
            ], "\(arguments)")
        #expect(scratch.contents.isEmpty, "\(arguments)")
    }

    @Test("a FIFO nobody reads, as --csv: refused at once, no wait")
    func unreadFIFO() throws {
        let scratch = try ScratchDirectory()
        #expect(mkfifo(scratch.path("fifo"), 0o600) == 0)
        let result = try SimBenchBinary.run(Self.run + ["--csv", "fifo"], in: scratch.url)
        #expect(result.status == 64)
        #expect(
            result.errorLines == [
                "simbench: --csv: 'fifo' is a FIFO that nobody reads, so writing to it would wait for ever; expected a regular file, or a FIFO with a reader"
            ])
    }
}
