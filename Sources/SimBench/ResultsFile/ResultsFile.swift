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
    public let records: [ResultsRecord]
    /// The file's bytes as read, for copying a file verbatim.
    public let bytes: [UInt8]

    /// Reads and validates the file at `path`.
    public static func read(_ path: String, runs: Runs = .one) throws(ResultsFileError)
        -> ResultsFile
    {
        try ResultsFile(path: path, bytes: readBytes(path), runs: runs)
    }

    /// Validates `bytes` as the contents of a file named `path` (which is only used in
    /// messages).
    public init(path: String, bytes: [UInt8], runs: Runs = .one) throws(ResultsFileError) {
        try self.init(path: path, bytes: bytes, runs: runs, checkingRuns: true)
    }

    /// - Parameter checkingRuns: whether each run's rows are counted against its `run_rows`
    ///   (with `runs: .several`); `HistoryFile.repair` counts them itself.
    init(path: String, bytes: [UInt8], runs: Runs, checkingRuns: Bool) throws(ResultsFileError) {
        func failure(_ line: Int?, _ column: String?, _ message: String) -> ResultsFileError {
            ResultsFileError(path: path, line: line, column: column, message: message)
        }
        self.path = path
        self.bytes = bytes
        let text = try ResultsFile.text(of: bytes, failure: failure)
        let parsed = try ResultsFile.csvRecords(in: text, path: path, failure: failure)
        guard let headerRecord = parsed.first, !headerRecord.isBlank else {
            throw failure(1, nil, "the header line is empty; expected a simbench results CSV")
        }
        header = headerRecord.fields
        try ResultsFile.checkHeader(header, failure: failure)
        records = try RowChecks(path: path, header: header, runs: runs).rows(parsed.dropFirst())
        if runs == .several, checkingRuns { try requireWholeRuns() }
    }

    /// The file's text: its bytes without a UTF-8 byte-order mark. Fails when nothing is
    /// left, or on the first line that is not UTF-8.
    private static func text(
        of bytes: [UInt8], failure: (Int?, String?, String) -> ResultsFileError
    ) throws(ResultsFileError) -> [UInt8] {
        var text = bytes
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        guard !text.isEmpty else {
            throw failure(
                1, nil, "the file is empty; expected a simbench results CSV, header line first")
        }
        if let line = ResultsFile.firstLineNotUTF8(text) {
            throw failure(line, nil, "not UTF-8 text; expected a simbench results CSV")
        }
        return text
    }

    /// The CSV records of `text`, the header's first. A syntax error names its line and,
    /// past the header, its column (or field); one where the text ends inside a record (the
    /// shape an interrupted append leaves) names the repair.
    private static func csvRecords(
        in text: [UInt8], path: String, failure: (Int?, String?, String) -> ResultsFileError
    ) throws(ResultsFileError) -> [CSVReader.Record] {
        do {
            return try CSVReader.records(in: text)
        } catch {
            let names = ResultsFile.headerNames(text)
            let column = error.field < names.count && error.line > 1 ? names[error.field] : nil
            let message =
                column == nil && error.line > 1
                ? "field \(error.field + 1): \(error.message)" : error.message
            throw failure(
                error.line, column, message + (error.atEnd ? ResultsFile.repairHint(path) : ""))
        }
    }

    /// Fails on a run whose rows are fewer (or more) than its `run_rows` says: cut short by
    /// an interrupted append. Histories (`runs: .several`) are checked when read; `export`
    /// checks any file it publishes. A file whose rows do not say (an older header, or rows
    /// not written by `run`) passes.
    public func requireWholeRuns() throws(ResultsFileError) {
        guard let run = ResultsFile.runsByCount(records).first(where: { !$0.isWhole }) else {
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

    /// Each run of `records` (by `run_id`), in the order of their first rows.
    static func runsByCount(_ records: [ResultsRecord]) -> [RunCount] {
        var runs = [RunCount]()
        var position = [String: Int]()
        for (index, record) in records.enumerated() {
            let id = record[.runID]
            let declared = record[.runRows]
            if let at = position[id] {
                runs[at].rows += 1
                runs[at].lastIndex = index
                if runs[at].declared != (declared.isEmpty ? nil : declared),
                    runs[at].disagreement == nil
                {
                    runs[at].disagreement = index
                }
            } else {
                position[id] = runs.count
                runs.append(
                    RunCount(
                        id: id, rows: 1, declared: declared.isEmpty ? nil : declared,
                        firstIndex: index,
                        lastIndex: index))
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

    /// The header's names as far as the first line parses, for naming columns in syntax
    /// errors on later lines.
    private static func headerNames(_ text: [UInt8]) -> [String] {
        guard let end = text.firstIndex(of: UInt8(ascii: "\n")) else { return [] }
        return (try? CSVReader.records(in: Array(text[...end])))?.first?.fields ?? []
    }

    /// The first line holding bytes that are not UTF-8, or nil if all of it is.
    private static func firstLineNotUTF8(_ text: [UInt8]) -> Int? {
        guard String(validating: text, as: UTF8.self) == nil else { return nil }
        var line = 1
        for slice in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if String(validating: slice, as: UTF8.self) == nil { return line }
            line += 1
        }
        return line
    }

    /// The longest header line read: simbench's is about 2 KB; a first line longer than this
    /// is no results file's.
    static let headerLineLimit = 64 << 10

    /// Checks the first line of the file behind `descriptor` as a results CSV's header,
    /// reading no more than `headerLineLimit` bytes (with `pread`, from the start), before
    /// anything reads the rest: a file that is not a results file is refused at once, in
    /// bounded memory, however large it is. A first line with no line break (a file cut
    /// short, or too short to hold one) is left to the full read, which says which.
    static func checkHeaderLine(_ descriptor: Int32, path: String) throws(ResultsFileError) {
        func failure(_ line: Int?, _ column: String?, _ message: String) -> ResultsFileError {
            ResultsFileError(path: path, line: line, column: column, message: message)
        }
        var start = [UInt8](repeating: 0, count: headerLineLimit + 3)
        var filled = 0
        var lineEnd: Int?
        while filled < start.count, lineEnd == nil {
            let count = start.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(filled))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(nil, nil, "cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            lineEnd = start[filled..<(filled + count)].firstIndex(of: UInt8(ascii: "\n"))
            filled += count
        }
        var first = start[..<filled]
        if first.starts(with: [0xEF, 0xBB, 0xBF]) { first = first.dropFirst(3) }
        guard let lineEnd else {
            guard filled < start.count else {
                throw failure(
                    1, nil,
                    "the first line is longer than \(headerLineLimit >> 10) KiB; expected a simbench results CSV, header line first"
                )
            }
            return
        }
        let line = first[..<(lineEnd + 1)]
        if line.elementsEqual([UInt8(ascii: "\n")]) || line.elementsEqual([13, 10]) {
            throw failure(1, nil, "the header line is empty; expected a simbench results CSV")
        }
        guard String(validating: line, as: UTF8.self) != nil else {
            throw failure(1, nil, "not UTF-8 text; expected a simbench results CSV")
        }
        let header: [String]
        do {
            header = try CSVReader.records(in: Array(line)).first?.fields ?? []
        } catch {
            throw failure(1, nil, error.message)
        }
        try checkHeader(header, failure: failure)
    }

    /// The largest results file read: far more than any run writes (a row is about 1 kB),
    /// small enough that reading it cannot exhaust memory.
    public static let sizeLimit = 512 << 20

    /// The whole file, or an error saying why it cannot be read (missing, not a regular
    /// file, larger than `sizeLimit`, unreadable).
    private static func readBytes(_ path: String) throws(ResultsFileError) -> [UInt8] {
        func failure(_ reason: String) -> ResultsFileError {
            ResultsFileError(path: path, line: nil, column: nil, message: reason)
        }
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw failure("cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw failure("cannot be read: \(String(cString: strerror(errno)))")
        }
        let tooLarge = failure(
            "is larger than \(sizeLimit >> 20) MiB, the most simbench reads; expected a results CSV"
        )
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure("is a directory; expected a results CSV file")
        case S_IFCHR: throw failure("is a character device; expected a regular results CSV file")
        case S_IFIFO: throw failure("is a FIFO; expected a regular results CSV file")
        default: throw failure("is not a regular file; expected a results CSV file")
        }
        guard status.st_size <= sizeLimit else { throw tooLarge }
        try checkHeaderLine(descriptor, path: path)
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress, $0.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[..<count])
            // Files in /proc say they are empty and may not end: stop at the limit.
            guard bytes.count <= sizeLimit else { throw tooLarge }
        }
        return bytes
    }
}
