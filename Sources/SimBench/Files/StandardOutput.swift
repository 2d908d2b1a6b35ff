import CSimBenchSystem
import Glibc

/// Standard output, written and checked in one place.
///
/// Everything simbench prints for people goes through C's `stdout` stream (Swift's `print`
/// does too), which buffers it and remembers a failed write. A full disk (`> /dev/full`), a
/// closed descriptor or a broken file system would otherwise go unnoticed: the output is
/// lost and the exit status says success. `write` sends its text at once and fails if it
/// cannot; `flush`, run once before the process exits, fails if any earlier write did.
/// Either way the command prints one line on stderr and exits 1, as `--out -` does when its
/// write fails.
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
        guard complete else { throw FileError(path: name, reason: errnoText()) }
        try flush()
    }

    /// Flushes standard output; fails if this or any earlier write to it failed.
    public static func flush() throws(FileError) {
        if simbench_stdout_flush() != 0 {
            throw FileError(path: name, reason: errnoText())
        }
        guard simbench_stdout_failed() == 0 else {
            throw FileError(path: name, reason: "an earlier write failed; the output is incomplete")
        }
    }
}
