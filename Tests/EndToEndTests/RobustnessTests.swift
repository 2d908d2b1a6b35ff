import Foundation
import SimBench
import Testing

/// Hardening through the built binary: inputs that are not regular files or are too large,
/// a history that cannot grow (file size limit, as a full disk), repair-history, racing
/// appends, far timestamps for influx, and SIGINT/SIGTERM in the middle of a run.
@Suite("robustness", .serialized)
struct RobustnessTests {
    static let quickRun = OutputPathTests.quickRun

    @Test("a device, a FIFO or a file over the size cap is refused at once, exit 1")
    func inputsThatAreNotResultsFiles() throws {
        let scratch = try ScratchDirectory()
        try OutputPathTests.results().write(
            toFile: scratch.path("good.csv"), atomically: true, encoding: .utf8)
        #expect(mkfifo(scratch.path("fifo"), 0o600) == 0)
        let huge = open(scratch.path("huge.csv"), O_CREAT | O_WRONLY, 0o600)
        #expect(ftruncate(huge, off_t(ResultsFile.sizeLimit + 1)) == 0)  // sparse: no disk used
        close(huge)
        let cases: [([String], String)] =
            [
                (["compare", "/dev/zero", "good.csv"], "/dev/zero: is a character device"),
                (["compare", "good.csv", "fifo"], "fifo: is a FIFO"),
                (["merge", "fifo", "--out", "m.csv"], "fifo: is a FIFO"),
                (["export", "--format", "github", "/dev/zero"], "is a character device"),
                (["compare", "huge.csv", "good.csv"], "larger than 512 MiB"),
            ]
            // A file of Linux's /proc: its size says 0, its reading gives text.
            + (TestHost.isLinux
                ? [(["compare", "good.csv", "/proc/self/status"], "/proc/self/status: line 1")]
                : [])
        for (arguments, mentions) in cases {
            let result = try SimBenchBinary.run(arguments, in: scratch.url, timeout: 30)
            #expect(
                result.status == 1 && !result.timedOut,
                "\(arguments): \(result.status) \(result.standardError)")
            #expect(
                result.errorLines.count == 1 && result.standardError.contains(mentions),
                "\(arguments): \(result.standardError)")
        }
        #expect(scratch.contents.sorted() == ["fifo", "good.csv", "huge.csv"])
    }

    @Test("influx export of far years is one error naming line and column, not a crash")
    func influxFarYears() throws {
        let scratch = try ScratchDirectory()
        for year in ["0001", "2263", "9999"] {
            try OutputPathTests.results(timestamp: "\(year)-06-01T00:00:00Z")
                .write(toFile: scratch.path("far.csv"), atomically: true, encoding: .utf8)
            let result = try SimBenchBinary.run(
                ["export", "--format", "influx", "far.csv", "--out", "x.txt"], in: scratch.url)
            #expect(
                result.status == 1 && !result.signaled,
                "\(year): \(result.status) \(result.standardError)")
            #expect(
                result.standardError.contains("far.csv: line 2, column 'timestamp'"),
                "\(result.standardError)")
            #expect(!scratch.contents.contains("x.txt"))
        }
    }

    @Test("an append that cannot finish (file size limit, as a full disk) leaves the history whole")
    func appendPastTheSizeLimit() throws {
        let scratch = try ScratchDirectory()
        let first = try SimBenchBinary.run(
            Self.quickRun + ["--csv", "/dev/null", "--append", "h.csv"], in: scratch.url)
        #expect(first.status == 0, "\(first.standardError)")
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path("h.csv")))
        // bash's ulimit -f counts 1024-byte blocks: room for less than one more run's rows.
        let blocks = before.count / 1024 + 1
        let limited = try SimBenchBinary.run(
            ["-c", "ulimit -f \(blocks); exec \"$0\" \"$@\"", SimBenchBinary.url.path]
                + Self.quickRun + ["--csv", "/dev/null", "--append", "h.csv"],
            in: scratch.url, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(
            limited.status == 1 && !limited.signaled, "\(limited.status) \(limited.standardError)")
        #expect(
            limited.standardError.contains("the history is unchanged"), "\(limited.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("h.csv"))) == before)
        let next = try SimBenchBinary.run(
            Self.quickRun + ["--csv", "/dev/null", "--append", "h.csv"], in: scratch.url)
        #expect(
            next.status == 0 && next.standardOutput.contains("appended to h.csv"),
            "\(next.standardError)")
        #expect(scratch.contents == ["h.csv"])
    }

    /// Root writes into any directory whatever its mode, so for root (CI runs as root) the
    /// directory is made immutable (`chattr +i`), which refuses new entries to root too while
    /// its existing files can still grow.
    @Test("an existing history in a directory that is not writable can still grow")
    func appendInReadOnlyDirectory() throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.path("locked")
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: false)
        let first = try SimBenchBinary.run(
            Self.quickRun + ["--csv", "/dev/null", "--append", "locked/h.csv"], in: scratch.url)
        #expect(first.status == 0, "\(first.standardError)")
        try Self.refuseNewEntries(directory, true)
        defer { try? Self.refuseNewEntries(directory, false) }
        let second = try SimBenchBinary.run(
            Self.quickRun + ["--csv", "/dev/null", "--append", "locked/h.csv"], in: scratch.url)
        #expect(
            second.status == 0 && second.standardOutput.contains("appended to"),
            "\(second.standardError)")
        let refused = try SimBenchBinary.run(
            Self.quickRun + ["--csv", "locked/x.csv"], in: scratch.url)
        #expect(
            refused.status == 64 && refused.standardError.contains("no file can be created"),
            "\(refused.standardError)")
    }

    /// Makes `directory` refuse new entries (`on`) or take them again: mode 555 for a user,
    /// and the immutable attribute for root, whom modes do not stop (FS_IOC_GETFLAGS and
    /// FS_IOC_SETFLAGS with FS_IMMUTABLE_FL, as `chattr +i` does).
    static func refuseNewEntries(_ directory: String, _ on: Bool) throws {
        guard getuid() == 0 else {
            chmod(directory, on ? 0o555 : 0o755)
            return
        }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0, "open \(directory): errno \(errno)")
        defer { close(descriptor) }
        var flags: CInt = 0
        let immutable: CInt = 0x10
        try #require(ioctl(descriptor, 0x8008_6601, &flags) == 0, "FS_IOC_GETFLAGS: errno \(errno)")
        flags = on ? flags | immutable : flags & ~immutable
        try #require(ioctl(descriptor, 0x4008_6602, &flags) == 0, "FS_IOC_SETFLAGS: errno \(errno)")
    }
    @Test(
        "repair-history drops the run an interrupted append left incomplete, whole; readers name it"
    )
    func repairHistoryCommand() throws {
        let scratch = try ScratchDirectory()
        let history = URL(fileURLWithPath: scratch.path("h.csv"))
        var runEnds = [Int]()
        for _ in 0..<2 {
            let run = try SimBenchBinary.run(
                Self.quickRun + ["--csv", "/dev/null", "--append", "h.csv"], in: scratch.url)
            #expect(run.status == 0, "\(run.standardError)")
            runEnds.append(try Data(contentsOf: history).count)
        }
        let whole = try Data(contentsOf: history)
        let firstRun = whole.prefix(runEnds[0])
        let lines = whole.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let lastRecordLength = lines[lines.count - 2].count + 1
        let exportLatest = ["export", "--format", "github", "--run", "latest", "h.csv"]
        // Cut inside the last record, and cut at a record boundary (the last record whole
        // gone): either way the second run is incomplete, and dropped whole.
        for cut in [whole.count - lastRecordLength / 2, whole.count - lastRecordLength] {
            try whole.prefix(cut).write(to: history)
            let refused = try SimBenchBinary.run(
                Self.quickRun + ["--csv", "/dev/null", "--append", "h.csv"], in: scratch.url)
            #expect(
                refused.status == 1
                    && refused.standardError.contains("simbench repair-history h.csv"),
                "\(refused.standardError)")
            #expect(refused.errorLines.count == 1)
            let export = try SimBenchBinary.run(exportLatest, in: scratch.url)
            #expect(
                export.status == 1
                    && export.standardError.contains("simbench repair-history h.csv"),
                "cut at \(cut): \(export.standardError)")
            #expect(
                export.errorLines.count == 1 && export.standardOutput.isEmpty,
                "nothing published: \(export.standardOutput)")
            let repaired = try SimBenchBinary.run(["repair-history", "h.csv"], in: scratch.url)
            #expect(
                repaired.status == 0
                    && repaired.standardOutput.contains(
                        "which an interrupted append left incomplete"),
                "\(repaired.standardOutput) \(repaired.standardError)")
            #expect(try Data(contentsOf: history) == firstRun, "cut at \(cut)")
            let again = try SimBenchBinary.run(["repair-history", "h.csv"], in: scratch.url)
            #expect(again.status == 0 && again.standardOutput.contains("nothing to repair"))
            #expect(try SimBenchBinary.run(exportLatest, in: scratch.url).status == 0)
        }
        // A one-run history cut at a record boundary, exported as one run (no --run): refused too.
        let firstLines = firstRun.split(
            separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        try firstRun.prefix(firstRun.count - (firstLines[firstLines.count - 2].count + 1)).write(
            to: history)
        let oneRun = try SimBenchBinary.run(
            ["export", "--format", "github", "h.csv"], in: scratch.url)
        #expect(
            oneRun.status == 1 && oneRun.standardError.contains("simbench repair-history h.csv"),
            "\(oneRun.standardError)")
        #expect(oneRun.standardOutput.isEmpty)
        // A complete but malformed last record is refused, in one line, the file unchanged.
        var malformed = whole.prefix(runEnds[0])
        malformed.append(contentsOf: Array("x,y\r\n".utf8))
        try malformed.write(to: history)
        let refused = try SimBenchBinary.run(["repair-history", "h.csv"], in: scratch.url)
        #expect(
            refused.status == 1 && refused.errorLines.count == 1
                && refused.standardError.contains("not repaired"), "\(refused.standardError)")
        #expect(try Data(contentsOf: history) == malformed)
        let usage = try SimBenchBinary.run(["repair-history"], in: scratch.url)
        #expect(usage.status == 64)
    }

    @Test("two runs creating the same new history both keep their rows", arguments: 0..<4)
    func racingRuns(trial: Int) throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.url
        let group = DispatchGroup()
        // Safe: each slot is written by one task, read after `group.wait()`.
        nonisolated(unsafe) var results = [CommandResult?](repeating: nil, count: 2)
        for index in 0..<2 {
            group.enter()
            DispatchQueue.global().async {
                results[index] = try? SimBenchBinary.run(
                    Self.quickRun + ["--csv", "/dev/null", "--append", "h.csv"], in: directory)
                group.leave()
            }
        }
        group.wait()
        #expect(
            results.allSatisfy { $0?.status == 0 }, "\(results.map { $0?.standardError ?? "" })")
        let history = try ResultsFile.read(scratch.path("h.csv"), runs: .several)
        #expect(Set(history.records.map { $0[.runID] }).count == 2, "trial \(trial)")
        #expect(results.filter { $0?.standardOutput.contains("in new file") == true }.count == 1)
    }

    /// A run long enough to be interrupted: it measures for at least 30 seconds.
    static let longRun = [
        "run", "--scenario", "vending", "--machines", "50", "--events", "50", "--min-time", "30",
        "--max-time", "60", "--allow-debug", "--quiet",
    ]

    @Test(
        "SIGINT and SIGTERM: one line saying what was not written, exit 130 and 143, no file",
        arguments: [SIGINT, SIGTERM])
    func interrupted(signal: Int32) throws {
        let scratch = try ScratchDirectory()
        let process = try ChildProcess.start(
            SimBenchBinary.url.path,
            arguments: Self.longRun + [
                "--csv", "out.csv", "--raw", "raw.csv", "--append", "h.csv",
            ],
            environment: ProcessInfo.processInfo.environment, directory: scratch.url.path,
            standardOutput: .discard)
        Thread.sleep(forTimeInterval: 1.5)
        kill(process.pid, signal)
        let ended = process.wait(timeout: 30)
        if ended.timedOut { Issue.record("still running 30 s after the signal") }
        let text = String(decoding: ended.standardError, as: UTF8.self)
        #expect(ended.signal == nil)
        #expect(ended.exitStatus == 128 + signal, "\(text)")
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        // (A debug build's warning banner comes first.)
        #expect(
            text.hasSuffix(
                "\nsimbench: interrupted by \(name); not written: out.csv, raw.csv, h.csv\n"),
            "\(text)")
        #expect(text.components(separatedBy: "interrupted").count == 2)
        #expect(scratch.contents.isEmpty, "\(scratch.contents)")
    }

    /// An `fsync` that, on the file whose path ends with `SHIM_FILE`, sends `SHIM_SIGNAL` as
    /// if it had landed in the middle of the append (and with `SHIM_FAIL`, then fails as on
    /// a full disk). Loaded with LD_PRELOAD, so that simbench itself is not changed for tests.
    static let fsyncShim = """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <signal.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>

        int fsync(int descriptor) {
            int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
            int result = real(descriptor);
            const char *file = getenv("SHIM_FILE");
            char link[64], path[4096];
            snprintf(link, sizeof link, "/proc/self/fd/%d", descriptor);
            ssize_t length = readlink(link, path, sizeof path - 1);
            if (file == NULL || length <= 0) return result;
            path[length] = 0;
            size_t suffix = strlen(file);
            if ((size_t)length < suffix || strcmp(path + length - suffix, file) != 0) return result;
            // To the process, as kill(1) sends it (a thread may block it), then time for it
            // to land while the append is still under way.
            kill(getpid(), atoi(getenv("SHIM_SIGNAL")));
            usleep(200000);
            if (getenv("SHIM_FAIL") != NULL) {
                errno = ENOSPC;
                return -1;
            }
            return result;
        }
        """

    @Test(
        "a signal during a history append: the notice says the rows were appended, or the append undone",
        .enabled(if: TestHost.isLinux, "its shim is preloaded with LD_PRELOAD and reads /proc"),
        arguments: [(SIGINT, false), (SIGTERM, false), (SIGINT, true)])
    func signalDuringAppend(signal: Int32, fsyncFails: Bool) throws {
        let scratch = try ScratchDirectory()
        try Self.fsyncShim.write(toFile: scratch.path("shim.c"), atomically: true, encoding: .utf8)
        let compiled = try ChildProcess.run(
            // The toolchain's clang, else the system's cc.
            "/bin/sh",
            arguments: [
                "-c", "$(command -v clang || command -v cc) -shared -fPIC -o shim.so shim.c -ldl",
            ],
            environment: ProcessInfo.processInfo.environment, directory: scratch.url.path,
            timeout: 120)
        try #require(
            compiled.exitStatus == 0,
            "compiling the shim: \(String(decoding: compiled.standardError, as: UTF8.self))")
        let first = try SimBenchBinary.run(
            Self.quickRun + ["--csv", "/dev/null", "--append", "h.csv"], in: scratch.url)
        #expect(first.status == 0, "\(first.standardError)")
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path("h.csv")))

        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = scratch.path("shim.so")
        environment["SHIM_FILE"] = "/h.csv"
        environment["SHIM_SIGNAL"] = "\(signal)"
        if fsyncFails { environment["SHIM_FAIL"] = "1" }
        let ended = try ChildProcess.run(
            SimBenchBinary.url.path,
            arguments: Self.quickRun + [
                "--csv", "out.csv", "--raw", "raw.csv", "--append", "h.csv",
            ],
            environment: environment, directory: scratch.url.path, standardOutput: .discard,
            timeout: 120)
        let text = String(decoding: ended.standardError, as: UTF8.self)
        #expect(ended.exitStatus == 128 + signal, "\(text)")
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        let history =
            fsyncFails ? "append undone, the file as it was: h.csv" : "rows appended to: h.csv"
        #expect(
            text.hasSuffix(
                "simbench: interrupted by \(name); written: out.csv, raw.csv; \(history)\n"),
            "\(text)")
        let after = try Data(contentsOf: URL(fileURLWithPath: scratch.path("h.csv")))
        if fsyncFails {
            #expect(after == before, "the append was undone")
        } else {
            // The rows are there, whole: a rerun would add the run twice.
            let runs = try ResultsFile.read(scratch.path("h.csv"), runs: .several).records.map {
                $0[.runID]
            }
            #expect(Set(runs).count == 2 && after.starts(with: before), "\(runs)")
        }
        #expect(scratch.contents.sorted() == ["h.csv", "out.csv", "raw.csv", "shim.c", "shim.so"])
    }
}
