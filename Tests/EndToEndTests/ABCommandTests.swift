import Foundation
import SimBench
import Testing

/// `simbench ab` end to end, in a scratch git repository made by the test.
///
/// Building simbench itself twice in release would take minutes, so the scratch repository
/// holds a tiny Swift package whose `simbench` executable hands its arguments on (`execv`)
/// to the simbench under test, with extra run arguments that differ between the two
/// commits. What runs for real: resolving `--base`, the git worktree under `.build/ab/`,
/// two `swift build -c release` (base and head), the ABBA children, reading their CSVs and
/// the paired verdicts. What it does not prove: anything about the statistics' power on
/// real changes (that is scripts/ab-proof.sh's job, on a quiet host).
@Suite(.serialized)
struct ABCommandTests {
    /// Tiny runs of the calibrate ruler; the debug build under test needs --allow-debug.
    static let runArguments = [
        "--scenario", "calibrate", "--machines", "50", "--rounds", "5", "--warmup", "1", "--actors",
        "1",
        "--seed", "1", "--allow-debug",
    ]

    /// A scratch repository: one commit per entry of `commits`, each the forwarder with
    /// those extra run arguments (nil: a commit without any package).
    static func repository(_ commits: [[String]?]) throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        try git(["init", "--quiet", "-b", "main"], in: scratch)
        try ".build/\nresults/\n".write(
            toFile: scratch.path(".gitignore"), atomically: true, encoding: .utf8)
        let sources = scratch.url.appendingPathComponent("Sources/simbench")
        for (index, extra) in commits.enumerated() {
            if let extra {
                try FileManager.default.createDirectory(
                    at: sources, withIntermediateDirectories: true)
                try package.write(
                    toFile: scratch.path("Package.swift"), atomically: true, encoding: .utf8)
                try forwarder(extra).write(
                    to: sources.appendingPathComponent("main.swift"), atomically: true,
                    encoding: .utf8)
            } else {
                try "no package yet\n".write(
                    toFile: scratch.path("README"), atomically: true, encoding: .utf8)
            }
            try git(["add", "-A"], in: scratch)
            try git(["commit", "--quiet", "-m", "commit \(index + 1)"], in: scratch)
        }
        return scratch
    }

    static let package = """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(name: "scratch", targets: [.executableTarget(name: "simbench", path: "Sources/simbench")])
        """

    /// `simbench` that becomes the binary under test, `run` getting `extra` at its end.
    static func forwarder(_ extra: [String]) -> String {
        let quoted = extra.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            #if canImport(Glibc)
            import Glibc
            #else
            import Darwin
            #endif
            let target = "\(SimBenchBinary.url.path)"
            var words = [target] + CommandLine.arguments.dropFirst()
            if CommandLine.arguments.dropFirst().first == "run" { words += ["--span", "0", \(quoted)] }
            let argv = words.map { strdup($0) } + [nil]
            execv(target, argv)
            perror("execv \\(target)")
            exit(127)
            """
    }

    static func git(_ arguments: [String], in scratch: ScratchDirectory) throws {
        let environment = ProcessInfo.processInfo.environment.merging([
            "GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "test", "GIT_COMMITTER_EMAIL": "test@example.com",
        ]) { $1 }
        let result = try ChildProcess.run(
            "/usr/bin/env", arguments: ["git"] + arguments, environment: environment,
            directory: scratch.url.path)
        guard result.exitStatus == 0 else {
            throw GitFailure(
                description:
                    "git \(arguments.joined(separator: " ")): \(String(decoding: result.standardError, as: UTF8.self))"
            )
        }
    }

    struct GitFailure: Error, CustomStringConvertible {
        let description: String
    }

    @Test(.enabled(if: LongTests.enabled, "long: scripts/long-tests.sh runs it (.ci/run)"))
    func aPlantedChangeBetweenTwoCommitsIsARegressionAndEachSideRunsItsOwnBuild() throws {
        // Commit 1 (base): the ruler as is. Commit 2 (head): the twin does twice the work.
        let scratch = try ABCommandTests.repository([[], ["--param", "calibrate.twin-extra=100"]])
        let result = try SimBenchBinary.run(
            [
                "ab", "--base", "HEAD~1", "--pairs", "3", "--ignore-params", "--format", "markdown",
                "--",
            ]
                + ABCommandTests.runArguments,
            in: scratch.url, timeout: 600)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("<!-- simbench -->\n"))
        let regression = result.standardOutput.split(separator: "\n").first {
            $0.hasPrefix("| **regression**")
        }
        #expect(regression?.contains("ruler-twin") == true, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("3 pairs"))
        #expect(
            FileManager.default.fileExists(atPath: scratch.path(".build/ab/base/Package.swift")))

        // Each side ran its own commit's build: only the head's runs had twin-extra=100.
        for pair in 1...3 {
            let base = try csvRows(at: scratch.path("results/ab/base-\(pair).csv"))
            let head = try csvRows(at: scratch.path("results/ab/head-\(pair).csv"))
            #expect(
                !base.isEmpty && base.allSatisfy { $0["params"]?.contains("twin-extra=0") == true })
            #expect(
                !head.isEmpty
                    && head.allSatisfy { $0["params"]?.contains("twin-extra=100") == true })
        }
        // That the pairs' runs take turns on the machine, in ABBA order, is checked on what
        // the runs did (the turns they note), by ABTurnsTests.

        // Layouts on (the default): both sides built once with function sections and lld,
        // then only relinked, each run with its own seed, named in the report.
        let seedLine = try #require(
            result.standardOutput.split(separator: "\n").first { $0.hasPrefix("<sub>Baseline") })
        #expect(
            seedLine.contains("layout seeds ")
                && seedLine.components(separatedBy: "layout seeds ").count == 3, "\(seedLine)")
        for side in ["base", "head"] {
            let build = try String(
                contentsOfFile: scratch.path(".build/ab/\(side)-build.log"), encoding: .utf8)
            let link = try String(
                contentsOfFile: scratch.path(".build/ab/\(side)-link.log"), encoding: .utf8)
            #expect(build.contains("Compiling"), "\(side): \(build)")
            #expect(
                link.contains("Linking simbench") && !link.contains("Compiling"),
                "\(side)'s relink: \(link)")
        }
        #expect(FileManager.default.fileExists(atPath: scratch.path(".build/ab/head-layouts")))
        #expect(
            FileManager.default.fileExists(
                atPath: scratch.path(".build/ab/base/.build/run-layouts")))

        // Again, with a base that runs only the ruler: the twin is listed on the head's side
        // only, not failed; the build folder is reused. One pair judges nothing.
        let second = try SimBenchBinary.run(
            [
                "ab", "--base", "HEAD~1", "--pairs", "1", "--ignore-params",
                "--base-args=--variant ruler", "--layouts", "off", "--",
            ]
                + ABCommandTests.runArguments,
            in: scratch.url, timeout: 600)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(
            second.standardOutput.contains("one layout (--layouts off)"), "\(second.standardOutput)"
        )
        #expect(second.standardOutput.contains("ruler-twin"), "\(second.standardOutput)")
        #expect(
            second.standardOutput.lowercased().contains("only in the current"),
            "\(second.standardOutput)")
        #expect(second.standardOutput.contains("no CI from fewer"), "\(second.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("results/ab/base-2.csv")))

        // The same as JSON (`--format json`, what the proof scripts read): compare's document,
        // titled ab, the twin listed on the head's side only, the ruler a figure. Both builds
        // are reused; only the two runs are new.
        let json = try SimBenchBinary.run(
            [
                "ab", "--base", "HEAD~1", "--pairs", "1", "--ignore-params",
                "--base-args=--variant ruler", "--layouts", "off", "--format", "json", "--",
            ]
                + ABCommandTests.runArguments,
            in: scratch.url, timeout: 600)
        #expect(json.status == 0, "\(json.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
                as? [String: Any], "\(json.standardOutput)")
        #expect(document["schema"] as? String == ResultsComparison.jsonSchema)
        #expect(document["title"] as? String == "simbench ab")
        let onlyInCurrent = try #require(document["onlyInCurrent"] as? [[String: String]])
        #expect(onlyInCurrent.contains { $0["variant"] == "ruler-twin" }, "\(onlyInCurrent)")
        let figures = try #require(document["figures"] as? [[String: Any]])
        #expect(
            figures.contains {
                $0["variant"] as? String == "ruler" && $0["scenario"] as? String == "calibrate"
            }, "\(figures)")

        // A wrong outcome (selftest's off-by-one, wrong on purpose) stops ab at the first run
        // with status 3, naming the build and the variant.
        let wrong = try SimBenchBinary.run(
            [
                "ab", "--base", "HEAD~1", "--pairs", "2", "--", "--scenario", "selftest",
                "--machines", "5", "--rounds", "3",
                "--warmup", "1", "--allow-debug",
            ],
            in: scratch.url, timeout: 600)
        #expect(wrong.status == 3, "\(wrong.standardError)")
        #expect(
            wrong.errorLines.last?.contains("the base (HEAD~1, ") == true, "\(wrong.standardError)")
        #expect(
            wrong.errorLines.last?.contains("selftest off-by-one") == true, "\(wrong.standardError)"
        )
        #expect(!FileManager.default.fileExists(atPath: scratch.path("results/ab/head-1.csv")))
    }

    @Test func aBaseWithoutSimbenchIsOneLineAndNothingRuns() throws {
        let scratch = try ABCommandTests.repository([nil, []])
        let result = try SimBenchBinary.run(
            ["ab", "--base", "HEAD~1", "--pairs", "1", "--"] + ABCommandTests.runArguments,
            in: scratch.url)
        #expect(result.status == 1)
        #expect(
            result.errorLines.last?.contains("has no simbench") == true, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("results/ab")))
    }

    @Test func aBaseThatIsNotACommitIsAUsageError() throws {
        let scratch = try ABCommandTests.repository([[]])
        let result = try SimBenchBinary.run(
            ["ab", "--base", "no-such-branch", "--"] + ABCommandTests.runArguments, in: scratch.url)
        #expect(result.status == 64)
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("'no-such-branch' is not a commit"))
    }

    /// What would fail after both builds (minutes) is refused before
    /// anything is built, in one line, exit 64, with no worktree or build folder made.
    @Test(
        "a bad --output or bad run arguments are refused before building",
        arguments: [
            (["--output", "taken"], "--output: 'taken' is not a directory"),
            (["--output", "taken/ab"], "'taken' is not a directory"),
            (["--output", "-"], "(standard output) cannot be used here"),
            (["--output", "dir"], "dir/base-1.csv' is a directory"),
            (["--", "--machines", "x"], "the head's run arguments"),
            (["--", "--scenario", "nope"], "unknown scenario"),
            (
                [
                    "--", "--scenario", "calibrate", "--param", "calibrate.work=abc",
                    "--allow-debug",
                ], "calibrate.work='abc'"
            ),
            (["--", "--scenario", "calibrate", "--csv", "mine.csv"], "--csv is not taken"),
            (
                ["--base-args=--append h.csv", "--"] + runArguments,
                "the base's run arguments: --append is not taken"
            ),
            (["--head-args=--rounds x", "--"] + runArguments, "the head's run arguments"),
        ])
    func refusedBeforeBuilding(arguments: [String], mentions: String) throws {
        let scratch = try ABCommandTests.repository([[]])
        try "a file\n".write(toFile: scratch.path("taken"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: scratch.path("dir/base-1.csv"), withIntermediateDirectories: true)
        let result = try SimBenchBinary.run(
            ["ab", "--base", "HEAD"] + arguments, in: scratch.url, timeout: 60)
        #expect(result.status == 64, "\(arguments): \(result.standardError)")
        #expect(
            result.errorLines.count == 1 && result.standardError.contains(mentions),
            "\(arguments): \(result.standardError)")
        #expect(
            !FileManager.default.fileExists(atPath: scratch.path(".build")),
            "\(arguments): nothing built")
        #expect(FileManager.default.fileExists(atPath: scratch.path("dir/base-1.csv")))
    }
}
