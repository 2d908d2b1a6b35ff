import Foundation
import SimBench
import Testing

/// Every writer's output path, through the built binary. One-character paths
/// work, `-` is standard output, devices and FIFOs are written in place, symlinks are
/// followed, and everything else is refused with exit 64 before anything is measured.
@Suite("output paths", .serialized)
struct OutputPathTests {
    /// A valid results file of two rows of `scenario`, stamped `timestamp`.
    static func results(scenario: String = "vending", timestamp: String = "2026-11-29T10:00:00Z")
        -> String
    {
        func row(_ variant: String, _ role: String, _ median: Double) -> [String] {
            let cells: [String: String] = [
                "run_id": "r", "timestamp": timestamp, "host": "h", "scenario": scenario,
                "params": "", "variant": variant, "role": role, "status": "ok",
                "ns_per_event_median": "\(median)", "ns_per_event_ci_low": "\(median * 0.99)",
                "ns_per_event_ci_high": "\(median * 1.01)", "ratio_to_baseline": "\(median / 100)",
                "allocs_per_event": "0", "checksum": "1f2e", "machines": "10",
            ]
            return ResultRow.columns.map { cells[$0] ?? "" }
        }
        return OutputFile.document(
            header: ResultRow.columns,
            rows: [row("enum-switch", "baseline", 100), row("table", "pattern", 80)])
    }

    static let quickRun = [
        "run", "--scenario", "vending", "--machines", "4", "--events", "4", "--rounds", "1",
        "--warmup", "0", "--allow-debug",
    ]

    func fileType(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    @Test("one-character paths work for every writer (they crashed in NSString)")
    func oneCharacterPaths() throws {
        let scratch = try ScratchDirectory()
        try Self.results().write(toFile: scratch.path("in.csv"), atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            Self.quickRun + ["--csv", "a"],
            Self.quickRun + ["--csv", "b", "--raw", "r"],
            Self.quickRun + ["--csv", "c", "--append", "h"],
            ["export", "--format", "github", "in.csv", "--out", "e"],
            ["merge", "in.csv", "--out", "m"],
            ["render", "--out", "s", "--events", "5"],
        ]
        for arguments in commands {
            let result = try SimBenchBinary.run(arguments, in: scratch.url)
            #expect(
                result.status == 0 && !result.signaled,
                "\(arguments): \(result.status) \(result.standardError)")
        }
        for name in ["a", "b", "r", "c", "h", "e", "m", "s"] {
            #expect(fileType(scratch.path(name)) == S_IFREG, "\(name) missing")
        }
        #expect(!scratch.contents.contains { $0.hasPrefix(AtomicFile.temporaryPrefix) })
    }

