import Synchronization

/// A file a command will write (a run's results, raw samples and history, an export, a
/// merge, a drawing), checked before any work is done.
///
/// The rules, the same for every writer:
/// - `-` is standard output, where the caller allows it;
/// - an existing character device or FIFO (`/dev/null`, `>(gzip > x)`) is written in
///   place and never replaced; one that refuses writing (`/dev/full`) and a FIFO nobody
///   reads (whose write would wait for ever) are refused (`probeStream`);
/// - a symlink is followed to its target, which is written, never the link replaced;
/// - a regular file is written whole or not at all (`AtomicFile`);
/// - a directory, a socket or a block device is refused, as are an empty path, a path
///   ending in `/`, a missing or unwritable directory, a read-only file, and a name longer
///   than the file system allows;
/// - two outputs, or an output and an input, that are the same file once `.`, `..` and
///   symlinks are resolved are refused (`refuseCollisions`).
///
/// Every refusal is an `OutputPathError` naming the output as its caller does (a command
/// line by its flag), raised before anything is measured or written.
/// No path is handled with Foundation's `NSString` path methods, which crash on some short
/// paths on Linux.
public struct OutputPath: Sendable, Equatable {
    /// How the output is written.
    public enum Kind: Sendable, Equatable {
        /// `-`: the process's standard output.
        case standardOutput
        /// A regular file, existing or new: replaced atomically.
        case file
        /// An existing character device or FIFO: opened and written in place.
        case stream
    }

    /// Which file this is, for telling whether two paths are the same file.
    enum Identity: Hashable, Sendable {
        case standardOutput
        /// An existing file: its device and inode.
        case inode(device: UInt64, inode: UInt64)
        /// A file still to be created: its directory's device and inode, and its name.
        case entry(device: UInt64, inode: UInt64, name: String)
    }

    /// The name that means standard output.
    public static let standardOutputName = "-"

    /// The path as the user gave it, for messages.
    public let argument: String
    /// How the caller names this output in messages (a setting, a command line's flag).
    public let label: String
    public let kind: Kind
    /// The path that is written: symlinks followed; `-` for standard output.
    public let resolved: String
    let identity: Identity

    /// Checks `argument`, the output the caller calls `label`, as an output.
    ///
    /// - Parameters:
    ///   - standardOutput: whether `-` means standard output (else it is refused).
    ///   - streams: whether a character device or FIFO is accepted (a history must be a
    ///     regular file).
    ///   - appending: the file is extended in place, not replaced, so an existing one does
    ///     not need a writable directory (a history).
    public static func check(
        _ argument: String, label: String, standardOutput: Bool = true, streams: Bool = true,
        appending: Bool = false
    ) throws(OutputPathError) -> OutputPath {
        func refuse(_ reason: String) -> OutputPathError {
            OutputPathError(
                output: label, reason: "'\(argument.escapingControlCharacters)' \(reason)")
        }
        guard !argument.isEmpty else {
            throw OutputPathError(output: label, reason: "the path is empty; expected a file path")
        }
        if argument == standardOutputName {
            guard standardOutput else {
                throw refuse("(standard output) cannot be used here; expected a file path")
            }
            return OutputPath(
                argument: argument, label: label, kind: .standardOutput, resolved: argument,
                identity: .standardOutput)
        }
        guard !argument.utf8.contains(0) else {
            throw refuse("holds a NUL byte; expected a file path")
        }
        guard !argument.hasSuffix("/") else {
            throw refuse("ends in '/', so it names a directory; expected a file path")
        }

        var status = stat()
        if stat(argument, &status) == 0 {
            return try existing(
                argument, label: label, status: status, streams: streams, appending: appending,
                refuse: refuse)
        }
        guard errno == ENOENT else { throw refuse("cannot be used: \(errnoText())") }
        return try new(argument, label: label, refuse: refuse)
    }

