import Glibc

/// `--append PATH`: a history of runs in one CSV that only ever grows.
///
/// Every run adds its rows (each carries its run id, timestamp and git commit) at the end;
/// earlier rows are never rewritten. The file is opened (created if need be) and locked
/// with an exclusive `flock` before anything else, so that two runs creating or extending
/// the same history take turns: the first to get the lock on an empty file writes the
/// header and its rows, the other then finds a history and appends to it. Under the lock
/// the history is validated (one that is already broken is refused, not extended), the
/// new rows are written at its end with `O_APPEND` in one `write` of complete records and
/// flushed with `fsync`; if that fails (a full disk), the file is truncated back to its
/// length before, so no partial record is left. SIGINT and SIGTERM wait for the append to
/// finish or be undone.
///
/// A history cut short by an older simbench (killed or out of space mid-append) can be
/// mended with `repair`, which drops only the partial last record.
///
/// A file written by an older simbench has fewer columns: the rows are written in that
/// file's header order and the columns it lacks are left out (and named, so nobody is
/// surprised); the file's header is never changed. A file with a column this version does
/// not know (from a newer simbench) is refused.
public enum HistoryFile {
    /// What an append did.
    public struct Outcome: Sendable, Equatable {
        public var rowsAppended: Int
        public var createdFile: Bool
        /// Columns of this version the file's older header does not have.
        public var columnsLeftOut: [String]
    }

    /// What `repair` did.
    public enum Repair: Sendable, Equatable {
        /// The file was a valid history: nothing changed.
        case intact
        /// The partial last record, from `line` on, `bytes` long, was cut off.
        case droppedPartialRecord(line: Int, bytes: Int)
    }

    /// The command that mends a history an interrupted append left broken.
    public static let repairCommand = "simbench repair-history"

    /// Checks, before a run, that the rows can be appended to `path`: it is (or can be
    /// created as) a regular file, and if it has contents they are a valid history.
    @discardableResult
    public static func check(_ path: String) throws -> OutputPath {
        let output = try OutputPath.check(
            path, flag: "--append", standardOutput: false, streams: false, appending: true)
        var status = stat()
        if stat(path, &status) == 0, status.st_size > 0 {
            do {
                _ = try ResultsFile.read(path, runs: .several)
            } catch {
                throw ResultsFileError(
                    path: error.path, line: error.line, column: error.column,
                    message: error.message + repairHint(path))
            }
        }
        return output
    }

    /// Appends `rows` (cells in `columns` order) to the history at `path`, creating it
    /// (header and rows) if it does not exist or is empty.
    ///
    /// A new history is created whole or not at all (`AtomicFile.create`): a full disk
    /// leaves no file, not an empty one. If another run creates it meanwhile, the rows are
    /// appended to that one like any history.
    public static func append(
        rows: [[String]], columns: [String] = ResultRow.columns, to path: String
    ) throws -> Outcome {
        var entry = stat()
        if lstat(path, &entry) != 0, errno == ENOENT {
            let document = Array(OutputFile.document(header: columns, rows: rows).utf8)
            let created = try Interruption.holdingSignals { () throws(FileError) in
                try AtomicFile.create(path, with: document, naming: path)
            }
            if created { return Outcome(rowsAppended: rows.count, createdFile: true, columnsLeftOut: []) }
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FileError(path: path, reason: errnoText()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileError(path: path, reason: errnoText()) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: path, reason: "is not a regular file; a history must be one")
        }
        guard flock(descriptor, LOCK_EX) == 0 else { throw FileError(path: path, reason: errnoText()) }
        // Measured under the lock: the file as it is now, not as it was before the run.
        guard fstat(descriptor, &status) == 0 else { throw FileError(path: path, reason: errnoText()) }
        let length = status.st_size

        let text: String
        let outcome: Outcome
        if length == 0 {
            text = OutputFile.document(header: columns, rows: rows)
            outcome = Outcome(rowsAppended: rows.count, createdFile: true, columnsLeftOut: [])
        } else {
            let history: ResultsFile
            let bytes = try readAll(descriptor, path: path)
            do {
                history = try ResultsFile(path: path, bytes: bytes, runs: .several)
            } catch {
                throw ResultsFileError(
                    path: error.path, line: error.line, column: error.column,
                    message: error.message + repairHint(path))
            }
            let position = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
            let reordered = rows.map { row in history.header.map { position[$0].map { row[$0] } ?? "" } }
            text = reordered.map(OutputFile.record).joined()
            outcome = Outcome(
                rowsAppended: rows.count, createdFile: false,
                columnsLeftOut: columns.filter { !history.header.contains($0) })
        }
        try Interruption.holdingSignals { () throws(FileError) in
            do throws(FileError) {
                try OutputFile.writeAll(text, to: descriptor, path: path)
                guard fsync(descriptor) == 0 else { throw FileError(path: path, reason: errnoText()) }
            } catch {
                // Whatever part of the rows reached the file goes: the history stays whole.
                if ftruncate(descriptor, length) != 0 {
                    throw FileError(
                        path: path,
                        reason: "\(error.reason), and truncating back to \(length) bytes failed (\(errnoText())); run '\(repairCommand) \(path)'")
                }
                throw FileError(path: path, reason: "\(error.reason); the history is unchanged")
            }
        }
        return outcome
    }

