import CSimBenchSystem

/// A child process, started and waited for; the one place simbench starts a child.
///
/// A child never outlives its parent (`ChildLifeline`): it is ended when the parent ends,
/// SIGKILL included, and on SIGINT, SIGTERM or SIGHUP the parent ends its children before
/// it says what was not written (`Interruption`). A child is waited for on the thread that
/// started it: on Linux, the end of that thread ends the child (PR_SET_PDEATHSIG).
///
/// Not Foundation's `Process`: on Linux its `run()` reads `/proc/self/fd` to close the
/// parent's descriptors and over-reads its directory buffer, which crashes the parent now
/// and then (swift-corelibs-foundation #5472, seen here in a test run that started many
/// children). Here the child closes them itself (`simbench_spawn`).
public enum ChildProcess {
    /// Where a child's standard output or error goes.
    public enum Output: Sendable {
        /// Into `Result`, read as the child writes so that a full pipe never blocks it.
        case capture
        /// To `/dev/null`.
        case discard
        /// To the parent's own.
        case inherit
        /// To the existing file at the path, opened for writing: `/dev/full` tests how a
        /// command meets a write that fails.
        case file(String)
        /// To a descriptor the caller opened and still owns (a pipe whose reader is gone:
        /// how a command meets a closed pipe).
        case descriptor(Int32)
    }

    /// How a child ended and what it wrote.
    public struct Result: Sendable {
        /// The exit status; nil when a signal ended the child.
        public var exitStatus: Int32?
        /// The signal that ended the child, if one did.
        public var signal: Int32?
        public var standardOutput: [UInt8]
        public var standardError: [UInt8]
        /// The child outlived its timeout and was killed.
        public var timedOut: Bool
    }