    @Test("'-' writes to standard output, and only the document goes there")
    func standardOutput() throws {
        let scratch = try ScratchDirectory()
        try Self.results().write(toFile: scratch.path("in.csv"), atomically: true, encoding: .utf8)
        let run = try SimBenchBinary.run(Self.quickRun + ["--csv", "-"], in: scratch.url)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix(ResultRow.columns.joined(separator: ",") + "\r\n"))
        #expect(try !ResultsFile(path: "-", bytes: Array(run.standardOutput.utf8)).records.isEmpty)
        #expect(run.standardError.contains("results: -"))
        let raw = try SimBenchBinary.run(
            Self.quickRun + ["--csv", "x.csv", "--raw", "-"], in: scratch.url)
        #expect(
            raw.status == 0 && raw.standardOutput.hasPrefix("run_id,scenario,"),
            "\(raw.standardOutput.prefix(80))")
        let export = try SimBenchBinary.run(
            ["export", "--format", "influx", "in.csv", "--out", "-"], in: scratch.url)
        #expect(export.status == 0 && export.standardOutput.hasPrefix("simbench,"))
        let merge = try SimBenchBinary.run(["merge", "in.csv", "--out", "-"], in: scratch.url)
        #expect(
            merge.status == 0 && merge.standardOutput == Self.results(), "\(merge.standardError)")
        let render = try SimBenchBinary.run(
            ["render", "--out", "-", "--events", "5"], in: scratch.url)
        #expect(render.status == 0 && render.standardOutput.hasPrefix("<svg"))
        #expect(scratch.contents.sorted() == ["in.csv", "x.csv"])
        let both = try SimBenchBinary.run(
            Self.quickRun + ["--csv", "-", "--raw", "-"], in: scratch.url)
        #expect(
            both.status == 64 && both.standardError.contains("same file"), "\(both.standardError)")
    }

    @Test("a character device is written in place, never replaced")
    func characterDevice() throws {
        let scratch = try ScratchDirectory()
        var before = stat()
        stat("/dev/null", &before)
        let result = try SimBenchBinary.run(
            Self.quickRun + ["--csv", "/dev/null", "--raw", "/dev/null"], in: scratch.url)
        #expect(result.status == 0, "\(result.standardError)")
        var after = stat()
        stat("/dev/null", &after)
        #expect(
            after.st_mode & S_IFMT == S_IFCHR && after.st_ino == before.st_ino
                && after.st_rdev == before.st_rdev)
        #expect(scratch.contents.isEmpty)
    }

    @Test("a FIFO is written in place (process substitution), never replaced")
    func fifo() throws {
        let scratch = try ScratchDirectory()
        let fifo = scratch.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reading end is open before the run starts (a FIFO nobody reads is refused up
        // front, so a reader opening it later would race the run's check and could wait for
        // ever), and a writing end of the test's own keeps the reader from an early end of
        // file until the run has written; closed once it has.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) & ~O_NONBLOCK)
        let writer = open(fifo, O_WRONLY)
        try #require(writer >= 0)
        // Safe: written by the reader thread only, read after `group.wait()`.
        nonisolated(unsafe) var received = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            received = FileHandle(fileDescriptor: reader, closeOnDealloc: true)
                .readDataToEndOfFile()
            group.leave()
        }
        let result = try SimBenchBinary.run(Self.quickRun + ["--csv", fifo], in: scratch.url)
        close(writer)
        group.wait()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("run_id,"))
        #expect(fileType(fifo) == S_IFIFO)
        #expect(scratch.contents == ["pipe"])
    }

    @Test("a symlink is followed to its target, existing or not, and stays a symlink")
    func symlinks() throws {
        let scratch = try ScratchDirectory()
        try "old\n".write(toFile: scratch.path("target.csv"), atomically: true, encoding: .utf8)
        #expect(symlink("target.csv", scratch.path("link.csv")) == 0)
        #expect(symlink("new.csv", scratch.path("dangling.csv")) == 0)
        let result = try SimBenchBinary.run(
            Self.quickRun + ["--csv", "link.csv", "--raw", "dangling.csv"], in: scratch.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(fileType(scratch.path("link.csv")) == S_IFLNK)
        #expect(fileType(scratch.path("dangling.csv")) == S_IFLNK)
        #expect(
            try String(contentsOfFile: scratch.path("target.csv"), encoding: .utf8).hasPrefix(
                "run_id,"))
        #expect(
            try String(contentsOfFile: scratch.path("new.csv"), encoding: .utf8).hasPrefix(
                "run_id,scenario,"))
        #expect(scratch.contents.sorted() == ["dangling.csv", "link.csv", "new.csv", "target.csv"])
    }

    @Test("a replaced file keeps its permissions")
    func keepsPermissions() throws {
        let scratch = try ScratchDirectory()
        try "old\n".write(toFile: scratch.path("out.csv"), atomically: true, encoding: .utf8)
        chmod(scratch.path("out.csv"), 0o640)
        let result = try SimBenchBinary.run(Self.quickRun + ["--csv", "out.csv"], in: scratch.url)
        #expect(result.status == 0)
        var status = stat()
        stat(scratch.path("out.csv"), &status)
        #expect(status.st_mode & 0o777 == 0o640)
    }

    /// Each: arguments, then what the one line on stderr mentions. Every one is refused
    /// before measuring, with exit 64, and changes nothing in the directory.
    static let refusals: [([String], String)] =
        [
            (quickRun + ["--csv", ""], "the path is empty"),
            (quickRun + ["--csv", "."], "is a directory"),
            (quickRun + ["--csv", "sub"], "is a directory"),
            (quickRun + ["--csv", "sub/"], "ends in '/'"),
            (quickRun + ["--csv", "a/"], "ends in '/'"),
            (quickRun + ["--raw", "sub"], "is a directory"),
            (quickRun + ["--append", "sub"], "is a directory"),
            (quickRun + ["--csv", String(repeating: "n", count: 300)], "File name too long"),
            (quickRun + ["--csv", "nowhere/x.csv"], "does not exist"),
            (quickRun + ["--csv", "in.csv/x.csv"], "Not a directory"),
            (
                quickRun + ["--append", "/dev/null"],
                "is a character device; expected a regular file"
            ),
            (quickRun + ["--append", "-"], "cannot be used here"),
            (quickRun + ["--csv", "loop.csv"], "symbolic links"),
            (quickRun + ["--csv", "dirlink.csv"], "is a directory"),
            // Collisions.
            (quickRun + ["--csv", "x.csv", "--raw", "x.csv"], "same file"),
            (quickRun + ["--csv", "x.csv", "--raw", "./x.csv"], "same file"),
            (quickRun + ["--csv", "in.csv", "--raw", "inlink.csv"], "same file"),
            (quickRun + ["--csv", "sub/../x.csv", "--append", "x.csv"], "same file"),
            (quickRun + ["--csv", "in.csv", "--append", "./in.csv"], "same file"),
            (
                ["export", "--format", "github", "in.csv", "--out", "./in.csv"],
                "same file as the input"
            ),
            (
                ["export", "--format", "github", "in.csv", "--out", "inlink.csv"],
                "same file as the input"
            ),
            (["export", "--format", "github", "in.csv", "--out", "sub"], "is a directory"),
            (["merge", "./in.csv", "--out", "in.csv"], "same file as the input"),
            (["merge", "in.csv", "--out", "inlink.csv"], "same file as the input"),
            (["merge", "in.csv", "--out", ""], "the path is empty"),
            (["render", "--out", "sub"], "is a directory"),
            (["render", "--out", "."], "is a directory"),
        ]
        // Linux's /proc: a folder no file can be made in, and a file that refuses a write.
        + (TestHost.isLinux
            ? [
                (quickRun + ["--csv", "/proc/simbench.csv"], "cannot be written"),
                (quickRun + ["--csv", "/proc/version"], "--csv: '/proc/version'"),
            ] : [])

    @Test(
        "bad and colliding output paths: exit 64, one line, nothing measured or written",
        arguments: 0..<refusals.count)
    func refused(index: Int) throws {
        let (arguments, mentions) = Self.refusals[index]
        let scratch = try ScratchDirectory()
        try Self.results().write(toFile: scratch.path("in.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: scratch.path("sub"), withIntermediateDirectories: false)
        symlink("in.csv", scratch.path("inlink.csv"))
        symlink("loop.csv", scratch.path("loop.csv"))
        symlink("sub/", scratch.path("dirlink.csv"))
        let before = scratch.contents
        let original = try Data(contentsOf: URL(fileURLWithPath: scratch.path("in.csv")))
        let result = try SimBenchBinary.run(arguments, in: scratch.url)
        #expect(
            result.status == 64 && !result.signaled,
            "\(arguments): \(result.status) \(result.standardError)")
        #expect(result.errorLines.count == 1, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(mentions), "\(arguments): \(result.standardError)")
        #expect(
            result.standardOutput.isEmpty,
            "\(arguments): measured or printed \(result.standardOutput.prefix(200))")
        #expect(scratch.contents == before, "\(arguments): \(scratch.contents)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("in.csv"))) == original)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: scratch.path("sub"))) == [])
    }

    @Test("a value holding a line break is quoted on one line")
    func lineBreakInValue() throws {
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run(["run", "--machines", "1\n2"], in: scratch.url)
        #expect(result.status == 64)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("'1\\n2'"))
    }

    @Test("render --page 10000000 draws one page, and never blames --machines")
    func renderFarPage() throws {
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run(
            ["render", "--out", "p.svg", "--page", "10000000", "--events", "5"], in: scratch.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("--machines"))
        let huge = try SimBenchBinary.run(
            ["render", "--out", "q.svg", "--page", "10000000", "--events", "2000000000"],
            in: scratch.url)
        #expect(
            huge.status == 64 && !huge.standardError.contains("--machines"), "\(huge.standardError)"
        )
    }
}