    /// Mends a history whose last record was cut short (by an older simbench killed or out
    /// of space mid-append): drops that partial record and nothing else.
    ///
    /// Refuses, changing nothing, unless the file up to the start of its last line is a
    /// valid history and that last line is a record cut short (no line break at its end, or
    /// fewer fields than the header). Works under the same lock as `append`.
    public static func repair(_ path: String) throws -> Repair {
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, reason: errnoText()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: path, reason: "is not a regular file; expected a history CSV")
        }
        guard status.st_size <= ResultsFile.sizeLimit else {
            throw FileError(path: path, reason: "is larger than \(ResultsFile.sizeLimit >> 20) MiB, the most simbench reads")
        }
        guard flock(descriptor, LOCK_EX) == 0 else { throw FileError(path: path, reason: errnoText()) }
        let bytes = try readAll(descriptor, path: path)
        let damage: ResultsFileError
        do {
            _ = try ResultsFile(path: path, bytes: bytes, runs: .several)
            return .intact
        } catch {
            damage = error
        }
        let cut = lastLineStart(bytes)
        func refuse(_ why: String) -> ResultsFileError {
            ResultsFileError(
                path: path, line: damage.line, column: damage.column,
                message: "\(damage.message); not repaired: \(why)")
        }
        guard cut > 0 else { throw refuse("the header itself is incomplete; remove the file to start a new history") }
        let kept = Array(bytes[..<cut])
        let header: [String]
        do {
            header = try ResultsFile(path: path, bytes: kept, runs: .several).header
        } catch {
            throw refuse("the damage is not only in the last record (\(error.description))")
        }
        let tail = Array(bytes[cut...])
        if let records = try? CSVReader.records(in: tail), records.count == 1,
            records[0].fields.count >= header.count
        {
            throw refuse("the last record is complete, so its damage is not a cut-short write")
        }
        guard ftruncate(descriptor, off_t(cut)) == 0, fsync(descriptor) == 0 else {
            throw FileError(path: path, reason: errnoText())
        }
        let line = kept.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        return .droppedPartialRecord(line: line, bytes: tail.count)
    }

    /// The offset at which the last line starts (a final line break belongs to it).
    static func lastLineStart(_ bytes: [UInt8]) -> Int {
        var end = bytes.endIndex
        if end > 0, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        guard let lineFeed = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")) else { return 0 }
        return lineFeed + 1
    }

    private static func repairHint(_ path: String) -> String {
        " (if a run was killed while appending, '\(repairCommand) \(path)' drops the partial last record)"
    }

    /// The whole file behind `descriptor`, from its start.
    private static func readAll(_ descriptor: Int32, path: String) throws(FileError) -> [UInt8] {
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, reason: errnoText())
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[..<count])
            guard bytes.count <= ResultsFile.sizeLimit else {
                throw FileError(path: path, reason: "is larger than \(ResultsFile.sizeLimit >> 20) MiB, the most simbench reads")
            }
        }
    }
}
