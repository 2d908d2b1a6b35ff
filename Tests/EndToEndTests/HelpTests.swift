import Foundation
import SimBench
import Testing

/// `--help` on every command, did-you-mean, shell completions, and the docs (the README and
/// the DocC catalog) in step with the flags: all generated from the commands' option
/// declarations.
@Suite("help and completion")
struct HelpTests {
    /// The subcommands `simbench --help` lists (its SUBCOMMANDS section), `help` left out.
    static func commands() throws -> [String] {
        let help = try SimBenchBinary.run(["--help"]).standardOutput
        let section = try #require(help.components(separatedBy: "SUBCOMMANDS:\n").last)
        let lines = section.components(separatedBy: "\n\n")[0].split(separator: "\n")
        return lines.map { String($0.split(separator: " ")[0]) }.filter { $0 != "help" }
    }

    @Test("every command answers --help and -h with USAGE and OPTIONS, exit 0")
    func helpEverywhere() throws {
        let commands = try Self.commands()
        #expect(
            Set(commands).isSuperset(of: [
                "run", "list", "render", "doctor", "compare", "baseline", "export", "merge",
                "completion",
            ]))
        for command in commands {
            let long = try SimBenchBinary.run([command, "--help"])
            #expect(long.status == 0, "\(command) --help: \(long.standardError)")
            #expect(long.standardOutput.hasPrefix("simbench \(command) — "), "\(command)")
            #expect(long.standardOutput.contains("USAGE:\n  simbench \(command)"), "\(command)")
            #expect(long.standardOutput.contains("OPTIONS:\n"), "\(command)")
            #expect(long.standardError.isEmpty, "\(command)")
            let short = try SimBenchBinary.run([command, "-h"])
            #expect(
                short.status == 0 && short.standardOutput == long.standardOutput, "\(command) -h")
            let topic = try SimBenchBinary.run(["help", command])
            #expect(
                topic.status == 0 && topic.standardOutput == long.standardOutput, "help \(command)")
        }
        // Help wins over anything else on the line, even bad input.
        let mixed = try SimBenchBinary.run(["run", "--machines", "0", "--help"])
        #expect(mixed.status == 0 && mixed.standardOutput.contains("--machines N"))
    }

    @Test("the baseline command lists its subcommands; compare its arguments")
    func sections() throws {
        let baseline = try SimBenchBinary.run(["baseline", "--help"]).standardOutput
        #expect(baseline.contains("SUBCOMMANDS:\n  save NAME FILE"))
        let compare = try SimBenchBinary.run(["compare", "--help"]).standardOutput
        #expect(compare.contains("ARGUMENTS:\n  BASELINE"))
        // Defaults come from the code: the run's default machines, compare's thresholds.
        let run = try SimBenchBinary.run(["run", "--help"]).standardOutput
        #expect(run.contains("default: 10000"))
        #expect(compare.contains("default: 5%"))
    }

    @Test(
        "a mistyped flag or command gets the nearest one as a suggestion",
        arguments: [
            (["run", "--machine", "5"], "did you mean '--machines'?"),
            (["compare", "--treshold", "5"], "did you mean '--threshold'?"),
            (["rnu"], "did you mean 'run'?"),
            (["help", "exprot"], "did you mean 'export'?"),
            (["baseline", "sav"], "did you mean 'save'?"),
        ])
    func didYouMean(arguments: [String], suggestion: String) throws {
        let result = try SimBenchBinary.run(arguments)
        #expect(result.status == 64)
        #expect(
            result.errorLines.count == 1 && result.standardError.contains(suggestion),
            "\(result.standardError)")
    }

    @Test("nothing far from a known flag is suggested")
    func noWildSuggestion() throws {
        let result = try SimBenchBinary.run(["run", "--frobnicate"])
        #expect(
            result.status == 64 && !result.standardError.contains("did you mean"),
            "\(result.standardError)")
    }

    /// Runs `script` in a bash subprocess after loading simbench's bash completion.
    func bash(_ script: String) throws -> (status: Int32, output: String) {
        let scratch = try ScratchDirectory()
        let completion = try SimBenchBinary.run(["completion", "bash"])
        #expect(completion.status == 0)
        try completion.standardOutput.write(
            toFile: scratch.path("simbench.bash"), atomically: true, encoding: .utf8)
        let ended = try ChildProcess.run(
            "/bin/bash", arguments: ["-c", "source '\(scratch.path("simbench.bash"))'\n" + script],
            environment: ProcessInfo.processInfo.environment, standardError: .discard, timeout: 60)
        return (ended.exitStatus ?? -1, String(decoding: ended.standardOutput, as: UTF8.self))
    }

    @Test("the bash completion parses and completes commands, flags and values")
    func bashCompletion() throws {
        let scratch = try ScratchDirectory()
        let script = try SimBenchBinary.run(["completion", "bash"]).standardOutput
        try script.write(toFile: scratch.path("c.bash"), atomically: true, encoding: .utf8)
        let check = try ChildProcess.run(
            "/bin/bash", arguments: ["-n", scratch.path("c.bash")],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        #expect(
            check.exitStatus == 0,
            "bash -n refused the script: \(String(decoding: check.standardError, as: UTF8.self))")

        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let result = try bash(
                "COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _simbench; printf '%s\\n' \"${COMPREPLY[@]}\""
            )
            #expect(result.status == 0)
            return result.output.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["simbench", "ru"]) == ["run"])
        #expect(try complete(["simbench", "run", "--mach"]) == ["--machines"])
        #expect(
            try complete(["simbench", "compare", "--format", ""]) == [
                "text", "markdown", "json", "html",
            ])
        #expect(try complete(["simbench", "completion", "z"]) == ["zsh"])
        #expect(try complete(["simbench", "baseline", "s"]) == ["save"])
        #expect(try complete(["simbench", "help", "exp"]) == ["explain", "export"])
    }

    @Test("zsh and fish scripts declare every command and its flags")
    func otherShells() throws {
        let zsh = try SimBenchBinary.run(["completion", "zsh"])
        let fish = try SimBenchBinary.run(["completion", "fish"])
        #expect(zsh.status == 0 && zsh.standardOutput.hasPrefix("#compdef simbench"))
        #expect(fish.status == 0)
        for command in try Self.commands() {
            #expect(zsh.standardOutput.contains("'\(command):"), "zsh lacks \(command)")
            #expect(fish.standardOutput.contains("-a \(command) -d"), "fish lacks \(command)")
        }
        #expect(
            zsh.standardOutput.contains("'--machines[entities each scenario simulates (vending"))
        #expect(fish.standardOutput.contains("__fish_seen_subcommand_from run' -l machines -x"))
        #expect(fish.standardOutput.contains("-l format -x -a 'text markdown json html'"))
        let bad = try SimBenchBinary.run(["completion", "tcsh"])
        #expect(bad.status == 64 && bad.standardError.contains("bash, zsh, fish"))
    }

    /// `--flag` words in `text`.
    static func flags(in text: String) -> Set<String> {
        var found = Set<String>()
        let pattern = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--[a-z][a-z0-9-]*")
        let range = NSRange(text.startIndex..., in: text)
        for match in pattern.matches(in: text, range: range) {
            found.insert(String(text[Range(match.range, in: text)!]))
        }
        return found
    }

    @Test("every flag in the help is in the docs, and every flag in the docs is in the help")
    func docsMatchHelp() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        // The docs: the README and the manual's articles (Sources/SimBench/SimBench.docc).
        let catalog = root.appendingPathComponent("Sources/SimBench/SimBench.docc")
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
            .filter { $0.hasSuffix(".md") }.sorted()
        #expect(articles.count >= 6, "the catalog's articles were not found: \(articles)")
        let docs = try (["README.md"] + articles.map { "Sources/SimBench/SimBench.docc/\($0)" }).map
        {
            try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        // The scripts' own flags are documented there too.
        let script = try [
            "scripts/ci-bench.sh", "scripts/browser-check.sh", "scripts/readme-charts.sh",
            "scripts/influx-check.sh", "scripts/figures-check.sh", "scripts/coverage-proof.sh",
            "scripts/model-check.sh",
        ].map {
            try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        var declared = Set<String>()
        var mentioned = Self.flags(in: try SimBenchBinary.run(["--help"]).standardOutput)
        for command in try Self.commands() {
            let help = try SimBenchBinary.run([command, "--help"]).standardOutput
            mentioned.formUnion(Self.flags(in: help))
            let options = try #require(help.components(separatedBy: "OPTIONS:\n").last)
            for line in options.components(separatedBy: "\n\n")[0].split(separator: "\n") {
                // The first column: `--machines N`, `-h, --help`, up to the spaces before the
                // help, or the whole line for a flag too long to share one with its help
                // (`--threshold-instructions P`); continuation lines are deeper.
                guard line.hasPrefix("  -") else { continue }
                let column =
                    line.range(of: "   ").map { String(line[..<$0.lowerBound]) } ?? String(line)
                declared.formUnion(Self.flags(in: column))
            }
        }
        #expect(declared.count > 25, "the OPTIONS sections were not read: \(declared)")
        let docsFlags = Self.flags(in: docs)
        for flag in declared.sorted() {
            #expect(
                docsFlags.contains(flag),
                "\(flag) is in the help but not in README.md or the catalog")
        }
        // SwiftPM's, where the manual shows how to build the portable path.
        let toolchain: Set = ["--scratch-path"]
        let known = mentioned.union(Self.flags(in: script)).union(toolchain)
        for flag in docsFlags.sorted() {
            #expect(
                known.contains(flag),
                "README.md or the catalog names \(flag), which no help declares")
        }
    }
}