    /// Why a child could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        public let executable: String
        public let reason: String
        public var description: String { "cannot start \(executable): \(reason)" }
    }

    /// Runs `executable` with `arguments` and `environment`, in `directory` if given, and
    /// waits for it; kills it after `timeout` seconds if given.
    ///
    /// - Parameter tie: how the child ends with this process (`ChildLifeline.Tie`).
    public static func run(
        _ executable: String, arguments: [String], environment: [String: String],
        directory: String? = nil, standardOutput: Output = .capture,
        standardError: Output = .capture,
        timeout: Double? = nil, tie: ChildLifeline.Tie = .deathSignal
    ) throws(SpawnError) -> Result {
        try start(
            executable, arguments: arguments, environment: environment, directory: directory,
            standardOutput: standardOutput, standardError: standardError, tie: tie
        ).wait(timeout: timeout)
    }

    /// A started child: its pid, for signals, and the pipes `wait` reads.
    public struct Running: Sendable {
        public let pid: pid_t
        let outputReader: Int32?
        let errorReader: Int32?

        /// Reads what the child writes until it closes its output, then waits for it; kills
        /// it after `timeout` seconds, counted from now, if given.
        public func wait(timeout: Double? = nil) -> Result {
            var buffers: [Int32: [UInt8]] = [:]
            var reading = [outputReader, errorReader].compactMap { $0 }
            for reader in reading { buffers[reader] = [] }
            let deadline = timeout.map { monotonicNanoseconds() + UInt64($0 * 1e9) }
            var timedOut = false
            var chunk = [UInt8](repeating: 0, count: 65_536)
            func killIfLate() {
                if let deadline, !timedOut, monotonicNanoseconds() >= deadline {
                    // Its group: what it started (a guard's program) ends with it.
                    kill(-pid, SIGKILL)
                    kill(pid, SIGKILL)
                    timedOut = true
                }
            }
            while !reading.isEmpty {
                killIfLate()
                var waitMilliseconds: Int32 = -1
                if let deadline, !timedOut {
                    let now = monotonicNanoseconds()
                    waitMilliseconds = Int32(min((deadline &- now) / 1_000_000 + 1, 60_000))
                }
                var polled = reading.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                let ready = poll(&polled, nfds_t(polled.count), waitMilliseconds)
                if ready < 0 && errno == EINTR { continue }
                for entry in polled where entry.revents != 0 {
                    let count = chunk.withUnsafeMutableBytes {
                        read(entry.fd, $0.baseAddress, $0.count)
                    }
                    if count > 0 {
                        buffers[entry.fd]! += chunk[..<count]
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        close(entry.fd)
                        reading.removeAll { $0 == entry.fd }
                    }
                }
            }
            // Without pipes to read, or after they closed: wait for the exit, still bounded.
            var waitStatus: Int32 = 0
            while true {
                let waited = waitpid(pid, &waitStatus, deadline == nil || timedOut ? 0 : WNOHANG)
                if waited == pid || (waited < 0 && errno != EINTR) {
                    simbench_child_forget(pid)
                    break
                }
                if waited == 0 {
                    killIfLate()
                    if !timedOut { usleep(10_000) }
                }
            }
            // Ended by the signal handler, which exits this process once its children are
            // gone: nothing more is said or done here.
            while simbench_interruption_in_progress() != 0 { pause() }
            let signal = waitStatus & 0x7f
            return Result(
                exitStatus: signal == 0 ? (waitStatus >> 8) & 0xff : nil,
                signal: signal == 0 ? nil : signal,
                standardOutput: outputReader.flatMap { buffers[$0] } ?? [],
                standardError: errorReader.flatMap { buffers[$0] } ?? [],
                timedOut: timedOut)
        }
    }

    /// Starts `executable`; `wait` on the result collects it (on this thread: see the
    /// type's summary).
    public static func start(
        _ executable: String, arguments: [String], environment: [String: String],
        directory: String? = nil, standardOutput: Output = .capture,
        standardError: Output = .capture, tie: ChildLifeline.Tie = .deathSignal
    ) throws(SpawnError) -> Running {
        var toClose = [Int32]()
        defer { for descriptor in toClose { close(descriptor) } }
        func target(_ output: Output) throws(SpawnError) -> (child: Int32, reader: Int32?) {
            switch output {
            case .inherit:
                return (-1, nil)
            case .discard:
                let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
                guard null >= 0 else {
                    throw SpawnError(executable: executable, reason: "/dev/null: \(errnoText())")
                }
                toClose.append(null)
                return (null, nil)
            case .descriptor(let descriptor):
                return (descriptor, nil)
            case .file(let path):
                let file = open(path, O_WRONLY | O_CLOEXEC)
                guard file >= 0 else {
                    throw SpawnError(executable: executable, reason: "\(path): \(errnoText())")
                }
                toClose.append(file)
                return (file, nil)
            case .capture:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else {
                    throw SpawnError(executable: executable, reason: "pipe: \(errnoText())")
                }
                // Not inherited by other children started meanwhile by other threads.
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                toClose.append(ends[1])
                return (ends[1], ends[0])
            }
        }
        let output = try target(standardOutput)
        let error = try target(standardError)

        let argv = ([executable] + arguments).map { strdup($0) }
        // Sorted: a dictionary's order changes from process to process, and the order a
        // child reads its environment in decides how its heap is laid out, so that a counted
        // pass's child (`CallgrindPass`) counted a variant's allocations differently from
        // run to run (up to 60 instructions a region, in `_int_malloc`).
        let envp = ChildLifeline.environment(environment, tie: tie)
            .sorted { $0.key < $1.key }
            .map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
                simbench_spawn(
                    executable, argvBuffer.baseAddress, envpBuffer.baseAddress, directory, -1,
                    output.child, error.child, tie.deathSignal, tie == .guarded ? 1 : 0, &pid)
            }
        }
        guard status == 0 else {
            for reader in [output.reader, error.reader].compactMap({ $0 }) { close(reader) }
            throw SpawnError(executable: executable, reason: String(cString: strerror(status)))
        }
        // The parent's copies of the write ends close (defer), so that reading sees the end.
        return Running(pid: pid, outputReader: output.reader, errorReader: error.reader)
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
