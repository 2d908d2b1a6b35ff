/// A results CSV read back and validated: what `compare`, `merge`, `export`, `baseline save`
/// and a run's history work on.
///
/// Every way a file can be unusable gets one `ResultsFileError` naming the file, the line
/// and the column: missing, empty, not UTF-8, truncated (a record with too few fields, a
/// quote never closed, no final line break), malformed CSV, an unknown, duplicated or
/// missing required column (see `ResultsSchema`), a numeric cell that is not a finite
/// non-negative number, an `ok` row without a median, and two rows measuring the same
/// (scenario, params, sweep, variant). Files written by older versions, with fewer columns, read
/// fine: an absent column reads as empty cells.
///
/// A file that may hold several runs (a history) is also checked run by run: a run whose
/// rows are fewer (or more) than its `run_rows` says was cut short by an interrupted append.
/// Damage of the shape a write cut short leaves (the text ends inside a record, or the last
/// run lacks rows) names `simbench repair-history`.
public struct ResultsFile: Sendable {
    /// How many runs the file may hold, which decides what counts as a duplicated row.
    public enum Runs: Sendable {
        /// One run (or a run's merged shards): each (scenario, params, sweep, variant) once.
        case one
        /// A history file: each (run_id, scenario, params, sweep, variant) once.
        case several
    }

    public let path: String
    public let header: [String]
    /// The rows: the file's bytes and where their fields are.
    let table: RowTable
    public let records: [ResultsRecord]
    /// The file's bytes as read, for copying a file verbatim: every byte when it was read
    /// `keepingBytes`, else up to its last row's line break and the line breaks read with
    /// it.
    public var bytes: [UInt8] {
        // An array's bytes shared, unless unquoted text follows the file's; a mapped file's
        // copied (`withBytes` reads them where they lie).
        table.fileLength == table.bytes.count
            ? table.bytes.asArray : table.bytes.copy(0..<table.fileLength)
    }

