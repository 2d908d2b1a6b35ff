import CSimBenchSystem

/// Writing a regular file whole or not at all, leaving no temporary file behind even when
/// the process is killed.
///
/// On Linux the bytes go to an unnamed file (`O_TMPFILE`) in the target's directory, are
/// flushed to disk, and only then get a name (`linkat`): directly the target's name if it
/// does not exist yet, else a temporary name renamed over the target at once. An unnamed
/// file that is never linked vanishes with the process, even on SIGKILL. Where the file
/// system has no unnamed files, a named temporary file (`.simbench-…`) is written and
/// renamed; SIGINT and SIGTERM remove it (`Interruption`), only SIGKILL can leave it.
///
/// What remains: Linux cannot put an unnamed file in place of an existing one, so replacing
/// a file still names the finished temporary for the microseconds between `linkat` and
/// `rename` (and, without unnamed files, for the whole write). A SIGKILL in that window
/// leaves a complete `.simbench-` file beside the output. The next write to the same
/// directory removes such leftovers (`removeStaleTemporaries`): only regular files named
/// exactly as `temporaryName` names them, with one link, owned by this user, that got
/// their name (or were last written) more than `staleTemporaryAge` seconds ago. A simbench
/// stopped (SIGSTOP, a suspended laptop) for longer than that inside the window would find
/// its temporary gone and report the output not written; nothing is lost but that write.
///
/// A replaced file keeps its permission bits; a new one gets 0666 less the umask, as any
/// file the user creates.
public enum AtomicFile {
    /// Replaces (or creates) the regular file `path` with `bytes`; `name` is how messages
    /// call it.
    public static func replace(_ path: String, with bytes: [UInt8], naming name: String)
        throws(FileError)
    {
        try replace(path, naming: name) { descriptor throws(FileError) in
            try writeAll(bytes, to: descriptor, path: name)
        }
    }

    /// Replaces (or creates) the regular file `path` with what `write` writes to the
    /// descriptor it is given, in as many writes as it likes: an output too large to hold
    /// whole; `name` is how messages call it. Signals are held only while the finished file
    /// gets its name and `named` runs (an interruption before leaves no file), so that a
    /// long write can be interrupted.
    public static func replace(
        _ path: String, naming name: String,
        writing write: (_ descriptor: Int32) throws(FileError) -> Void,
        whenNamed named: () -> Void = {}
    ) throws(FileError) {
        let directory = OutputPath.parentDirectory(of: path)
        removeStaleTemporaries(in: directory)
        var existing = stat()
        let exists = stat(path, &existing) == 0
        let mode = exists ? existing.st_mode & 0o7777 : newFileMode()

        let unnamed = simbench_open_unnamed(directory, 0o600)
        if unnamed >= 0 {
            defer { close(unnamed) }
            try fill(unnamed, writing: write, mode: mode, name: name)
            let linked = try Interruption.holdingSignals { () throws(FileError) -> Bool in
                guard
                    try link(unnamed, to: path, directory: directory, replacing: exists, name: name)
                else { return false }
                named()
                return true
            }
            if linked { return }
            // No way to name an unnamed file here (no /proc): fall back to a named one.
        }
        try replaceThroughNamedFile(
            path, writing: write, mode: mode, directory: directory, name: name, named: named)
    }

