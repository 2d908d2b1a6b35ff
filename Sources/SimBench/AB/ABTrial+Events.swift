/// What `ABTrial` says as it works, and why it stops: data, which the caller words.
extension ABTrial {
    /// A step begun, or something seen on the way.
    public enum Event: Sendable, Equatable {
        /// The base is being built (`label`, in `worktree`), with layouts or not.
        case buildingBase(label: String, worktree: String, layouts: Bool)
        /// The head is being built: with layouts, in `layoutsFolder`.
        case buildingHead(layoutsFolder: String?)
        /// A side's relink compiled sources again (a build folder shared with another
        /// build): slower, not wrong. Its log is `log`.
        case relinkCompiled(label: String, log: String)
        /// Both sides built; the pairs start.
        case measuring
        /// A build cannot take turns on the machine: the sides run one after the other.
        case sidesCannotTakeTurns
        /// No room for pair `pair` within `budget` seconds after `elapsed`.
        case noRoomForPair(Int, elapsed: Double, budget: Double)
        /// Automatic pairs: after `pairs`, every row sees its threshold.
        case everyRowSees(pairs: Int)
        /// Automatic pairs: after `pairs`, `blind` rows cannot see their threshold yet; the
        /// widest is `widest`, which would see a change of ±`visible` (a fraction).
        case rowsCannotSee(pairs: Int, blind: Int, widest: String, visible: Double)
        /// Pair `pair` of `of` (nil: automatic) relinks both sides on these seeds.
        case relinking(pair: Int, of: Int?, seeds: Seeds)
        /// Pair `pair` of `of` starts its sides side by side, in this order, taking turns.
        case pairTakesTurns(pair: Int, of: Int?, order: [Side])
        /// Pair `pair` of `of` runs `side` (one after the other).
        case sideRuns(pair: Int, of: Int?, side: Side)
        /// Pair `pair`'s sides took the machine first in another order than started: its
        /// first turn went to `first`.
        case turnOrderDiffered(pair: Int, first: Side)
    }

    /// One pair's layout seeds.
    public struct Seeds: Sendable, Equatable {
        public let base: UInt32
        public let head: UInt32
    }

    /// Why a trial stopped.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// Not inside a git repository; git's reason.
        case notARepository(reason: String)
        /// The base names no commit of the repository.
        case notACommit(String, repository: String)
        /// The folder the base is built in cannot be made.
        case cannotCreateWorkspace(String, reason: String)
        /// A git step failed: what it did, and git's reason.
        case git(String, reason: String)
        /// The base's commit has no package at its root.
        case baseHasNoPackage(label: String)
        /// The output folder cannot be made.
        case cannotCreateOutput(String, reason: String)
        /// A side's package has no product of the tool's name.
        case noProduct(label: String, product: String)
        /// A side's build made no executable at `path`.
        case noBuiltProduct(label: String, product: String, path: String)
        /// A side's build failed with `status` (nil: killed); `linkerMentioned` when its log
        /// names the layouts' linker.
        case buildFailed(label: String, status: Int32?, log: String, linkerMentioned: Bool)
        /// A file the trial writes cannot be made.
        case cannotWrite(String)
        /// A process could not start.
        case cannotStart(String)
        /// A side's run computed a wrong outcome: its wrong rows (`scenario variant
        /// (status)`), read from `results`.
        case wrongOutcome(label: String, rows: [String], results: String)
        /// A side's run failed with `status` (nil: a signal ended it); its last line on
        /// standard error.
        case runFailed(label: String, arguments: [String], status: Int32?, lastLine: String)
        /// The base's results lack a column the verdicts read.
        case missingColumn(results: String, column: String)

        /// What kind of stop: a request refused before anything was built, a wrong outcome,
        /// or a failure of the work.
        public enum Kind: Sendable {
            case refused
            case wrongOutcome
            case failed
        }

        public var kind: Kind {
            switch self {
            case .notACommit: .refused
            case .wrongOutcome: .wrongOutcome
            default: .failed
            }
        }

        public var description: String {
            switch self {
            case .notARepository(let reason): "not inside a git repository: \(reason)"
            case .notACommit(let base, let root):
                "'\(base)' is not a commit of \(root); expected a branch, tag or commit"
            case .cannotCreateWorkspace(let path, let reason):
                "cannot create \(path), where the base is built: \(reason)"
            case .git(let action, let reason): "\(action): \(reason)"
            case .baseHasNoPackage(let label):
                "the \(label) has no \(ToolName.current): no Package.swift at its root; nothing was run"
            case .cannotCreateOutput(let path, let reason):
                "cannot create '\(path)': \(reason)"
            case .noProduct(let label, let product):
                "the \(label) has no \(product): its package has no '\(product)' product; nothing was run"
            case .noBuiltProduct(let label, let product, let path):
                "the \(label) has no \(product): the build made no \(path)"
            case .buildFailed(let label, let status, let log, _):
                "building the \(label) failed (swift build status \(status.map(String.init) ?? "killed")); log: \(log)"
            case .cannotWrite(let path): "cannot write \(path)"
            case .cannotStart(let reason): reason
            case .wrongOutcome(let label, let rows, let results):
                "the \(label) computes a wrong outcome: \(rows.isEmpty ? "see \(results)" : rows.joined(separator: ", ")); nothing more was run"
            case .runFailed(let label, let arguments, let status, let last):
                "the \(label)'s '\(ToolName.current) \(arguments.joined(separator: " "))' failed (status \(status.map(String.init) ?? "killed by a signal")): \(last)"
            case .missingColumn(let results, let column):
                "the base's results \(results) lack the column '\(column)', which the verdicts read (an older \(ToolName.current)); nothing more was run"
            }
        }
    }
}
