/// A history of runs (`RunSetting.history`) in one CSV that only ever grows.
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
/// finish or be undone, and their notice says which (`Interruption.Fate`).
///
/// Every row says how many rows its run wrote (`run_rows`), so that a reader sees a run an
/// append left incomplete even when it was cut at a record boundary. A history cut short
/// (killed with SIGKILL, a crash, an older simbench) can be mended with `repair`, which
/// drops that run whole.
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
        /// The partial last record, from `line` on, `bytes` long, was cut off: it started a
        /// run of which nothing else had reached the file.
        case droppedPartialRecord(line: Int, bytes: Int)
        /// The last run, `id`, was incomplete: its `rows` whole rows from `line` on, and the
        /// partial record after them if `partialRecord`, `bytes` in all, were cut off.
        case droppedRun(id: String, rows: Int, partialRecord: Bool, line: Int, bytes: Int)
    }

    /// The command that mends a history an interrupted append left broken, as the running
    /// tool spells it (`ToolName`).
    public static var repairCommand: String { "\(ToolName.current) repair-history" }

    /// Checks, before a run, that the rows can be appended to `path`: it is (or can be
    /// created as) a regular file, and if it has contents they are a valid history. A path
    /// that cannot be a history is an `OutputPathError` naming the output `label`.
    @discardableResult
    public static func check(_ path: String, label: String = "history") throws -> OutputPath {
        let output = try OutputPath.check(
            path, label: label, standardOutput: false, streams: false, appending: true)
        var status = stat()
        if stat(path, &status) == 0, status.st_size > 0 {
            // A history cut short by an interrupted append: the error names repair-history.
            _ = try ResultsFile.read(path, runs: .several)
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
            // As below: the fate the interruption notice gives `path` changes with the file.
            let created = try Interruption.holdingSignals { () throws(FileError) in
                let created = try AtomicFile.create(path, with: document, naming: path)
                if created { Interruption.record(path, .appended) }
                return created
            }
            if created {
                return Outcome(rowsAppended: rows.count, createdFile: true, columnsLeftOut: [])
            }
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FileError(path: path, reason: errnoText()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw FileError(path: path, reason: errnoText())
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: path, reason: "is not a regular file; a history must be one")
        }
        guard flock(descriptor, LOCK_EX) == 0 else {
            throw FileError(path: path, reason: errnoText())
        }
        // Measured under the lock: the file as it is now, not as it was before the run.
        guard fstat(descriptor, &status) == 0 else {
            throw FileError(path: path, reason: errnoText())
        }
        let length = status.st_size

        let text: String
        let outcome: Outcome
        if length == 0 {
            text = OutputFile.document(header: columns, rows: rows)
            outcome = Outcome(rowsAppended: rows.count, createdFile: true, columnsLeftOut: [])
        } else {
            let history = try ResultsFile(path: path, descriptor: descriptor, runs: .several)
            let position = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
            let reordered = rows.map { row in
                history.header.map { position[$0].map { row[$0] } ?? "" }
            }
            text = reordered.map(OutputFile.record).joined()
            outcome = Outcome(
                rowsAppended: rows.count, createdFile: false,
                columnsLeftOut: columns.filter { !history.header.contains($0) })
        }
        // The fate the interruption notice gives `path` changes with the file, under the
        // same held signals: a signal meanwhile says what became of the rows.
        try Interruption.holdingSignals { () throws(FileError) in
            do throws(FileError) {
                try OutputFile.writeAll(text, to: descriptor, path: path)
                guard fsync(descriptor) == 0 else {
                    throw FileError(path: path, reason: errnoText())
                }
                Interruption.record(path, .appended)
            } catch {
                // Whatever part of the rows reached the file goes: the history stays whole.
                if ftruncate(descriptor, length) != 0 {
                    Interruption.record(path, .cutShort)
                    throw FileError(
                        path: path,
                        reason:
                            "\(error.reason), and truncating back to \(length) bytes failed (\(errnoText())); run '\(repairCommand) \(path)'"
                    )
                }
                Interruption.record(path, .undone)
                throw FileError(path: path, reason: "\(error.reason); the history is unchanged")
            }
        }
        return outcome
    }

    /// Mends a history an interrupted append left cut short (killed, a crash, a full disk
    /// whose undo failed): drops the run that append was writing, whole, and nothing else.
    ///
    /// The appended run is the last one. It is incomplete, and dropped with all its rows,
    /// when the file ends inside one of its records, or when its rows are fewer than its
    /// `run_rows` (an append cut at a record boundary leaves only whole records). A record
    /// cut short that starts a new run is dropped alone. Refuses, changing nothing, when
    /// the damage is anything else: a complete but malformed record, a broken run that is
    /// not the last, a header cut short, or (in a history whose header predates `run_rows`)
    /// a cut inside the first field of a record, where which run it belongs to cannot be
    /// told. Works under the same lock as `append`.
    public static func repair(_ path: String) throws -> Repair {
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, reason: errnoText()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: path, reason: "is not a regular file; expected a history CSV")
        }
        guard status.st_size <= ResultsFile.sizeLimit else {
            throw FileError(
                path: path,
                reason: "is larger than \(ResultsFile.sizeLimit >> 20) MiB, the most simbench reads"
            )
        }
        guard flock(descriptor, LOCK_EX) == 0 else {
            throw FileError(path: path, reason: errnoText())
        }
        // Not a history at all (its first line is no results header): refused before the
        // rest is read, which no repair could mend.
        try ResultsFile.checkHeaderLine(descriptor, path: path)
        // An intact history is checked as a stream, costing its rows; only a damaged one
        // is read whole, to be cut.
        let damage: ResultsFileError
        do {
            _ = try ResultsFile(path: path, descriptor: descriptor, runs: .several)
            return .intact
        } catch {
            damage = error
        }
        let bytes = try readAll(descriptor, path: path)
        let end = try repairedLength(of: bytes, path: path, damage: damage)
        guard ftruncate(descriptor, off_t(end.length)) == 0, fsync(descriptor) == 0 else {
            throw FileError(path: path, reason: errnoText())
        }
        let line = bytes[..<end.length].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let dropped = bytes.count - end.length
        if let run = end.run {
            return .droppedRun(
                id: run.id, rows: run.rows, partialRecord: end.partialRecord, line: line,
                bytes: dropped)
        }
        return .droppedPartialRecord(line: line, bytes: dropped)
    }

    /// Where `repair` cuts `bytes`, a history that `damage` says is broken: the length
    /// kept, the run dropped whole (if any) and whether a record cut short is dropped.
    static func repairedLength(
        of bytes: [UInt8], path: String, damage: ResultsFileError
    ) throws(ResultsFileError) -> (length: Int, run: (id: String, rows: Int)?, partialRecord: Bool)
    {
        let repair = HistoryRepair(bytes: bytes, path: path, damage: damage)
        let cut = try repair.endOfWholeRecords()
        let history = try repair.history(upTo: cut)
        let (runIndex, runs) = try repair.runs(of: history)
        let cutRecord = try repair.cutRecord(from: cut, header: history.header, runIndex: runIndex)
        guard let last = runs.last else {
            // A header and a record cut short: the first run's first record.
            return (cut, nil, true)
        }
        let lastIsWhole = try repair.isWhole(last)
        guard try repair.dropsRun(last, isWhole: lastIsWhole, cutRecord: cutRecord) else {
            return (cut, nil, true)
        }
        let start = try repair.start(of: last, in: history, cut: cut)
        return (start, (last.id, last.rows), cutRecord != nil)
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
                throw FileError(
                    path: path,
                    reason:
                        "is larger than \(ResultsFile.sizeLimit >> 20) MiB, the most simbench reads"
                )
            }
        }
    }
}
