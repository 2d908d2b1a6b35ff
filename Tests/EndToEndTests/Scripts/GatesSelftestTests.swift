import Foundation
import SimBench
import Testing

/// `scripts/gates-selftest.sh` judges each proof by how its planted failure ends: exit
/// status 1 and its `NAME: FAILED` line. Here the proofs it lists are stand-ins
/// (`SIMBENCH_GATES_SCRIPTS`), each ending as the case asks, so that its verdict is checked
/// without measuring anything.
@Suite("gates-selftest: every proof's planted failure must fail it")
struct GatesSelftestTests {
    static let root = ComparisonJSONScriptTests.root
    static let script = root.appendingPathComponent("scripts/gates-selftest.sh").path

    /// The proofs' script names, as the list at the top of gates-selftest.sh has them.
    static func listedScripts() throws -> [String] {
        let text = try String(contentsOfFile: script, encoding: .utf8)
        let list = try #require(text.components(separatedBy: "\nproofs=(\n").dropFirst().first)
        return list.prefix { $0 != ")" }.split(separator: "\n")
            .compactMap { $0.split(separator: "\"").first { !$0.allSatisfy(\.isWhitespace) } }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Runs gates-selftest.sh over stand-ins that end with a planted failure's line and exit
    /// status 1, but for `broken`, which ends with `ending` (a line of bash).
    func selftest(broken: String? = nil, ending: String = "") throws -> CommandResult {
        let scratch = try ScratchDirectory()
        let names = try Self.listedScripts()
        try #require(names.count >= 5, "the proofs' list: \(names)")
        for name in names {
            let label = name.replacingOccurrences(of: ".sh", with: "")
            let body =
                name == broken
                ? ending : "echo '\(label): FAILED: as planted' >&2\nexit 1"
            try "#!/usr/bin/env bash\n\(body)\n".write(
                toFile: scratch.path(name), atomically: true, encoding: .utf8)
        }
        return try SimBenchBinary.run(
            [Self.script], executable: URL(fileURLWithPath: "/bin/bash"),
            variables: ["SIMBENCH_GATES_SCRIPTS": scratch.url.path])
    }

    @Test("every proof failed as planted: it passes")
    func allFailed() throws {
        let result = try selftest()
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("gates-selftest: passed"))
    }

    @Test(
        "a proof that ends otherwise fails it, named",
        arguments: [
            ("echo 'coverage-proof: FAILED in 1 s' >&2", "exited with status 0, not 1"),
            ("echo 'coverage-proof: FAILED in 1 s' >&2\nexit 0", "exited with status 0, not 1"),
            ("echo 'coverage-proof: passed'\nexit 0", "passed (exit status 0)"),
            ("echo 'coverage-proof: no build' >&2\nexit 1", "without its 'coverage-proof: FAILED'"),
            ("echo 'coverage-proof: FAILED' >&2\nexit 64", "exited with status 64, not 1"),
        ])
    func brokenEnding(ending: String, said: String) throws {
        let result = try selftest(broken: "coverage-proof.sh", ending: ending)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(
            result.standardError.contains("gates-selftest: FAILED: coverage-proof.sh")
                && result.standardError.contains(said), "\(result.standardError)")
    }
}
