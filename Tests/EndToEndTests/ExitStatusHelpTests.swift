import SimBench
import Testing

@testable import SimBenchCommandLine
@testable import simbench

/// EXIT STATUS is made from `ExitStatus`, once: `simbench --help` lists every status, and each
/// command's help lists what it declares, then usage, SIGINT and SIGTERM.
@Suite("exit status in the help", .serialized)
struct ExitStatusHelpTests {
    /// The status codes an EXIT STATUS section lists, in order.
    static func codes(in help: String) -> [Int32] {
        guard let section = help.components(separatedBy: "\nEXIT STATUS\n").last else { return [] }
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return Int32(line.dropFirst(2).prefix { $0 != " " })
        }
    }

    @Test("simbench --help lists every ExitStatus, 130 and 143 included, in one section")
    func general() throws {
        let help = try SimBenchBinary.run(["--help"])
        #expect(help.status == 0)
        #expect(
            help.standardOutput.components(separatedBy: "EXIT STATUS").count == 2,
            "\(help.standardOutput)")
        #expect(Self.codes(in: help.standardOutput) == ExitStatus.allCases.map(\.rawValue))
        #expect(
            ExitStatus.allCases.map(\.rawValue).contains(130)
                && ExitStatus.allCases.map(\.rawValue).contains(143))
    }

    @Test(
        "each command's help lists its declared statuses, then 64, 130 and 143, in one section",
        arguments: BenchmarkTool.simbench.commands.map { $0.name })
    func command(name: String) throws {
        let command = try #require(BenchmarkTool.simbench.commands.first { $0.name == name })
        let help = try SimBenchBinary.run([name, "--help"])
        #expect(help.status == 0, "\(name): \(help.standardError)")
        #expect(
            help.standardOutput.components(separatedBy: "EXIT STATUS").count == 2,
            "\(name): \(help.standardOutput)")
        let declared = command.exitStatuses.map(\.status)
        let expected = declared + ExitStatus.everyCommand.filter { !declared.contains($0) }
        #expect(Self.codes(in: help.standardOutput) == expected.map(\.rawValue), "\(name)")
        for (status, meaning) in command.exitStatuses {
            let firstWords = meaning.split(separator: " ").prefix(3).joined(separator: " ")
            #expect(help.standardOutput.contains(firstWords), "\(name): \(status) '\(firstWords)'")
        }
    }
}

/// Rows are identified by (scenario, params, sweep, variant) since the sweep column came: the
/// help that names the identity says so.
@Suite("row identity in the help")
struct RowIdentityHelpTests {
    @Test(
        "compare, merge and ab --help name the row identity with its sweep",
        arguments: ["compare", "merge", "ab"])
    func identity(command: String) throws {
        let help = try SimBenchBinary.run([command, "--help"])
        let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            text.contains("(scenario, params, sweep, variant)"),
            "\(command): \(help.standardOutput)")
        #expect(!text.contains("(scenario, params, variant)"), "\(command)")
    }
}
