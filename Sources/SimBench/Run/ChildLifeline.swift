import CSimBenchSystem
import Foundation

/// What ties a child of simbench to its parent: the child ends when the parent ends, by any
/// signal, SIGKILL included, and leaves no file behind.
///
/// Every child is started in one place (`ChildProcess.start`, `simbench_spawn`), which hands
/// it the read end of a pipe whose write end only the parent holds. A simbench child calls
/// `hold()` as it starts: a thread of its own waits on the pipe, and at its end of file (the
/// parent is gone: killed, crashed, or ending its children on SIGINT, SIGTERM or SIGHUP)
/// removes the files the parent left for this child to write, then the child's own
/// temporary files, and exits. Other programs (git, a build, strip, a simbench of another
/// commit) get, on Linux, a parent-death SIGKILL set before they run anything.
public enum ChildLifeline {
    /// How a child ends with its parent.
    public enum Tie: Sendable, Equatable {
        /// Killed by the kernel when the parent ends (Linux's `PR_SET_PDEATHSIG`): for a
        /// program that does not call `hold()`.
        case deathSignal
        /// A simbench that calls `hold()`: at the parent's end it removes `removing` (files
        /// or directories it writes for the parent) and exits.
        case lifeline(removing: [String])
        /// Killed by a guard process when the parent ends: the child stays as the guard, runs
        /// the program as its own child, passes the signals it gets on to it, ends with its
        /// status or signal, and kills its process group at the parent's end. How
        /// `.deathSignal` works where the kernel offers no parent-death signal (macOS, the
        /// portable build); asked for on Linux so that the guard is tested there too.
        case guarded

        var deathSignal: Int32 {
            switch self {
            case .deathSignal, .guarded: SIGKILL
            case .lifeline: 0
            }
        }

        /// Whether a guard process stands between this process and the program
        /// (`simbench_spawn_guarded`, the C shim's one answer).
        var isGuarded: Bool {
            switch self {
            case .deathSignal: simbench_spawn_guarded(0) != 0
            case .guarded: simbench_spawn_guarded(1) != 0
            case .lifeline: false
            }
        }
    }

    /// In the environment of a child tied by `.lifeline`: the parent's pid, then one line per
    /// file or directory the child must remove if the parent ends before it.
    static let variable = "SIMBENCH_LIFELINE"

    /// `environment` for a child tied by `tie`.
    static func environment(_ environment: [String: String], tie: Tie) -> [String: String] {
        var environment = environment
        switch tie {
        case .deathSignal, .guarded:
            environment[variable] = nil
        case .lifeline(let files):
            // The pid as long in every run (`ChildRole.fixedWidth`): `hold()` reads it back.
            environment[variable] = ([ChildRole.fixedWidth(getpid())] + files).joined(
                separator: "\n")
        }
        return environment
    }

    /// In a child started with `.lifeline`: from now on, the end of the parent ends this
    /// process after removing its files (at once, if the parent has ended already). Does
    /// nothing in any other process. Call first thing.
    public static func hold() {
        guard let value = getenv(variable).map({ String(cString: $0) }) else { return }
        let lines = value.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let parent = lines.first.flatMap({ pid_t($0) }) else { return }
        let files = lines.dropFirst().filter { !$0.isEmpty }.map { strdup($0) }
        defer { files.forEach { free($0) } }
        _ = files.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            simbench_lifeline_hold(parent, $0.baseAddress, Int32($0.count))
        }
    }
}