    /// Creates the file `path` with `bytes`, whole or not at all, unless a file of that name
    /// exists (or appears meanwhile: another process won the race).
    ///
    /// Nothing has a name until it is complete: the bytes go to an unnamed file that is
    /// linked at `path`, which fails rather than replace anything; without unnamed files, a
    /// named temporary (`.simbench-…`) is hard-linked at `path` and unlinked. A failed write
    /// (a full disk) leaves no file at all.
    ///
    /// - Returns: True if the file was created, false if `path` exists (nothing written).
    public static func create(_ path: String, with bytes: [UInt8], naming name: String)
        throws(FileError) -> Bool
    {
        let directory = OutputPath.parentDirectory(of: path)
        let mode = newFileMode()
        let unnamed = simbench_open_unnamed(directory, 0o600)
        if unnamed >= 0 {
            defer { close(unnamed) }
            try fill(unnamed, with: bytes, mode: mode, name: name)
            if Platform.nameUnnamedFile(unnamed, at: path) == 0 {
                return true
            }
            if errno == EEXIST { return false }
            guard errno == ENOENT, Platform.cannotNameUnnamedFiles else {
                throw FileError(path: name, reason: errnoText())
            }
            // No way to name an unnamed file here (no /proc): fall back to a named one.
        }
        let write = { (descriptor: Int32) throws(FileError) in
            try writeAll(bytes, to: descriptor, path: name)
        }
        return try withNamedTemporary(in: directory, writing: write, mode: mode, name: name) {
            temporary, descriptor throws(FileError) in
            let closed = close(descriptor) == 0
            let linked = closed && Platform.hardLink(temporary, path) == 0
            let reason = errno
            unlink(temporary)
            if linked { return true }
            if closed && reason == EEXIST { return false }
            throw FileError(path: name, reason: String(cString: strerror(reason)))
        }
    }

