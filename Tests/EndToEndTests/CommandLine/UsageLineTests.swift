import Foundation
import Testing

/// Every command's USAGE line works as written: the flags come first and what follows `--`
/// (a child's arguments) comes last, so that a user who types the required words in the
/// order shown is never told a required flag is missing.
@Suite("usage lines that work as written")
struct UsageLineTests {
    /// The words of the USAGE section, wrapped lines joined.
    static func usageWords(of command: String) throws -> [String] {
        let help = try SimBenchBinary.run([command, "--help"]).standardOutput
        let section =
            help.components(separatedBy: "USAGE:\n").last?
            .components(separatedBy: "\n\n").first ?? ""
        return section.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test("ab: --base REF before [-- RUN-ARGUMENTS], which closes the line")
    func abUsage() throws {
        let words = try Self.usageWords(of: "ab")
        #expect(words.prefix(4) == ["simbench", "ab", "--base", "REF"], "\(words)")
        #expect(words.suffix(2) == ["[--", "RUN-ARGUMENTS]"], "\(words)")
    }

    @Test("ab's required words, typed as the usage line shows them, are not refused as missing")
    func abAsWritten() throws {
        // In the package's own repository, ab refuses the base itself (no such commit), after
        // parsing took --base, before anything is built.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let words = try Self.usageWords(of: "ab")
        let required = words.dropFirst().filter { !$0.hasPrefix("[") && !$0.hasSuffix("]") }
        let typed = required.map { $0 == "REF" ? "no-such-ref" : $0 } + ["--", "--rounds", "1"]
        let result = try SimBenchBinary.run(typed, in: root)
        #expect(result.status == 64, "\(typed): \(result.standardError)")
        #expect(!result.standardError.contains("missing"), "\(typed): \(result.standardError)")
        #expect(result.standardError.contains("no-such-ref"), "\(typed): \(result.standardError)")
    }
}
