import Foundation
import SimBench
import Testing

/// Every command that reads results files refuses a file that is not one from its first
/// line, in bounded memory, however large the file is: the header is checked before the rest
/// is read.
///
/// The peak memory is the simbench process's own, from `wait4`'s resource usage
/// (`ChildProcess.Result.peakResidentBytes`), so the test process's heap does not count.
/// No time is asserted.
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
    ]

    @Test("refused on line 1, in bounded memory, nothing written", arguments: NotResults.allCases)
    func refused(_ kind: NotResults) throws {
        let scratch = try ScratchDirectory()
        let input = scratch.path("input.csv")
        FileManager.default.createFile(atPath: input, contents: nil)
        try kind.write(to: input)
        let size = try FileManager.default.attributesOfItem(atPath: input)[.size] as? Int
        for reader in Self.readers {
            let work = scratch.url.appendingPathComponent(
                reader.name.replacingOccurrences(
                    of: " ", with: "-"))
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
            let ended = try ChildProcess.run(
                SimBenchBinary.url.path, arguments: reader.arguments(input),
                environment: ProcessInfo.processInfo.environment, directory: work.path,
                timeout: SimBenchBinary.defaultTimeout)
            let stderr = String(decoding: ended.standardError, as: UTF8.self)
            #expect(ended.exitStatus == 1, "\(reader.name), \(kind.rawValue): \(stderr)")
            #expect(
                stderr.contains("\(input): line 1: "), "\(reader.name), \(kind.rawValue): \(stderr)"
            )
            let peak = try #require(ended.peakResidentBytes)
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
}
