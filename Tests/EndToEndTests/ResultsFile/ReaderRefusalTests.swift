import Foundation
import SimBench
import Testing

/// Every command that reads results files refuses a file that is not one from its first
/// line, in bounded memory, however large the file is: the header is checked before the rest
/// is read.
///
/// The peak memory is simbench's own: a small C program compiled here starts it and reads
/// `getrusage(RUSAGE_CHILDREN)` once it has ended. Not the test process's `wait4`: a child's
/// peak counts the memory of the process that forked it (Linux carries it across `execve`),
/// and this process's heap is large. No time is asserted.
@Suite("readers: a file that is no results file is refused from its first line", .serialized)
struct ReaderRefusalTests {
    /// The most a reader may hold while it refuses such a file.
    static let memoryLimit: UInt64 = 50_000_000

    /// A file that is not a results file.
    enum NotResults: String, CaseIterable, CustomTestStringConvertible {
        case newlines = "10 MB of line breaks"
        case randomBytes = "100 MB of random bytes"

        var testDescription: String { rawValue }

        /// Writes the file at `path`: the random bytes from a fixed seed (SplitMix64).
        func write(to path: String) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            switch self {
            case .newlines:
                try handle.write(contentsOf: Data(repeating: UInt8(ascii: "\n"), count: 10_000_000))
            case .randomBytes:
                var state: UInt64 = 0x5EED
                var chunk = [UInt8](repeating: 0, count: 1 << 20)
                for _ in 0..<100 {
                    chunk.withUnsafeMutableBytes { raw in
                        let words = raw.bindMemory(to: UInt64.self)
                        for index in words.indices {
                            state &+= 0x9E37_79B9_7F4A_7C15
                            var z = state
                            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                            words[index] = z ^ (z >> 31)
                        }
                    }
                    try handle.write(contentsOf: Data(chunk))
                }
            }
        }
    }

    /// Each reader's command line over the file `input`, writing (if it gets that far) into
    /// its working directory.
    static let readers: [(name: String, arguments: @Sendable (String) -> [String])] = [
        ("compare", { ["compare", $0, $0] }),
        ("export", { ["export", $0, "--format", "influx", "--out", "out.txt"] }),
        ("merge", { ["merge", $0, "--out", "all.csv"] }),
        ("report", { ["report", $0, "--out", "report.html"] }),
        ("plot", { ["plot", $0, "--chart", "ratios", "--out", "chart.svg"] }),
        ("repair-history", { ["repair-history", $0] }),
        ("baseline save", { ["baseline", "save", "main", $0] }),
        ("spread", { ["spread", $0, $0] }),
        ("coverage", { ["coverage", $0, $0, $0] }),
        ("run --append", { ["run", "--machines", "10", "--rounds", "1", "--append", $0] }),
    ]

    /// Runs its arguments as a command and writes that command's peak resident memory, in
    /// KiB, to the file `PEAK_FILE`; exits with the command's status.
    static let peakProgram = """
        #include <stdio.h>
        #include <stdlib.h>
        #include <sys/resource.h>
        #include <sys/wait.h>
        #include <unistd.h>

        int main(int argc, char **argv) {
            if (argc < 2) return 127;
            pid_t pid = fork();
            if (pid == 0) {
                execv(argv[1], argv + 1);
                _exit(127);
            }
            int status = 0;
            if (pid < 0 || waitpid(pid, &status, 0) != pid) return 127;
            struct rusage usage;
            getrusage(RUSAGE_CHILDREN, &usage);
            FILE *file = fopen(getenv("PEAK_FILE"), "w");
            if (file == NULL) return 127;
            fprintf(file, "%ld\\n", usage.ru_maxrss);
            fclose(file);
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        """

    /// Compiles `peakProgram` as `peak` in `scratch`.
    static func compilePeakProgram(in scratch: ScratchDirectory) throws {
        try Self.peakProgram.write(
            toFile: scratch.path("peak.c"), atomically: true, encoding: .utf8)
        let compiled = try ChildProcess.run(
            "/bin/sh",
            arguments: ["-c", "$(command -v clang || command -v cc) -O1 -o peak peak.c"],
            environment: ProcessInfo.processInfo.environment, directory: scratch.url.path)
        try #require(
            compiled.exitStatus == 0,
            "compiling the peak program: \(String(decoding: compiled.standardError, as: UTF8.self))"
        )
    }

    /// Runs simbench with `arguments` in `directory` under the compiled peak program of
    /// `scratch`: its exit status, its standard error and its peak resident memory in bytes.
    static func measured(
        _ arguments: [String], in directory: String, scratch: ScratchDirectory
    ) throws -> (status: Int32?, standardError: String, peak: UInt64) {
        let peakFile = scratch.path("peak.txt")
        var environment = ProcessInfo.processInfo.environment
        environment["PEAK_FILE"] = peakFile
        let ended = try ChildProcess.run(
            scratch.path("peak"), arguments: [SimBenchBinary.url.path] + arguments,
            environment: environment, directory: directory,
            timeout: SimBenchBinary.defaultTimeout)
        let kibibytes = try String(contentsOfFile: peakFile, encoding: .utf8)
        let peak =
            try #require(UInt64(kibibytes.trimmingCharacters(in: .whitespacesAndNewlines)))
            * 1024
        return (ended.exitStatus, String(decoding: ended.standardError, as: UTF8.self), peak)
    }

    @Test("refused on line 1, in bounded memory, nothing written", arguments: NotResults.allCases)
    func refused(_ kind: NotResults) throws {
        let scratch = try ScratchDirectory()
        try Self.compilePeakProgram(in: scratch)
        let input = scratch.path("input.csv")
        FileManager.default.createFile(atPath: input, contents: nil)
        try kind.write(to: input)
        let size = try FileManager.default.attributesOfItem(atPath: input)[.size] as? Int
        for reader in Self.readers {
            let work = scratch.url.appendingPathComponent(
                reader.name.replacingOccurrences(
                    of: " ", with: "-"))
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
            let (status, stderr, peak) = try Self.measured(
                reader.arguments(input), in: work.path, scratch: scratch)
            #expect(status == 1, "\(reader.name), \(kind.rawValue): \(stderr)")
            #expect(
                stderr.contains("\(input): line 1: "), "\(reader.name), \(kind.rawValue): \(stderr)"
            )
            #expect(
                peak < Self.memoryLimit,
                "\(reader.name), \(kind.rawValue): peak \(peak) B refusing a file of \(size ?? 0) B"
            )
            let written = try FileManager.default.contentsOfDirectory(atPath: work.path)
            #expect(written.isEmpty, "\(reader.name), \(kind.rawValue): wrote \(written)")
        }
        // repair-history changed nothing.
        let after = try FileManager.default.attributesOfItem(atPath: input)[.size] as? Int
        #expect(after == size)
    }

    /// The committed baseline: a valid results file of a few rows.
    static let validFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("results/baselines/ci.csv")

    /// The most a valid file's trailing line breaks may add to a reader's peak: a few
    /// buffers, far below the 40 MB of them (which a reader holding the file's bytes would
    /// add whole).
    static let skippedBytesAllowance: UInt64 = 10_000_000

    @Test("a valid file's trailing line breaks are read past: they add nothing to the memory")
    func skippedBytesCostNothing() throws {
        let scratch = try ScratchDirectory()
        try Self.compilePeakProgram(in: scratch)
        let plain = scratch.path("plain.csv")
        let padded = scratch.path("padded.csv")
        try FileManager.default.copyItem(atPath: Self.validFile.path, toPath: plain)
        try FileManager.default.copyItem(atPath: Self.validFile.path, toPath: padded)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: padded))
        try handle.seekToEnd()
        for _ in 0..<40 {
            try handle.write(contentsOf: Data(repeating: UInt8(ascii: "\n"), count: 1_000_000))
        }
        try handle.close()
        let readers: [(name: String, arguments: (String) -> [String])] = [
            ("compare", { ["compare", $0, $0] }),
            ("export", { ["export", $0, "--format", "influx", "--out", "out.txt"] }),
            ("merge", { ["merge", $0, "--out", "all.csv"] }),
        ]
        for reader in readers {
            var peaks = [UInt64]()
            for input in [plain, padded] {
                let work = scratch.url.appendingPathComponent(UUID().uuidString).path
                try FileManager.default.createDirectory(
                    atPath: work, withIntermediateDirectories: false)
                let (status, stderr, peak) = try Self.measured(
                    reader.arguments(input), in: work, scratch: scratch)
                #expect(status == 0, "\(reader.name) \(input): \(stderr)")
                peaks.append(peak)
            }
            #expect(
                peaks[1] < peaks[0] + Self.skippedBytesAllowance,
                "\(reader.name): peak \(peaks[0]) B for the file, \(peaks[1]) B with 40 MB of line breaks after it"
            )
        }
    }
}
