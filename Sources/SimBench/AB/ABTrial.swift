import Foundation

/// A package's working tree (the head) measured against one of its git commits (the base), on
/// this host in the same minutes: `ab`'s method, apart from its command line.
///
/// The base is checked out in a git worktree under `directory` and both sides are built in
/// release (with code layouts: compiled once, relinked before each pair, `CodeLayouts`). Then
/// each pair runs both builds' tool with the same arguments, in ABBA order (`order(ofPair:)`),
/// taking turns on the machine when both can (`MachineTurns`), and reads back each run's
/// results. The comparison of the pairs (`ResultsComparison(pairs:)`) and its verdict are
/// the caller's, from what `measure` returns.
///
/// Its two steps, `locate` and `measure`, leave the caller room between them for what only it
/// can check before anything is built (the runs' arguments, which this stage never reads).
public struct ABTrial {
    /// What the trial measures, and how.
    public struct Settings {
        /// The base: a branch, tag or commit.
        public var base: String
        /// How many pairs at most.
        public var pairs = 5
        /// Pairs are added until every row sees its threshold (`automaticMinimumPairs` at
        /// least) or the time runs out (`maxTime`, else `automaticMaxTime`).
        public var automaticPairs = false
        /// No pair is started that would end past this many seconds of pairs.
        public var maxTime: Double?
        public var layouts = CodeLayouts.Mode.on
        /// Where each run's results go: `base-1.csv`, `head-1.csv` … (`resultsPath`).
        public var output: String
        /// What a row must change by to count, for the automatic pairs and the base's
        /// columns.
        public var thresholds = RegressionThresholds()
        public var ignoringParameters = false

        public init(base: String, output: String) {
            self.base = base
            self.output = output
        }
    }

    /// A side of the trial.
    public enum Side: String, Sendable, CaseIterable {
        case base
        case head
    }

    /// What each side's run is given: the caller's words, which this stage does not read.
    public struct Runs {
        /// The arguments of `side`'s run (after the executable), its results written to
        /// `csv`.
        public var arguments: (_ side: Side, _ csv: String) -> [String]
        /// The arguments that print the run's help: a build that can take turns on the
        /// machine names `MachineTurns.variable` there.
        public var help: [String]
        /// The exit status of a run that computed a wrong outcome.
        public var wrongOutcomeStatus: Int32

        public init(
            arguments: @escaping (_ side: Side, _ csv: String) -> [String], help: [String],
            wrongOutcomeStatus: Int32
        ) {
            self.arguments = arguments
            self.help = help
            self.wrongOutcomeStatus = wrongOutcomeStatus
        }
    }

    /// The repository and the base's commit, found by `locate`.
    public struct Revisions: Sendable {
        /// The repository's top folder.
        public let root: String
        /// The base's full commit.
        public let commit: String

        /// The base's commit, short: 8 characters.
        public var short: String { String(commit.prefix(8)) }
    }

    /// What `measure` measured.
    public struct Measured {
        /// Each pair's results, base and head.
        public var pairs: [(base: ResultsFile, head: ResultsFile)]
        /// Each measured pair's layout seeds; nil with layouts off.
        public var seeds: [(base: UInt32, head: UInt32)]?
        /// Each measured pair's turns on the machine; empty for a pair whose sides ran one
        /// after the other.
        public var turns: [PairTurns]
        /// The head's commit, short (`?` when git cannot say), and whether its tracked files
        /// have changes.
        public var headCommit: String
        public var headHasChanges: Bool
    }

    /// With automatic pairs, no fewer than this many: fewer give a t interval too wide (4.3
    /// standard errors with 3 pairs) to see a usual threshold.
    public static let automaticMinimumPairs = 3
    /// With automatic pairs, the time they may take when no `maxTime` is given.
    public static let automaticMaxTime = 3600.0
    /// Where the base's worktree, build folders and build logs live, under the repository.
    public static let directory = ".build/ab"
    /// The executable product each side builds: the running tool's own (`simbench`, or a
    /// package's tool over its own catalog), named as SwiftPM names its executable.
    public static var product: String {
        String(ProcessPool.currentExecutable.split(separator: "/").last ?? "simbench")
    }

    public let settings: Settings

    public init(_ settings: Settings) {
        self.settings = settings
    }

    /// The side that runs first in pair number `pair` (from 1), then the other: base first
    /// in odd pairs, head first in even ones (ABBA), so that a machine slowing down favours
    /// neither.
    public static func order(ofPair pair: Int) -> [Side] {
        pair % 2 == 1 ? [.base, .head] : [.head, .base]
    }

    /// Where `side`'s results of pair number `pair` go: `base-1.csv` in the output folder.
    public func resultsPath(_ side: Side, pair: Int) -> String {
        "\(settings.output)/\(side.rawValue)-\(pair).csv"
    }

    /// The repository around `directory` (nil: the working directory) and the base's commit
    /// in it.
    ///
    /// - Throws: `Failure.notARepository`, `Failure.notACommit`.
    public func locate(from directory: String? = nil) throws(Failure) -> Revisions {
        let root: String
        do {
            root = try git(["rev-parse", "--show-toplevel"], in: directory)
        } catch {
            guard case .git(_, let reason) = error else { throw error }
            throw .notARepository(reason: reason)
        }
        guard
            let commit = try? git(
                ["rev-parse", "--verify", "-q", "\(settings.base)^{commit}"], in: root,
                failure: "")
        else {
            throw .notACommit(settings.base, repository: root)
        }
        return Revisions(root: root, commit: commit)
    }

    /// The base checked out and both sides built, then the pairs run: each pair's results,
    /// read back. `progress` hears what is done as it starts.
    ///
    /// - Throws: `Failure` when a step fails (a wrong outcome among them: nothing more is
    ///   run), `ResultsFileError` when a run's results cannot be read.
    public func measure(
        _ revisions: Revisions, runs: Runs, progress: (Event) -> Void
    ) throws -> Measured {
        let worktree = try checkOutBase(revisions)
        let builds = try buildBoth(revisions, worktree: worktree, progress: progress)
        try prepareOutput()
        let (pairs, turns) = try runPairs(builds, runs: runs, progress: progress)
        let root = revisions.root
        let status = try? git(["status", "--porcelain", "--untracked-files=no"], in: root)
        let head = try? git(["rev-parse", "--short=8", "HEAD"], in: root)
        return Measured(
            pairs: pairs, seeds: builds.seeds.map { Array($0.prefix(pairs.count)) }, turns: turns,
            headCommit: head ?? "?", headHasChanges: status?.isEmpty == false)
    }

    /// The output folder made, and an earlier trial's results and report in it removed
    /// (only regular files of those names, never a directory).
    func prepareOutput() throws(Failure) {
        let output = settings.output
        do {
            try FileManager.default.createDirectory(
                atPath: output, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(output, reason: Self.reason(error))
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        where ((name.hasPrefix("base-") || name.hasPrefix("head-")) && name.hasSuffix(".csv"))
            || name == Self.reportName
        {
            var status = stat()
            guard lstat("\(output)/\(name)", &status) == 0, status.st_mode & S_IFMT == S_IFREG
            else { continue }
            try? FileManager.default.removeItem(atPath: "\(output)/\(name)")
        }
    }

    /// The Markdown report's name in the output folder, which the caller writes; an earlier
    /// one is removed before the pairs run.
    public static let reportName = "report.md"

    /// A Foundation error's reason, in one line, without its domain and code.
    static func reason(_ error: Error) -> String {
        let text =
            (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
        return text.split(separator: "\n").first.map(String.init) ?? "\(error)"
    }
}
