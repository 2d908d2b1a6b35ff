import CSimBenchSystem

/// Standard output, written and checked in one place.
///
/// Everything simbench prints for people goes through C's `stdout` stream (Swift's `print`
/// does too), which buffers it and remembers a failed write. A full disk (`> /dev/full`), a
/// closed descriptor or a broken file system would otherwise go unnoticed: the output is
/// lost and the exit status says success. `write` sends its text at once and fails if it
/// cannot; `flush`, run once before the process exits, fails if any earlier write did.
/// Either way the command prints one line on stderr and exits 1, as an output to `-` does when its
/// write fails.
///
/// A reader that has gone (`| head -3`) is not such a failure: the output
/// was cut off by the user's choice, so simbench stops at once, quietly, as the Unix tools a
/// user pipes into `head` do: its temporary files removed, no message, exit status
/// `closedPipeStatus` (141, what a shell reports for a tool SIGPIPE ended).
public enum StandardOutput {
    /// What messages call standard output.
    public static let name = "standard output"

    /// Writes `text` to standard output now.
    public static func write(_ text: String) throws(FileError) {
        var text = text
        let complete = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return true }
            return simbench_stdout_write(base, bytes.count) == bytes.count
        }
        guard complete else { throw failure(errnoText()) }
        try flush()
    }

    /// Writes what `body` writes to its `TextOutput` to standard output, in chunks as it
    /// grows: an output too large to hold whole.
    public static func write(
        streaming body: (inout TextOutput) throws(FileError) -> Void
    ) throws(FileError) {
        var output = TextOutput { (chunk) throws(FileError) in
            guard let base = chunk.baseAddress else { return }
            guard simbench_stdout_write(base, chunk.count) == chunk.count else {
                throw failure(errnoText())
            }
        }
        try body(&output)
        try output.flush()
        try flush()
    }

    /// Flushes standard output; fails if this or any earlier write to it failed.
    public static func flush() throws(FileError) {
        if simbench_stdout_flush() != 0 {
            throw failure(errnoText())
        }
        guard simbench_stdout_failed() == 0 else {
            throw failure("an earlier write failed; the output is incomplete")
        }
    }

    /// The error for a failed write, read right after it (errno still set); a reader that
    /// has gone ends the process quietly instead.
    private static func failure(_ reason: String) -> FileError {
        endIfReaderGone(STDOUT_FILENO, errorNumber: errno)
        return FileError(path: name, reason: reason)
    }

    /// The exit status of a process whose standard output's reader went away: 128 + SIGPIPE,
    /// as a shell reports for a tool that signal ends (the command line's `closedPipe`).
    public static let closedPipeStatus: Int32 = 128 + SIGPIPE

    /// Ends the process quietly, exit `closedPipeStatus`, when the reader of `descriptor`
    /// (standard output or its reserved copy) has gone; returns otherwise.
    public static func endIfReaderGone(_ descriptor: Int32, errorNumber: Int32) {
        if simbench_reader_gone(descriptor, errorNumber) != 0 {
            simbench_quiet_exit(closedPipeStatus)
        }
    }
}
