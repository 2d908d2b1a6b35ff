import Foundation
import SimBench
import Testing

@testable import SimBenchCommandLine

/// `run --suite FILE`: the file's words read in the flag's place, later flags overriding.
@Suite("suite files", .serialized)
struct SuiteFileTests {
    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("simbench-suite-\(UUID().uuidString).conf").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("words split on whitespace, comments and blank lines dropped")
    func words() {
        let text = "# a comment\n--scenario vending,workday  # why\n\n\t--rounds 4\n#--seed 2\n"
        #expect(SuiteFile.words(of: text) == ["--scenario", "vending,workday", "--rounds", "4"])
    }

    /// A command with `--suite` and two flags, to parse without a running tool.
    struct Probe: Command {
        var machines = ""
        var rounds = ""
        static let name = "probe"
        static let abstract = "a probe"
        static var flags: [Option<Probe>] {
            [
                .suite(help: "run arguments"),
                .value("--machines", value: "N", help: "", expected: "N") { $0.machines = $1 },
                .value("--rounds", value: "N", help: "", expected: "N") { $0.rounds = $1 },
            ]
        }
        static let exitStatuses: [(status: SimBenchCommandLine.ExitStatus, meaning: String)] = []
        init() {}
        mutating func finish(operands: [String]) throws { try Self.refuseOperands(operands) }
        func execute() throws -> SimBenchCommandLine.ExitStatus { .success }
    }

    @Test("--suite reads the file in its place; flags after it override its values")
    func expands() throws {
        let path = try Self.write("--machines 500\n--rounds 4 # four\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let parsed = try CommandParser.parse(Probe.self, ["--suite", path, "--rounds", "1"])
        guard case .command(let probe) = parsed else {
            Issue.record("not parsed as a command")
            return
        }
        #expect(probe.machines == "500" && probe.rounds == "1")
    }

    @Test("every flag of the repository's CI suite is a run flag, and run takes --suite")
    func ciSuite() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let words = try SuiteFile.read(root.appendingPathComponent(ABCommand.suiteFile).path)
        let runFlags = Set(RunCommand.flags.flatMap(\.names))
        #expect(runFlags.contains(SuiteFile.flag))
        let flags = words.filter { $0.hasPrefix("--") }
        #expect(!flags.isEmpty)
        for flag in flags { #expect(runFlags.contains(flag), "\(flag)") }
    }

    @Test("a missing file, or a suite naming another suite, is a usage error")
    func refused() throws {
        #expect(throws: UsageError.self) {
            try CommandParser.parse(Probe.self, ["--suite", "/nonexistent/suite.conf"])
        }
        let path = try Self.write("--rounds 2 --suite other.conf\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: UsageError.self) {
            try CommandParser.parse(Probe.self, ["--suite", path])
        }
    }
}
