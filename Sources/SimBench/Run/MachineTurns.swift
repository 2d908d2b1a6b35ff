import Foundation
import Synchronization

/// Runs that take turns on one machine: each holds it while it works and lets it go only
/// while its span waits, so that two runs side by side fill each other's waits and never
/// measure at the same time.
///
/// A run spread over its span (`ProcessSpread`) leaves the machine idle between its
/// processes: most of a short run's seconds. A proof that makes many runs (the coverage
/// proof's two groups) can give those seconds to another run, as long as nothing the other
/// run does ever overlaps a measured process. With `variable` set to a file's path, `simbench
/// run` takes the machine (an exclusive `flock` on that file) before it measures, and keeps
/// it, its children's timed rounds, relinks, counted passes and its own arithmetic included,
/// until it exits, except while `ProcessPool` sleeps until a child's start (`yield`): the
/// other run's child runs then, and this run's next child starts when the other gives the
/// machine back, late by as much, as after a slow child. Unset, nothing is locked.
///
/// Each turn taken is noted at the end of the file, one line, `PID PARENT` (the run's process
/// id and its parent's), while the turn is held: whoever made the runs take turns reads in
/// which order they held the machine (`turns(in:from:)`), not only in which they started.
public enum MachineTurns {
    /// The environment variable naming the file the runs take turns on.
    public static let variable = "SIMBENCH_MACHINE_TURNS"

    /// This process's turn, once `take` has taken one: held for the process's life.
    private static let current = Mutex<Turn?>(nil)

    /// Takes the machine, waiting for it, when `variable` names a file (made if missing);
    /// returns at once otherwise. The turn lasts until the process exits.
    ///
    /// - Throws: `FileError` when the file cannot be opened or locked.
    public static func take() throws(FileError) {
        guard let path = ProcessInfo.processInfo.environment[MachineTurns.variable],
            !path.isEmpty
        else {
            return
        }
        let turn = try Turn(path: path)
        current.withLock { $0 = turn }
    }

    /// Runs `wait` with the machine given to the other runs, then takes it back (waiting
    /// for it); without a turn taken, runs `wait` alone.
    public static func yield(while wait: () -> Void) {
        guard let turn = current.withLock({ $0 }) else { return wait() }
        turn.yield(while: wait)
    }

    /// One turn noted in a turns file: the process that took it, and that process's parent
    /// (a process started under a guard, `ChildLifeline`, has the guard for its parent).
    public struct Noted: Sendable, Equatable {
        public let process: Int32
        public let parent: Int32
    }

    /// The turns noted in the file at `path` after its first `offset` bytes, in the order
    /// taken; lines that are not a turn's are skipped, and a missing file notes none.
    public static func turns(in path: String, from offset: Int = 0) -> [Noted] {
        guard let data = FileManager.default.contents(atPath: path), data.count > offset else {
            return []
        }
        return String(decoding: data.dropFirst(offset), as: UTF8.self).split(separator: "\n")
            .compactMap { line in
                let fields = line.split(separator: " ")
                guard fields.count == 2, let process = Int32(fields[0]),
                    let parent = Int32(fields[1])
                else { return nil }
                return Noted(process: process, parent: parent)
            }
    }

    /// The size of the file at `path` in bytes (0 when missing): where the turns noted from
    /// now on start.
    public static func size(of path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// The machine held: an exclusive lock on the turns file, through a descriptor of its own
    /// (closed on exec: no child inherits it).
    struct Turn: Sendable {
        let descriptor: Int32

        /// Opens `path` (made if missing) and waits until the machine is this turn's.
        init(path: String) throws(FileError) {
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw FileError(
                    path: path,
                    reason: "cannot open the machine's turns file (\(MachineTurns.variable))")
            }
            guard Self.lockExclusively(descriptor) else {
                close(descriptor)
                throw FileError(
                    path: path,
                    reason: "cannot lock the machine's turns file (\(MachineTurns.variable))")
            }
            note()
        }

        /// Gives the machine back for `wait`, then waits to take it again.
        func yield(while wait: () -> Void) {
            _ = flock(descriptor, LOCK_UN)
            wait()
            // Taking it back fails only on a descriptor that is not a lock file's, which
            // `init` ruled out: the run goes on either way, as it would without turns.
            if Self.lockExclusively(descriptor) { note() }
        }

        /// Notes the turn just taken at the end of the file, while it is held: no other
        /// run writes meanwhile. A note that cannot be written is left out: the turn is
        /// taken all the same.
        private func note() {
            let line = Array("\(getpid()) \(getppid())\n".utf8)
            guard lseek(descriptor, 0, SEEK_END) >= 0 else { return }
            _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }

        private static func lockExclusively(_ descriptor: Int32) -> Bool {
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { return false }
            }
            return true
        }
    }
}