    /// `body` over `bytes` where they lie: a mapped file's, not copied.
    func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try table.bytes.withUnsafeBufferPointer { (bytes) throws(Failure) in
            try body(UnsafeBufferPointer(rebasing: bytes[..<table.fileLength]))
        }
    }

    /// Reads and validates the file at `path` (`TableReader`): its header is checked from
    /// the first line before more is read, and its rows as they arrive, so that a file that
    /// is not a results file is refused in bounded memory however large it is, and a valid
    /// one costs its bytes and where its fields are.
    ///
    /// - Parameter keepingBytes: whether `bytes` holds every byte of the file, the line
    ///   breaks after its last row too (which are otherwise skimmed, not kept), for a reader
    ///   that copies the file as it is.
    public static func read(
        _ path: String, runs: Runs = .one, keepingBytes: Bool = false
    ) throws(ResultsFileError) -> ResultsFile {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        return try ResultsFile(
            path: path, descriptor: descriptor, runs: runs, keepingBytes: keepingBytes)
    }

    /// Validates `bytes` as the contents of a file named `path` (which is only used in
    /// messages).
    public init(path: String, bytes: [UInt8], runs: Runs = .one) throws(ResultsFileError) {
        try self.init(path: path, bytes: bytes, runs: runs, checkingRuns: true)
    }

    /// - Parameter checkingRuns: whether each run's rows are counted against its `run_rows`
    ///   (with `runs: .several`); `HistoryFile.repair` counts them itself.
    init(path: String, bytes: [UInt8], runs: Runs, checkingRuns: Bool) throws(ResultsFileError) {
        var reader = TableReader(path: path, bytes: bytes, runs: runs)
        try self.init(path: path, reader: &reader, runs: runs, checkingRuns: checkingRuns)
    }

    /// Reads and validates the file behind `descriptor`, from its start whatever the
    /// descriptor's position (which is left alone).
    init(
        path: String, descriptor: Int32, runs: Runs, checkingRuns: Bool = true,
        keepingBytes: Bool = false
    ) throws(ResultsFileError) {
        var reader = TableReader(
            path: path, descriptor: descriptor, runs: runs, keepingBytes: keepingBytes)
        try self.init(path: path, reader: &reader, runs: runs, checkingRuns: checkingRuns)
    }

    private init(
        path: String, reader: inout TableReader, runs: Runs, checkingRuns: Bool
    ) throws(ResultsFileError) {
        self.path = path
        table = try reader.read()
        header = reader.header
        records = ResultsRecord.all(of: table)
        if runs == .several, checkingRuns { try requireWholeRuns() }
    }

    // MARK: Records

    /// The longest header read: simbench's is about 2 KB; a first line longer than this is
    /// no results file's.
    static let headerLineLimit = 64 << 10

    /// The longest row read, its quoted line breaks included: simbench writes about 1 kB
    /// per row; a record longer than this is no results file's, and is refused without
    /// reading on.
    public static let recordLimit = 1 << 20

    /// What a failure of reading tells the user.
    static func failure(_ failure: RecordBounds.Failure, path: String) -> ResultsFileError {
        switch failure {
        case .unreadable(let reason):
            return ResultsFileError(
                path: path, line: nil, column: nil, message: "cannot be read: \(reason)")
        case .tooLarge:
            return tooLarge(path)
        case .tooLong(let line, let limit) where limit == headerLineLimit:
            return ResultsFileError(
                path: path, line: line, column: nil,
                message:
                    "the first line is longer than \(limit >> 10) KiB; expected a simbench results CSV, header line first"
            )
        case .tooLong(let line, let limit):
            return ResultsFileError(
                path: path, line: line, column: nil,
                message:
                    "the record is longer than \(limit >> 20) MiB, the most simbench reads in one row (its rows are about 1 kB); expected a simbench results CSV"
            )
        }
    }

    /// The header that `chunk`, the file's first record, holds; fails when it is blank,
    /// not UTF-8, malformed, or names columns wrongly (`checkHeader`).
    static func header(
        of chunk: RecordBounds.Chunk, path: String
    ) throws(ResultsFileError) -> [String] {
        guard !chunk.isBlank else {
            throw ResultsFileError(
                path: path, line: 1, column: nil,
                message: "the header line is empty; expected a simbench results CSV")
        }
        let fields = try record(chunk, header: [], path: path).fields
        try checkHeader(fields) { line, column, message in
            ResultsFileError(path: path, line: line, column: column, message: message)
        }
        return fields
    }

    /// The record `chunk` holds, parsed. Fails on bytes that are not UTF-8 and on a CSV
    /// syntax error, naming its line and, past the header, its column (or field); one where
    /// the text ends inside the record (the shape an interrupted append leaves) names the
    /// repair.
    static func record(
        _ chunk: RecordBounds.Chunk, header: [String], path: String
    ) throws(ResultsFileError) -> CSVReader.Record {
        // ASCII is UTF-8: only a row with other bytes is decoded to be checked.
        let isASCII = chunk.bytes.withUnsafeBufferPointer { bytes in
            bytes.reduce(0 as UInt8) { $0 | $1 } < 0x80
        }
        if !isASCII, String(validating: chunk.bytes, as: UTF8.self) == nil {
            let lines = chunk.bytes.split(
                separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let bad = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0
            throw ResultsFileError(
                path: path, line: chunk.line + bad, column: nil,
                message: "not UTF-8 text; expected a simbench results CSV")
        }
        do {
            return try CSVReader.record(
                in: chunk.bytes, line: chunk.line, offset: chunk.offset, fields: header.count)
        } catch {
            let column = error.field < header.count && error.line > 1 ? header[error.field] : nil
            let message =
                column == nil && error.line > 1
                ? "field \(error.field + 1): \(error.message)" : error.message
            throw ResultsFileError(
                path: path, line: error.line, column: column,
                message: message + (error.atEnd ? repairHint(path) : ""))
        }
    }

    /// Fails on a run whose rows are fewer (or more) than its `run_rows` says: cut short by
    /// an interrupted append. Histories (`runs: .several`) are checked when read; `export`
    /// checks any file it publishes. A file whose rows do not say (an older header, or rows
    /// not written by `run`) passes.
    public func requireWholeRuns() throws(ResultsFileError) {
        guard let run = runsByCount().first(where: { !$0.isWhole }) else {
            return
        }
        let last = run.lastIndex == records.count - 1
        throw ResultsFileError(
            path: path, line: records[run.lastIndex].line, column: ResultColumn.runRows.name,
            message: run.problem
                + (last
                    ? ResultsFile.repairHint(path)
                    : "; only the last run can have been cut short by an append"))
    }

    /// Fails on a file that holds its header and no row: every reader refuses one the same
    /// way (exit status 1), since nothing it prints or writes could come from the file.
    ///
    /// - Parameter action: what the reader would do with rows: `compare`, `export` ….
    public func requireRows(toDo action: String) throws(ResultsFileError) {
        guard records.isEmpty else { return }
        throw ResultsFileError(
            path: path, line: 2, column: nil,
            message: "no result rows, only a header; nothing to \(action)")
    }

    /// One run of a history, counted: its rows against its `run_rows`.
    struct RunCount {
        let id: String
        var rows = 0
        /// What its rows say they are; nil when they say nothing (an older header).
        var declared: String?
        /// Where its first and last rows are, in the records.
        var firstIndex: Int
        var lastIndex: Int
        /// Another row's `run_rows` differs from the first's, at this index.
        var disagreement: Int?

        var isWhole: Bool {
            guard disagreement == nil else { return false }
            guard let declared else { return true }
            return Int(declared) == rows
        }

        var problem: String {
            if disagreement != nil {
                return
                    "run '\(id)': its rows disagree in \(ResultColumn.runRows.name); every row of a run says how many rows the run wrote"
            }
            guard let count = declared.flatMap({ Int($0) }) else {
                return "run '\(id)': '\(declared ?? "")' is not a whole number of rows"
            }
            return rows < count
                ? "run '\(id)' has \(rows) of the \(count) rows it wrote: its append was cut short"
                : "run '\(id)' has \(rows) rows but wrote \(count)"
        }
    }

    /// Each run of the file's rows (by `run_id`), in the order of their first rows.
    ///
    /// A run's rows are together in a history. Between two of the table's `runBreaks` every
    /// row writes its run and row count as the row before does, so that each stretch is
    /// counted whole, and only its first row is read: not every row from memory again.
    func runsByCount() -> [RunCount] {
        var runs = [RunCount]()
        var position = [String: Int]()
        var current = 0
        let breaks = table.runBreaks
        var nextBreak = 0
        var start = 0
        while start < records.count {
            let end = nextBreak < breaks.count ? Int(breaks[nextBreak]) : records.count
            nextBreak += 1
            defer { start = end }
            // Rows start..<end: each one's run and row count are the first's.
            let record = records[start]
            var counted = start
            if start == 0 || !record.hasSameCell(.runID, as: records[start - 1]) {
                let id = record[.runID]
                if let at = position[id] {
                    current = at
                } else {
                    let declared = record[.runRows]
                    position[id] = runs.count
                    current = runs.count
                    runs.append(
                        RunCount(
                            id: id, rows: 1, declared: declared.isEmpty ? nil : declared,
                            firstIndex: start, lastIndex: start))
                    counted = start + 1
                }
            }
            guard counted < end else { continue }
            runs[current].rows += end - counted
            runs[current].lastIndex = end - 1
            if runs[current].disagreement == nil,
                !records[counted].hasSameCell(.runRows, as: records[runs[current].firstIndex])
            {
                runs[current].disagreement = counted
            }
        }
        return runs
    }

    /// What a history cut short by an interrupted append is told: the command that mends it.
    static func repairHint(_ path: String) -> String {
        " (if a run was killed while appending to this history, '\(HistoryFile.repairCommand) \(path)' drops that run's rows)"
    }

    /// Fails on duplicated, empty, unknown or missing required column names.
    private static func checkHeader(
        _ header: [String], failure: (Int?, String?, String) -> ResultsFileError
    ) throws(ResultsFileError) {
        var seen = [String: Int]()
        let known = Set(ResultsSchema.knownColumns)
        for (index, name) in header.enumerated() {
            guard !name.isEmpty else {
                throw failure(
                    1, nil, "field \(index + 1) of the header is empty; every column needs a name")
            }
            if let first = seen[name] {
                throw failure(
                    1, name, "named twice in the header (fields \(first + 1) and \(index + 1))")
            }
            seen[name] = index
            guard known.contains(name) else {
                throw failure(
                    1, name,
                    "unknown column; simbench writes no column of that name (is the file from another tool, or a newer simbench?)"
                )
            }
        }
        for name in ResultsSchema.requiredColumns where seen[name] == nil {
            throw failure(
                1, name,
                "missing from the header; required: \(ResultsSchema.requiredColumns.joined(separator: ", "))"
            )
        }
    }

    /// Checks the first record of the file behind `descriptor` as a results CSV's header,
    /// reading no more than about `headerLineLimit` bytes, from the start (whatever the
    /// descriptor's position), before anything reads the rest. A first line with no line
    /// break (a file cut short, or too short to hold one) is left to the full read, which
    /// says which.
    static func checkHeaderLine(_ descriptor: Int32, path: String) throws(ResultsFileError) {
        var reader = TableReader(path: path, descriptor: descriptor, runs: .one)
        try reader.checkHeader()
    }

    /// The largest results file read: far more than any run writes (a row is about 1 kB),
    /// small enough that reading it cannot exhaust memory.
    public static let sizeLimit = 512 << 20

    /// The file at `path`, opened for reading, or an error saying why it cannot be read
    /// (missing, not a regular file, larger than `sizeLimit`, unreadable).
    private static func openForReading(_ path: String) throws(ResultsFileError) -> Int32 {
        func failure(_ reason: String) -> ResultsFileError {
            ResultsFileError(path: path, line: nil, column: nil, message: reason)
        }
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw failure("cannot be read: \(String(cString: strerror(errno)))")
        }
        var opened = false
        defer { if !opened { close(descriptor) } }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw failure("cannot be read: \(String(cString: strerror(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure("is a directory; expected a results CSV file")
        case S_IFCHR: throw failure("is a character device; expected a regular results CSV file")
        case S_IFIFO: throw failure("is a FIFO; expected a regular results CSV file")
        default: throw failure("is not a regular file; expected a results CSV file")
        }
        guard status.st_size <= sizeLimit else { throw tooLarge(path) }
        opened = true
        return descriptor
    }

    /// What a file larger than `sizeLimit` is told.
    private static func tooLarge(_ path: String) -> ResultsFileError {
        ResultsFileError(
            path: path, line: nil, column: nil,
            message:
                "is larger than \(sizeLimit >> 20) MiB, the most simbench reads; expected a results CSV"
        )
    }
}