    /// Runs `body` on a new named temporary (`.simbench-…`) in `directory` that holds what
    /// `write` wrote, still open; `body` closes it and gives it its name or removes it. The
    /// temporary is remembered before it exists, so that no signal can find it unremembered.
    private static func withNamedTemporary<T>(
        in directory: String, writing write: (Int32) throws(FileError) -> Void, mode: mode_t,
        name: String,
        _ body: (_ temporary: String, _ descriptor: Int32) throws(FileError) -> T
    ) throws(FileError) -> T {
        for _ in 0..<100 {
            let temporary = temporaryName(in: directory)
            let slot = Interruption.remember(temporary: temporary)
            defer { Interruption.forget(slot) }
            let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                if errno == EEXIST { continue }
                throw FileError(path: name, reason: errnoText())
            }
            do {
                try fill(descriptor, writing: write, mode: mode, name: name)
            } catch {
                close(descriptor)
                unlink(temporary)
                throw error
            }
            return try body(temporary, descriptor)
        }
        throw FileError(path: name, reason: "no free temporary name in '\(directory)'")
    }

    /// The permission bits of a new file: 0666 less the umask, as any file the user creates.
    private static func newFileMode() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    /// Nil if a file can be created in `directory`, else why not. Leaves nothing behind.
    static func probe(_ directory: String) -> String? {
        let unnamed = simbench_open_unnamed(directory, 0o600)
        if unnamed >= 0 {
            close(unnamed)
            return nil
        }
        if errno == EACCES || errno == EROFS || errno == ENOENT || errno == ENOTDIR {
            return errnoText()
        }
        let temporary = temporaryName(in: directory)
        let named = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard named >= 0 else { return errnoText() }
        close(named)
        unlink(temporary)
        return nil
    }

    /// Writes all of `bytes` to `descriptor`, retrying short and interrupted writes;
    /// `path` only names the file in an error.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String)
        throws(FileError)
    {
        try bytes.withUnsafeBufferPointer { (bytes) throws(FileError) in
            try writeAll(bytes, to: descriptor, path: path)
        }
    }

    /// Writes all of `bytes` to `descriptor`, as `writeAll(_:to:path:)` writes an array's.
    ///
    /// At most `TextOutput.chunkSize` bytes a call: one call for a whole results file's
    /// 115 MB, from its mapping, cost 0.04 to 0.46 s of kernel time from run to run, where
    /// calls of a MiB each cost 0.03 s every time (measured on Linux 6.18).
    static func writeAll(
        _ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32, path: String
    ) throws(FileError) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let result = Glibc.write(
                descriptor, base + written, min(bytes.count - written, TextOutput.chunkSize))
            if result < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, reason: errnoText())
            }
            written += result
        }
    }

    private static func fill(_ descriptor: Int32, with bytes: [UInt8], mode: mode_t, name: String)
        throws(FileError)
    {
        try fill(
            descriptor,
            writing: { (descriptor) throws(FileError) in
                try writeAll(bytes, to: descriptor, path: name)
            }, mode: mode, name: name)
    }

    private static func fill(
        _ descriptor: Int32, writing write: (Int32) throws(FileError) -> Void, mode: mode_t,
        name: String
    ) throws(FileError) {
        try write(descriptor)
        guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else {
            throw FileError(path: name, reason: errnoText())
        }
    }

    /// Gives the unnamed file `descriptor` the name `path`. False if this system cannot
    /// name unnamed files (the caller falls back to a named temporary file).
    private static func link(
        _ descriptor: Int32, to path: String, directory: String, replacing exists: Bool,
        name: String
    ) throws(FileError) -> Bool {
        func linkTo(_ destination: String) -> Int32 {
            Platform.nameUnnamedFile(descriptor, at: destination)
        }
        if !exists {
            if linkTo(path) == 0 { return true }
            if errno == ENOENT && Platform.cannotNameUnnamedFiles { return false }
            // EEXIST: created meanwhile; replace it like any existing file.
            guard errno == EEXIST else { throw FileError(path: name, reason: errnoText()) }
        }
        for _ in 0..<100 {
            let temporary = temporaryName(in: directory)
            let slot = Interruption.remember(temporary: temporary)
            defer { Interruption.forget(slot) }
            guard linkTo(temporary) == 0 else {
                if errno == EEXIST { continue }
                if errno == ENOENT && Platform.cannotNameUnnamedFiles { return false }
                throw FileError(path: name, reason: errnoText())
            }
            guard rename(temporary, path) == 0 else {
                let reason = errnoText()
                unlink(temporary)
                throw FileError(path: name, reason: reason)
            }
            return true
        }
        throw FileError(path: name, reason: "no free temporary name in '\(directory)'")
    }

    private static func replaceThroughNamedFile(
        _ path: String, writing write: (Int32) throws(FileError) -> Void, mode: mode_t,
        directory: String, name: String, named: () -> Void
    ) throws(FileError) {
        try withNamedTemporary(in: directory, writing: write, mode: mode, name: name) {
            temporary, descriptor throws(FileError) in
            try Interruption.holdingSignals { () throws(FileError) in
                guard close(descriptor) == 0, rename(temporary, path) == 0 else {
                    let reason = errnoText()
                    unlink(temporary)
                    throw FileError(path: name, reason: reason)
                }
                named()
            }
        }
    }

    /// The prefix of simbench's temporary files.
    public static let temporaryPrefix = ".simbench-"

    /// How old a leftover temporary must be before a later write removes it: far longer
    /// than the microseconds between naming a finished temporary and renaming it.
    public static let staleTemporaryAge = 60

    /// Removes the temporaries a killed simbench left in `directory` (see the type's
    /// comment): regular files named `.simbench-` and 16 lowercase hex digits, with one
    /// link, owned by this user, whose status last changed (named, written, chmod) at least
    /// `age` seconds ago. Anything else, and anything it cannot check, is left alone.
    ///
    /// - Returns: The names removed.
    @discardableResult
    static func removeStaleTemporaries(in directory: String, olderThan age: Int = staleTemporaryAge)
        -> [String]
    {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        let owner = geteuid()
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var removed = [String]()
        while let entry = readdir(stream) {
            let name = Platform.directoryEntryName(entry)
            guard isTemporaryName(name) else { continue }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
                status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1, status.st_uid == owner,
                Int(now.tv_sec) - Int(status.st_ctim.tv_sec) >= age
            else { continue }
            if unlinkat(descriptor, name, 0) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Whether `name` is one `temporaryName` gives: the prefix and 16 lowercase hex digits.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix) else { return false }
        let suffix = name.utf8.dropFirst(temporaryPrefix.utf8.count)
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        let letters = UInt8(ascii: "a")...UInt8(ascii: "f")
        return suffix.count == 16
            && suffix.allSatisfy { digits.contains($0) || letters.contains($0) }
    }

    /// `DIRECTORY/.simbench-` and 16 random hex digits: short, whatever the target's name.
    private static func temporaryName(in directory: String) -> String {
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return OutputPath.joined(
            directory, temporaryPrefix + String(repeating: "0", count: 16 - suffix.count) + suffix)
    }
}
