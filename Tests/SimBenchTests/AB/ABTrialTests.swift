import Foundation
import Testing

@testable import SimBench

/// `ABTrial` without the command line: the order of a pair's sides, when a pair may start,
/// the repository and the base found, the output folder made ready, a pair's runs one after
/// the other (shell scripts for builds), and what a run's end says.
@Suite("ab's trial: pairs, order, repository, runs", .serialized)
struct ABTrialTests {
    @Test("the pairs run ABBA: base first in odd pairs, head first in even ones")
    func abba() {
        #expect(
            (1...4).map(ABTrial.order(ofPair:)) == [
                [.base, .head], [.head, .base], [.base, .head], [.head, .base],
            ])
    }

    @Test("a pair starts only when, at the pace so far, it ends within the time given")
    func room() {
        #expect(ABTrial.roomForPair(1, elapsed: 0, budget: 1))
        // Two pairs took 100 s: a third ends near 150 s.
        #expect(ABTrial.roomForPair(3, elapsed: 100, budget: 150))
        #expect(!ABTrial.roomForPair(3, elapsed: 100, budget: 149))
        #expect(!ABTrial.roomForPair(2, elapsed: 60, budget: 100))
    }

    @Test("the sides took turns only when the second held the machine before the first's last turn")
    func interleaved() {
        let cases: [([ABTrial.Side], [ABTrial.Side], Bool)] = [
            ([.base, .head], [.base, .head, .base, .head], true),
            ([.head, .base], [.head, .base, .head, .base], true),
            // One after the other: every turn of the first before the second's first.
            ([.base, .head], [.base, .base, .head, .head], false),
            ([.base, .head], [], false),
            // Only one side noted turns (a build older than the notes).
            ([.base, .head], [.head, .head], false),
        ]
        for (order, holders, expected) in cases {
            #expect(
                PairTurns(order: order, holders: holders).interleaved == expected,
                "\(order) \(holders)")
        }
    }

    @Test("a failure says what stopped the trial, and of which kind")
    func failures() {
        let refused = ABTrial.Failure.notACommit("nope", repository: "/repo")
        #expect(refused.kind == .refused)
        #expect("\(refused)" == "'nope' is not a commit of /repo; expected a branch, tag or commit")
        let wrong = ABTrial.Failure.wrongOutcome(
            label: "head", rows: ["selftest off-by-one (WRONG)"], results: "h.csv")
        #expect(wrong.kind == .wrongOutcome)
        #expect(
            "\(wrong)"
                == "the head computes a wrong outcome: selftest off-by-one (WRONG); nothing more was run"
        )
        #expect(
            "\(ABTrial.Failure.wrongOutcome(label: "head", rows: [], results: "h.csv"))"
                .contains("see h.csv"))
        let failed = ABTrial.Failure.runFailed(
            label: "base (main, 1a2b3c4d)", arguments: ["run", "--quiet"], status: nil,
            lastLine: "boom")
        #expect(failed.kind == .failed)
        #expect(
            "\(failed)"
                == "the base (main, 1a2b3c4d)'s 'simbench run --quiet' failed (status killed by a signal): boom"
        )
    }

    // MARK: - The repository

    /// `git ARGUMENTS` in `directory`, as a test's author.
    static func git(_ arguments: [String], in directory: String) throws {
        let environment = ProcessInfo.processInfo.environment.merging([
            "GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "test", "GIT_COMMITTER_EMAIL": "test@example.com",
        ]) { $1 }
        let result = try ChildProcess.run(
            "/usr/bin/env", arguments: ["git"] + arguments, environment: environment,
            directory: directory)
        try #require(result.exitStatus == 0, "git \(arguments)")
    }

    /// A scratch folder, removed by `body`'s end.
    static func scratch<T>(_ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "simbench-ab-trial-\(UUID().uuidString)"
        ).resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    @Test("the base is found in the repository: its commit, or why not")
    func locate() throws {
        try Self.scratch { folder in
            var settings = ABTrial.Settings(base: "HEAD", output: "\(folder)/out")
            #expect {
                try ABTrial(settings).locate(from: folder)
            } throws: { error in
                guard case .notARepository = error as? ABTrial.Failure else { return false }
                return true
            }
            try Self.git(["init", "--quiet", "-b", "main"], in: folder)
            try "a\n".write(toFile: "\(folder)/a", atomically: true, encoding: .utf8)
            try Self.git(["add", "a"], in: folder)
            try Self.git(["commit", "--quiet", "-m", "one"], in: folder)
            let found = try ABTrial(settings).locate(from: folder)
            #expect(found.root == folder)
            #expect(found.commit.count == 40 && found.short == String(found.commit.prefix(8)))
            settings.base = "no-such-branch"
            #expect(throws: ABTrial.Failure.notACommit("no-such-branch", repository: folder)) {
                try ABTrial(settings).locate(from: folder)
            }
        }
    }

    @Test("the output folder is made, and only an earlier trial's regular files are removed")
    func output() throws {
        try Self.scratch { folder in
            let output = "\(folder)/out/ab"
            let trial = ABTrial(ABTrial.Settings(base: "HEAD", output: output))
            try trial.prepareOutput()
            for name in ["base-1.csv", "head-2.csv", ABTrial.reportName, "mine.csv"] {
                #expect(FileManager.default.createFile(atPath: "\(output)/\(name)", contents: nil))
            }
            try FileManager.default.createDirectory(
                atPath: "\(output)/base-3.csv", withIntermediateDirectories: true)
            try trial.prepareOutput()
            let left = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
            #expect(left == ["base-3.csv", "mine.csv"])
            try "a file\n".write(toFile: "\(folder)/taken", atomically: true, encoding: .utf8)
            #expect {
                try ABTrial(ABTrial.Settings(base: "HEAD", output: "\(folder)/taken/ab"))
                    .prepareOutput()
            } throws: { error in
                guard case .cannotCreateOutput(let path, _) = error as? ABTrial.Failure else {
                    return false
                }
                return path == "\(folder)/taken/ab"
            }
        }
    }

    // MARK: - A pair's runs, one after the other

    /// Runs whose "build" is the shell: each side runs `script` with its results' path as
    /// `$1`, and its help prints `help`.
    static func shellRuns(_ script: String, help: String = "no turns here") -> ABTrial.Runs {
        ABTrial.Runs(
            arguments: { side, csv in ["-c", script, side.rawValue, csv] },
            help: ["-c", "echo '\(help)'"], wrongOutcomeStatus: 3)
    }

    static let labels: [ABTrial.Side: String] = [.base: "base (main, 1a2b3c4d)", .head: "head"]

    @Test(
        "a build whose run names no turns runs its sides one after the other, in the pair's order")
    func oneAfterTheOther() throws {
        try Self.scratch { folder in
            // Each side notes its start in one file, and writes its results once it ends.
            let runs = Self.shellRuns(
                "echo \"$0 started\" >> \(folder)/order; sleep 0.2; echo \"$0 ended\" >> \(folder)/order; echo ok > \"$1\""
            )
            let pair = PairRuns(
                binaries: [.base: "/bin/sh", .head: "/bin/sh"], labels: Self.labels, runs: runs)
            #expect(!pair.takesTurns)
            var announced = [ABTrial.Side]()
            let turns = try pair.run([.head, .base], csv: { "\(folder)/\($0.rawValue).csv" }) {
                announced.append($0)
            }
            #expect(announced == [.head, .base])
            #expect(turns == PairTurns(order: [.head, .base], holders: []))
            let order = try String(contentsOfFile: "\(folder)/order", encoding: .utf8)
            #expect(order == "head started\nhead ended\nbase started\nbase ended\n")
            for side in ABTrial.Side.allCases {
                #expect(FileManager.default.fileExists(atPath: "\(folder)/\(side.rawValue).csv"))
            }
        }
    }

    @Test("a run's end: a wrong outcome names its rows, a failure its status and last line")
    func runEnds() throws {
        try Self.scratch { folder in
            let wrong = ResultsFixture([
                .row("enum-switch", role: "baseline", median: 10),
                .row("state-objects", median: nil, status: "WRONG"),
            ]).text
            try wrong.write(toFile: "\(folder)/wrong.csv", atomically: true, encoding: .utf8)
            let pair = PairRuns(
                binaries: [.base: "/bin/sh", .head: "/bin/sh"], labels: Self.labels,
                runs: Self.shellRuns(
                    "if [ $0 = base ]; then exit 0; fi; cp \(folder)/wrong.csv \"$1\"; exit 3"))
            #expect(
                throws: ABTrial.Failure.wrongOutcome(
                    label: "head", rows: ["vending state-objects (WRONG)"],
                    results: "\(folder)/head.csv")
            ) {
                try pair.run([.base, .head], csv: { "\(folder)/\($0.rawValue).csv" }) { _ in }
            }
            let failing = PairRuns(
                binaries: [.base: "/bin/sh", .head: "/bin/sh"], labels: Self.labels,
                runs: Self.shellRuns("echo first >&2; echo 'the last line' >&2; exit 7"))
            #expect(
                throws: ABTrial.Failure.runFailed(
                    label: "base (main, 1a2b3c4d)",
                    arguments: [
                        "-c", "echo first >&2; echo 'the last line' >&2; exit 7", "base",
                        "\(folder)/base.csv",
                    ], status: 7, lastLine: "the last line")
            ) {
                try failing.run([.base, .head], csv: { "\(folder)/\($0.rawValue).csv" }) { _ in }
            }
        }
    }
}