    /// `argument`, which exists: a regular file simbench can replace (or extend), or a stream
    /// where `streams` allows one.
    private static func existing(
        _ argument: String, label: String, status: stat, streams: Bool, appending: Bool,
        refuse: (String) -> OutputPathError
    ) throws(OutputPathError) -> OutputPath {
        let type = status.st_mode & S_IFMT
        let identity = Identity.inode(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        switch type {
        case S_IFREG:
            guard let real = realPath(argument) else {
                throw refuse("cannot be resolved: \(errnoText())")
            }
            guard access(real, W_OK) == 0 else {
                throw refuse(
                    "is not writable (\(errnoText())); simbench does not replace a read-only file"
                )
            }
            if !appending { try checkCanCreate(in: parentDirectory(of: real), refuse: refuse) }
            return OutputPath(
                argument: argument, label: label, kind: .file, resolved: real, identity: identity)
        case S_IFCHR, S_IFIFO:
            let what = type == S_IFCHR ? "a character device" : "a FIFO"
            guard streams else { throw refuse("is \(what); expected a regular file") }
            guard access(argument, W_OK) == 0 else {
                throw refuse("is \(what) that is not writable: \(errnoText())")
            }
            try probeStream(argument, what: what, refuse: refuse)
            return OutputPath(
                argument: argument, label: label, kind: .stream, resolved: argument,
                identity: identity)
        case S_IFDIR:
            throw refuse("is a directory; expected a file path")
        default:
            throw refuse(
                "is \(type == S_IFSOCK ? "a socket" : type == S_IFBLK ? "a block device" : "not a regular file"); expected a regular file\(streams ? ", a FIFO or a character device" : "")"
            )
        }
    }

    /// FIFOs checked by `probeStream`, each with the descriptor that checked it, held open
    /// until `write` takes it: closing it would end the reader's input (its last writer
    /// gone), and a reader that stopped could not be waited for.
    private static let heldStreams = Mutex<[String: Int32]>([:])

    /// Refuses the character device or FIFO `argument` when the output could not be written
    /// to it after the work: a FIFO that nobody reads (opening it to write would wait for
    /// ever; opened without waiting, it fails with ENXIO), and a device that fails a write
    /// of no bytes (`/dev/full`: ENOSPC). A FIFO's descriptor is kept for `write`.
    private static func probeStream(
        _ argument: String, what: String, refuse: (String) -> OutputPathError
    ) throws(OutputPathError) {
        if heldStreams.withLock({ $0[argument] != nil }) { return }
        let descriptor = open(argument, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENXIO, what == "a FIFO" {
                throw refuse(
                    "is a FIFO that nobody reads, so writing to it would wait for ever; expected a regular file, or a FIFO with a reader"
                )
            }
            throw refuse("is \(what) that cannot be opened for writing: \(errnoText())")
        }
        var byte: UInt8 = 0
        guard Glibc.write(descriptor, &byte, 0) >= 0 else {
            let reason = errnoText()
            close(descriptor)
            throw refuse("is \(what) that refuses writing (\(reason)); expected a writable file")
        }
        if what == "a FIFO" {
            heldStreams.withLock { $0[argument] = descriptor }
        } else {
            close(descriptor)
        }
    }

    /// The descriptor `probeStream` kept for the FIFO `argument`, now blocking, or nil.
    private static func takeHeldStream(_ argument: String) -> Int32? {
        guard let descriptor = heldStreams.withLock({ $0.removeValue(forKey: argument) }) else {
            return nil
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// `argument`, which does not exist yet: the file to create, perhaps behind a dangling
    /// symlink, in a directory where simbench can create it.
    private static func new(
        _ argument: String, label: String, refuse: (String) -> OutputPathError
    ) throws(OutputPathError) -> OutputPath {
        // A new file, perhaps behind a dangling symlink: follow the links to the name to create.
        var path = argument
        var hops = 0
        while let target = linkTarget(path) {
            hops += 1
            guard hops <= 40 else {
                throw refuse("cannot be used: too many levels of symbolic links")
            }
            guard !target.hasSuffix("/") else {
                throw refuse(
                    "is a symlink to '\(target.escapingControlCharacters)', which names a directory; expected a file path"
                )
            }
            path = target.hasPrefix("/") ? target : joined(parentDirectory(of: path), target)
        }
        let name = lastComponent(of: path)
        guard name != ".", name != ".." else {
            throw refuse("names a directory; expected a file path")
        }
        guard name.utf8.count <= Int(NAME_MAX) else {
            throw refuse(
                "has a file name of \(name.utf8.count) bytes; the longest this system allows is \(NAME_MAX)"
            )
        }
        let directory = parentDirectory(of: path)
        var directoryStatus = stat()
        guard stat(directory, &directoryStatus) == 0 else {
            throw errno == ENOENT
                ? refuse(
                    "cannot be created: directory '\(directory.escapingControlCharacters)' does not exist"
                )
                : refuse(
                    "cannot be created in directory '\(directory.escapingControlCharacters)': \(errnoText())"
                )
        }
        guard directoryStatus.st_mode & S_IFMT == S_IFDIR else {
            throw refuse(
                "cannot be created: '\(directory.escapingControlCharacters)' is not a directory")
        }
        try checkCanCreate(in: directory, refuse: refuse)
        let realDirectory = realPath(directory) ?? directory
        return OutputPath(
            argument: argument, label: label, kind: .file, resolved: joined(realDirectory, name),
            identity: .entry(
                device: UInt64(directoryStatus.st_dev), inode: UInt64(directoryStatus.st_ino),
                name: name))
    }

    /// Refuses two outputs that are the same file, and an output that is one of `inputs`
    /// (files the command reads, named as given), in the order given.
    ///
    /// Character devices are sinks, not files that could be overwritten, so results and raw
    /// samples may both go to `/dev/null`; standard output, FIFOs and files are not shared.
    public static func refuseCollisions(
        _ outputs: [OutputPath], inputs: [(label: String, path: String)] = []
    ) throws(OutputPathError) {
        for (index, output) in outputs.enumerated() {
            for earlier in outputs[..<index] where earlier.identity == output.identity {
                if output.kind == .stream, output.isCharacterDevice { continue }
                throw OutputPathError(
                    output: output.label,
                    reason:
                        "'\(output.argument.escapingControlCharacters)' is the same file as \(earlier.label) '\(earlier.argument.escapingControlCharacters)'; expected a different path for each output"
                )
            }
            for input in inputs {
                guard let identity = inputIdentity(input.path), identity == output.identity else {
                    continue
                }
                throw OutputPathError(
                    output: output.label,
                    reason:
                        "'\(output.argument.escapingControlCharacters)' is the same file as the input \(input.label) '\(input.path.escapingControlCharacters)'; expected a path other than the files read"
                )
            }
        }
    }

    /// Where `-` outputs go: standard output, or the copy `reserveStandardOutput` kept.
    private static let standardOutputDescriptor = Atomic<Int32>(STDOUT_FILENO)

    /// When one of `outputs` is `-`, keeps standard output for it alone: the messages a
    /// command prints for people (tables, "written to …") go to standard error instead, so
    /// that a run writing its results to `-` pipes nothing but the CSV.
    public static func reserveStandardOutput(if outputs: [OutputPath]) {
        guard outputs.contains(where: { $0.kind == .standardOutput }) else { return }
        fflush(nil)
        let saved = dup(STDOUT_FILENO)
        guard saved >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { return }
        standardOutputDescriptor.store(saved, ordering: .relaxed)
    }

    /// Writes `contents` to the output: whole or not at all for a regular file.
    ///
    /// The interruption notice then says the output was written (if the command promised
    /// it, `Interruption.expect`). For a regular file, the file and the notice change under
    /// held signals, so that no signal between the rename and the notice says "not written"
    /// of a file that was.
    public func write(_ contents: String) throws(FileError) {
        try write(bytes: Array(contents.utf8))
    }

    /// Writes the UTF-8 `contents` to the output, as `write(_:)` writes text.
    public func write(bytes contents: [UInt8]) throws(FileError) {
        try contents.withUnsafeBufferPointer { (contents) throws(FileError) in
            try write(bytes: contents)
        }
    }

    /// Writes the UTF-8 `contents` to the output, as `write(_:)` writes text: bytes held
    /// elsewhere (a results file's mapping), not copied first.
    func write(bytes contents: UnsafeBufferPointer<UInt8>) throws(FileError) {
        guard kind == .file else {
            try writeUnnamed { (descriptor, path) throws(FileError) in
                try AtomicFile.writeAll(contents, to: descriptor, path: path)
            }
            return
        }
        try Interruption.holdingSignals { () throws(FileError) in
            try AtomicFile.replace(resolved, naming: argument) { (descriptor) throws(FileError) in
                try AtomicFile.writeAll(contents, to: descriptor, path: argument)
            }
            Interruption.written(argument)
        }
    }

    /// Writes what `body` writes to its `TextOutput`, which passes it on in chunks as it
    /// grows: an output too large to hold whole, written as `write(bytes:)` writes one (a
    /// regular file whole or not at all: an error or an interruption before `body` ends
    /// leaves no file).
    public func write(
        streaming body: (inout TextOutput) throws(FileError) -> Void
    ) throws(FileError) {
        func write(to descriptor: Int32, path: String) throws(FileError) {
            var output = TextOutput { (chunk) throws(FileError) in
                try AtomicFile.writeAll(chunk, to: descriptor, path: path)
            }
            try body(&output)
            try output.flush()
        }
        guard kind == .file else {
            try writeUnnamed(write)
            return
        }
        try AtomicFile.replace(resolved, naming: argument) { (descriptor) throws(FileError) in
            try write(to: descriptor, path: argument)
        } whenNamed: {
            Interruption.written(argument)
        }
    }

    /// Writes to standard output, or to a character device or FIFO, through `write`, given
    /// the descriptor and the name to give in an error: what is not a regular file, which is
    /// written in place, never replaced.
    private func writeUnnamed(
        _ write: (Int32, String) throws(FileError) -> Void
    ) throws(FileError) {
        switch kind {
        case .standardOutput:
            fflush(nil)
            let descriptor = Self.standardOutputDescriptor.load(ordering: .relaxed)
            do {
                try write(descriptor, "standard output")
            } catch {
                // A reader that has gone (`| head`) ends the output quietly, as for tables.
                StandardOutput.endIfReaderGone(descriptor, errorNumber: 0)
                throw error
            }
            Interruption.written(argument)
        case .stream:
            // Never a blocking open of a FIFO: with no reader it would wait for ever.
            guard
                let descriptor = Self.takeHeldStream(argument)
                    ?? Self.openStream(resolved)
            else {
                throw FileError(
                    path: argument,
                    reason: errno == ENXIO
                        ? "is a FIFO that nobody reads; not written" : errnoText())
            }
            defer { close(descriptor) }
            // Never write into a regular file in place: it may have replaced the FIFO since.
            var status = stat()
            guard fstat(descriptor, &status) == 0,
                status.st_mode & S_IFMT == S_IFCHR || status.st_mode & S_IFMT == S_IFIFO
            else {
                throw FileError(
                    path: argument, reason: "is no longer a character device or FIFO; not written")
            }
            try write(descriptor, argument)
            Interruption.written(argument)
        case .file:
            preconditionFailure("a regular file is replaced whole, never written in place")
        }
    }

    /// `path`, a character device or FIFO, opened to write without waiting for a reader,
    /// then made blocking for the write; nil when it cannot be opened (ENXIO: a FIFO with no
    /// reader).
    private static func openStream(_ path: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    private var isCharacterDevice: Bool {
        var status = stat()
        return stat(resolved, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
    }

    /// The identity of a file a command reads, or nil if it does not exist.
    static func inputIdentity(_ path: String) -> Identity? {
        if path == standardOutputName { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return .inode(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Fails unless a file can be created in `directory`: tries it, with an unnamed file
    /// (nothing to clean up) or, where the file system has none, a named one removed at once.
    private static func checkCanCreate(
        in directory: String, refuse: (String) -> OutputPathError
    ) throws(OutputPathError) {
        if let reason = AtomicFile.probe(directory) {
            throw refuse(
                "cannot be written: no file can be created in directory '\(directory.escapingControlCharacters)': \(reason)"
            )
        }
    }

    // MARK: - Path text, without Foundation

    /// The directory part of `path`: `.` for a bare name, `/` for a name at the root.
    /// Trailing slashes of the directory part are dropped (`a//b` → `a`).
    public static func parentDirectory(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// For a directory that does not exist: its outermost missing ancestor (`missing`, the
    /// one `mkdir -p` would create first) and that one's parent (`parent`), which exists
    /// unless the walk stopped on an error other than a missing entry.
    public static func firstMissing(of directory: String) -> (missing: String, parent: String) {
        var missing = directory
        var parent = parentDirectory(of: missing)
        var status = stat()
        while stat(parent, &status) != 0, errno == ENOENT, parent != missing {
            missing = parent
            parent = parentDirectory(of: missing)
        }
        return (missing, parent)
    }

    /// The last part of `path`: the whole of a bare name, what follows the last `/` else.
    public static func lastComponent(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        guard bytes.count > 1 else { return "/" }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The target of `path` if it is a symlink.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

func errnoText() -> String {
    String(cString: strerror(errno))
}
