import Foundation
import SimBench
import Testing

/// Seeded, bounded fuzzing through the built binary. Generated bad command lines
/// across every subcommand, and mutated results files through compare, merge and export.
/// Each must end with a documented exit status, never a signal or a hang, with one line on
/// stderr for an error and no file (partial or temporary) left behind when it fails.
///
/// The seeds are fixed, so a failure reproduces; its arguments or file are in the message.
@Suite("fuzz", .serialized)
struct FuzzTests {
    /// The exit statuses of the README's table.
    static let documented: Set<Int32> = [0, 1, 2, 3, 4, 5, 64]

    /// A small, fast, seeded generator (SplitMix64).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let subcommands = [
        "run", "list", "render", "doctor", "compare", "baseline", "export", "merge",
        "repair-history",
        "help",
    ]
    static let flags = [
        "--machines", "--events", "--scenario", "--variant", "--rounds", "--warmup", "--min-time",
        "--max-time", "--seed", "--actors", "--param", "--csv", "--raw", "--save-baseline",
        "--append",
        "--shard", "--quiet", "--out", "--page", "--format", "--threshold", "--threshold-time",
        "--threshold-ratio", "--threshold-allocs", "--fail-on-improvement", "--ratio-only",
        "--ignore-params", "-q", "-h",
    ]
    static let values = [
        "", "-", "a", ".", "..", "/", "0", "-1", "1", "1.5", "1e99", "99999999999999999999", "nan",
        "inf",
        "\n", "x\ny", "∞", "--", "/dev/null", "/dev/zero", "/proc/version", "dir/", "a,b,", ",",
        "=",
        "1_", "_", "0x10", "1/0", "3/2", "0/4", "5%", "-5%", "200%", "%", "vending", "vending,",
        "marks",
        "products=-1", "x=1", "marks.nesting=0", "save", "list", "github", "influx", "json",
        String(repeating: "n", count: 300), "a\u{0}b", "\u{1B}[31m", "é", "📈", "in.csv", "./in.csv",
    ]

    /// One bad command line: random words, and somewhere among them a flag no subcommand
    /// knows, so that none of them runs (or draws, or writes) anything.
    static func badCommandLine(_ random: inout Generator) -> [String] {
        var words = [String]()
        if random.below(20) != 0 { words.append(random.pick(subcommands)) }
        for _ in 0..<random.below(6) {
            switch random.below(4) {
            case 0: words.append(random.pick(flags))
            case 1: words.append(random.pick(values))
            default: words += [random.pick(flags), random.pick(values)]
            }
            if random.below(8) == 0, let flag = words.last, flag.hasPrefix("--") {
                words[words.count - 1] = flag + "=" + random.pick(values)
            }
        }
        let unknown = random.pick(["--fuzz", "--csvv", "-z", "--", "--machines-", "---"])
        words.insert(unknown, at: words.isEmpty ? 0 : 1 + random.below(words.count))
        if words[0].hasPrefix("-") || !subcommands.contains(words[0]) || words[0] == "help" {
            // `help X` prints help whatever follows; make the line bad from its first word.
            words[0] = random.pick(["frobnicate", "--bogus", "RUN", "hlep", ""])
        }
        return words
    }

    /// One `run` with output paths drawn from `values`: refused for the path (exit 64), or,
    /// for a debug build, refused for being one; at worst a tiny run.
    static func pathCommandLine(_ random: inout Generator) -> [String] {
        var words = [
            "run", "--scenario", "vending", "--machines", "2", "--events", "2", "--rounds", "1",
            "--warmup", "0", "--quiet",
        ]
        for _ in 0..<(1 + random.below(3)) {
            words += [
                random.pick(["--csv", "--raw", "--append"]),
                random.pick(values + ["in.csv", "inlink.csv", "sub", "sub/x.csv"]),
            ]
        }
        return words
    }

    func prepare(_ scratch: ScratchDirectory) throws {
        try OutputPathTests.results().write(
            toFile: scratch.path("in.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: scratch.path("sub"), withIntermediateDirectories: false)
        symlink("in.csv", scratch.path("inlink.csv"))
    }

    func noTemporaryFiles(_ scratch: ScratchDirectory) -> Bool {
        let all =
            (FileManager.default.enumerator(atPath: scratch.url.path)?.allObjects as? [String])
            ?? []
        return !all.contains {
            ($0 as NSString).lastPathComponent.hasPrefix(AtomicFile.temporaryPrefix)
        }
    }

    /// The fuzz tests' inputs are dealt into this many parts, each a test case of its own, so
    /// that the parts run side by side; part `p` of `n` draws from a generator of its own.
    static let parts = 6

    @Test(
        "360 generated bad command lines: documented status, no signal, nothing written",
        arguments: 0..<parts)
    func badCommandLines(part: Int) throws {
        var random = Generator(state: 12 &+ UInt64(part) &* 7919)
        let scratch = try ScratchDirectory()
        try prepare(scratch)
        let before = scratch.contents
        let input = try Data(contentsOf: URL(fileURLWithPath: scratch.path("in.csv")))
        var tried = 0
        var clean = 0
        var crashes = 0
        // Two in three of the lines are bad flags and values, the rest paths.
        for index in 0..<(360 / Self.parts) {
            let arguments =
                index % 3 < 2 ? Self.badCommandLine(&random) : Self.pathCommandLine(&random)
            let result = try SimBenchBinary.run(arguments, in: scratch.url, timeout: 60)
            tried += 1
            if result.signaled || result.timedOut { crashes += 1 }
            #expect(!result.signaled && !result.timedOut, "\(arguments): signal \(result.status)")
            #expect(
                Self.documented.contains(result.status), "\(arguments): status \(result.status)")
            if result.status == 64 {
                clean += 1
                #expect(result.errorLines.count == 1, "\(arguments): \(result.standardError)")
                #expect(
                    result.standardOutput.isEmpty,
                    "\(arguments): \(result.standardOutput.prefix(100))")
            }
            #expect(noTemporaryFiles(scratch), "\(arguments)")
            if scratch.contents != before {
                // Only a run that succeeded may leave its outputs; remove them for the next.
                #expect(
                    result.status == 0,
                    "\(arguments): status \(result.status) left \(scratch.contents)")
                for name in scratch.contents where !before.contains(name) {
                    try? FileManager.default.removeItem(atPath: scratch.path(name))
                }
            }
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: scratch.path("in.csv"))) == input,
                "\(arguments)")
        }
        print(
            "fuzz command lines, part \(part): \(tried) tried, \(clean) refused cleanly (64), \(tried - clean - crashes) other documented statuses, \(crashes) crashes"
        )
    }

    /// The valid file the mutations start from: six rows.
    static let seedFile: [UInt8] = {
        var text = OutputPathTests.results()
        let other = OutputPathTests.results(scenario: "workday").split(
            separator: "\r\n", omittingEmptySubsequences: false)
        text += other.dropFirst().filter { !$0.isEmpty }.map { $0 + "\r\n" }.joined()
        return Array(text.utf8)
    }()

    static let nastyBytes: [[UInt8]] = [
        [0], [0x22], [0x2C], [0x0D], [0x0A], [0x0D, 0x0A], [0xFF], [0xC3], [0xE2, 0x88, 0x9E],
        Array("0x1p3".utf8), Array("nan".utf8), Array("1e999".utf8), Array("-0".utf8),
        Array("ＡＢ".utf8), Array("\"\"".utf8), Array(",,,".utf8), Array("9999-12-31T23:59:59Z".utf8),
        Array("0001-01-01T00:00:00Z".utf8),
    ]

    /// `bytes` with 1 to 3 random mutations.
    static func mutate(_ bytes: [UInt8], _ random: inout Generator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<(1 + random.below(3)) {
            guard !bytes.isEmpty else { break }
            let at = random.below(bytes.count)
            switch random.below(8) {
            case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(40)))
            case 2: bytes.insert(contentsOf: random.pick(nastyBytes), at: at)
            case 3: bytes.removeSubrange(at...)
            case 4:
                // Duplicate or drop a line.
                let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(
                    Array.init)
                let line = random.below(lines.count)
                var changed = lines
                if random.below(2) == 0 {
                    changed.insert(lines[line], at: line)
                } else {
                    changed.remove(at: line)
                }
                bytes = Array(changed.joined(separator: [0x0A]))
            case 5:
                // Replace one cell (between commas) with something nasty.
                guard let end = bytes[at...].firstIndex(of: 0x2C) else { continue }
                let start = (bytes[..<at].lastIndex(of: 0x2C) ?? -1) + 1
                bytes.replaceSubrange(start..<end, with: random.pick(nastyBytes))
            case 6: bytes[at] = random.pick([0x22, 0x2C, 0x0A, 0x0D, 0x00, 0x30, 0x2E, 0x65, 0x2D])
            default: bytes.append(contentsOf: bytes[at..<min(bytes.count, at + random.below(200))])
            }
        }
        return bytes
    }

    @Test(
        "300 mutated results files through compare, merge and export: documented status, no signal, no partial file",
        arguments: 0..<parts)
    func mutatedFiles(part: Int) throws {
        var random = Generator(state: 2026 &+ UInt64(part) &* 7919)
        let scratch = try ScratchDirectory()
        try Data(Self.seedFile).write(to: URL(fileURLWithPath: scratch.path("good.csv")))
        var tried = 0
        var clean = 0
        var refused = 0
        var crashes = 0
        let formats = BenchmarkExport.Format.allCases.map(\.rawValue)
        for index in 0..<(300 / Self.parts) {
            let mutated = Self.mutate(Self.seedFile, &random)
            try Data(mutated).write(to: URL(fileURLWithPath: scratch.path("bad.csv")))
            let commands: [([String], Set<Int32>, String?)] = [
                (["compare", "good.csv", "bad.csv"], [0, 1, 2], nil),
                (["merge", "bad.csv", "--out", "out.csv"], [0, 1], "out.csv"),
                (
                    [
                        "export", "--format", formats[index % formats.count], "bad.csv", "--out",
                        "out.txt",
                    ], [0, 1], "out.txt"
                ),
            ]
            for (arguments, allowed, output) in commands {
                let result = try SimBenchBinary.run(arguments, in: scratch.url, timeout: 60)
                tried += 1
                let context = "part \(part), file #\(index) \(arguments): \(result.standardError)"
                if result.signaled || result.timedOut { crashes += 1 }
                #expect(!result.signaled && !result.timedOut, "\(context)")
                #expect(allowed.contains(result.status), "\(context) status \(result.status)")
                if result.status == 1 {
                    refused += 1
                    #expect(result.errorLines.count == 1, "\(context)")
                    if let output {
                        #expect(!scratch.contents.contains(output), "\(context): wrote \(output)")
                    }
                } else if result.status == 0 || result.status == 2 {
                    clean += 1
                    if output == "out.csv" {
                        #expect(throws: Never.self, "\(context)") {
                            try ResultsFile.read(scratch.path("out.csv"))
                        }
                    }
                }
                #expect(noTemporaryFiles(scratch), "\(context)")
                if let output { try? FileManager.default.removeItem(atPath: scratch.path(output)) }
            }
        }
        #expect(scratch.contents.sorted() == ["bad.csv", "good.csv"])
        print(
            "fuzz results files, part \(part): \(tried / 3) files, \(tried) commands: \(clean) read cleanly, \(refused) refused with one line (exit 1), \(crashes) crashes"
        )
    }
}
