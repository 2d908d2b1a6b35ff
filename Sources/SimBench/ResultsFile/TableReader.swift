import CSimBenchSystem

/// Reads a results file into a `RowTable`: the file's bytes kept as they are read, each
/// record split into fields where it lies, and each row checked (`RowChecks`) and kept or
/// refused as it arrives, so that a file that is not a results file is refused after its
/// first bytes however large it is.
///
/// The common row (well-formed CSV, every cell accepted) is split and checked among the
/// bytes, with nothing made for it but its field offsets. Any other record (a syntax error,
/// a rejected cell, a blank line, a record cut short) is handed whole to the reader it
/// always had (`CSVReader` and `RowChecks`), which names what is wrong in the same words,
/// on the same line: the fast path decides nothing it could get wrong, only that a row is
/// fine.
struct TableReader {
    let path: String
    let runs: ResultsFile.Runs

    // MARK: The bytes

    /// Where the bytes come from: a file read from its start (`pread`: the descriptor's
    /// position is left alone), or bytes handed over whole.
    private let descriptor: Int32?
    /// Whether the file's every byte is kept, the line breaks after its last row too.
    private let keepingBytes: Bool
    private var fileOffset = 0
    private var atEndOfFile: Bool
    /// The file as it was when opened, mapped (`FileMapping`): its bytes are taken in
    /// steps, as they would be read, and its first `mappedCount` are the bytes read. Nil
    /// where it could not be mapped, or once it grew past its mapping: then its bytes are
    /// read into `array`.
    private var mapping: FileMapping?
    private var mappedCount = 0
    /// The file's bytes read so far, when it is not mapped.
    private var array: [UInt8]
    /// How long the byte-order mark is, once read: 3 or 0.
    private var markLength = 0
    /// Where the next record starts among the bytes read, and on which line.
    private var next = 0
    private var line = 1

    // MARK: The table

    private(set) var header = [String]()
    private var checks: RowChecks?
    private var width = 0
    private var starts = FieldStarts(width: 0)
    private var lines = [UInt32]()
    /// The fields (`row * width + field`) that double a quote: their text is unquoted when
    /// the table is made.
    private var doubledQuotes = [Int]()
    /// Whether a quoted field holds a carriage return.
    private var holdsCarriageReturn = false
    private var identities = IdentityIndex()
    /// Each row's identity's hash, as the duplicate check made it.
    private var identityHashes = [UInt32]()
    /// The fields a run is told by (`RowTable.runFields`), and the rows that do not repeat
    /// the row before's in them (`RowTable.runBreaks`), told while both rows' bytes are at
    /// hand: a later pass over 100,000 rows would read each from memory again.
    private var runFields = [Int]()
    private var runBreaks = [UInt32]()
    /// Each row's kind (`RowTable.kinds`), told while its bytes are at hand, and the fields
    /// it is told from.
    private var kinds = [RowKind]()
    private var kindFields: (status: Int?, role: Int?) = (nil, nil)

    /// A reader of the file behind `descriptor`, from its first byte.
    ///
    /// - Parameter keepingBytes: whether the line breaks after the last row are kept too,
    ///   for a reader that copies the file as it is.
    init(path: String, descriptor: Int32, runs: ResultsFile.Runs, keepingBytes: Bool = false) {
        self.path = path
        self.runs = runs
        self.descriptor = descriptor
        self.keepingBytes = keepingBytes
        atEndOfFile = false
        array = []
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 {
            let size = min(Int(status.st_size), ResultsFile.sizeLimit)
            mapping = FileMapping(descriptor: descriptor, length: size)
            // Else room for the file as it says it is, which costs nothing until it is
            // written: no copy as the bytes arrive. A file that grows meanwhile grows the
            // array.
            if mapping == nil { array.reserveCapacity(size + 1) }
        }
    }

    /// A reader of `bytes`, the whole text.
    init(path: String, bytes: [UInt8], runs: ResultsFile.Runs) {
        self.path = path
        self.runs = runs
        descriptor = nil
        keepingBytes = true
        atEndOfFile = true
        array = bytes
    }

    /// How many bytes are read.
    private var byteCount: Int { mapping == nil ? array.count : mappedCount }

    /// `body` over the bytes read.
    private func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let mapping else { return try array.withUnsafeBufferPointer(body) }
        return try body(UnsafeBufferPointer(start: mapping.address, count: mappedCount))
    }

    /// Takes the bytes read out of the mapping into `array`, for a file that grew past its
    /// mapping (read on from there) or a table that adds text after the file's bytes.
    private mutating func leaveMapping() {
        guard mapping != nil else { return }
        array = withBytes { Array($0) }
        mapping = nil
    }

    /// Reads the whole file: its header, then every row, each checked as it arrives.
    mutating func read() throws(ResultsFileError) -> RowTable {
        try readHeader()
        while true {
            try readRows()
            if atEndOfFile { break }
            // The record at `next` is not whole in the bytes read: refused once it is
            // longer than any row, else read on.
            if byteCount - next > ResultsFile.recordLimit {
                throw failure(.tooLong(line: line, limit: ResultsFile.recordLimit))
            }
            try fill()
        }
        if next < byteCount {
            // The text ends inside a record, which the record's reader refuses.
            if byteCount - next > ResultsFile.recordLimit {
                throw failure(.tooLong(line: line, limit: ResultsFile.recordLimit))
            }
            try refuse(upTo: byteCount, terminated: false)
        }
        return table()
    }

    // MARK: Reading

    /// Adds the file's next bytes to those read; sets `atEndOfFile` at its end.
    ///
    /// A mapped file's next bytes are taken from its mapping. Else they are read straight
    /// into the room `array` has made for the file: a buffer of their own would be one more
    /// copy, and fresh pages for every read (`malloc` maps a buffer of megabytes anew each
    /// time).
    private mutating func fill() throws(ResultsFileError) {
        guard let descriptor else {
            atEndOfFile = true
            return
        }
        if let mapping {
            if mappedCount < mapping.length {
                let count = min(readSize, mapping.length - mappedCount)
                mappedCount += count
                return try advance(by: count, failed: 0)
            }
            guard try grewPastMapping(descriptor) else { return }
        }
        var size = readSize
        // No further than the room made: a read past the file's end asks for its one byte
        // more, and the array does not grow (a copy of the whole) to learn that it ended.
        let room = array.capacity - array.count
        if room > 0 { size = min(size, room) }
        let start = array.count
        let offset = off_t(fileOffset)
        array.append(contentsOf: repeatElement(0, count: size))
        let (count, failed) = array.withUnsafeMutableBufferPointer { buffer in
            Self.read(descriptor, into: buffer.baseAddress! + start, size: size, at: offset)
        }
        array.removeLast(size - max(count, 0))
        try advance(by: count, failed: failed)
    }

    /// At the end of the mapping: whether the file goes on past it (it grew since it was
    /// opened), and then its bytes are read into `array` from here on; else the file's end
    /// is reached.
    private mutating func grewPastMapping(_ descriptor: Int32) throws(ResultsFileError) -> Bool {
        var byte: UInt8 = 0
        let (count, failed) = Self.read(
            descriptor, into: &byte, size: 1, at: off_t(fileOffset))
        if count < 0 { throw failure(.unreadable(String(cString: strerror(failed)))) }
        guard count > 0 else {
            atEndOfFile = true
            return false
        }
        leaveMapping()
        return true
    }

    /// One `pread` of up to `size` bytes at `offset` into `buffer`, again while a signal
    /// interrupts it: the bytes read (negative where it failed) and the failure's `errno`.
    private static func read(
        _ descriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>, size: Int, at offset: off_t
    ) -> (count: Int, failed: Int32) {
        while true {
            let count = pread(descriptor, buffer, size, offset)
            if count >= 0 { return (count, 0) }
            if errno != EINTR { return (count, errno) }
        }
    }

    /// How many bytes the next read asks for: small reads first, so that a file that is not
    /// a results file is refused after its first line, then larger ones.
    private var readSize: Int {
        fileOffset < (1 << 20) ? RecordBounds.chunkSize : 4 << 20
    }

    /// Moves past the `count` bytes a read returned; fails where it failed (`failed`, its
    /// `errno`) or the file passed the size limit, and sets `atEndOfFile` where it returned
    /// none.
    private mutating func advance(by count: Int, failed: Int32) throws(ResultsFileError) {
        if count < 0 { throw failure(.unreadable(String(cString: strerror(failed)))) }
        if count == 0 {
            atEndOfFile = true
            return
        }
        fileOffset += count
        guard fileOffset <= ResultsFile.sizeLimit else { throw failure(.tooLarge) }
    }

    /// Hands the file's next bytes to `body`; sets `atEndOfFile` at its end.
    private mutating func readChunk(
        _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(ResultsFileError) {
        guard let descriptor else {
            atEndOfFile = true
            return
        }
        if let mapping {
            if fileOffset < mapping.length {
                let count = min(readSize, mapping.length - fileOffset)
                body(UnsafeBufferPointer(start: mapping.address + fileOffset, count: count))
                // Bytes skimmed, not kept (line breaks after the last row): their pages go,
                // so that they cost no memory however many there are.
                Platform.releaseMappedPages(
                    mapping.address, max(fileOffset, mappedCount)..<(fileOffset + count))
                return try advance(by: count, failed: 0)
            }
            guard try grewPastMapping(descriptor) else { return }
        }
        let size = readSize
        let offset = off_t(fileOffset)
        let (count, failed) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) {
            buffer in
            let read = Self.read(descriptor, into: buffer.baseAddress!, size: size, at: offset)
            if read.count >= 0 { body(UnsafeBufferPointer(rebasing: buffer[..<read.count])) }
            return read
        }
        try advance(by: count, failed: failed)
    }

    /// What a failure of reading tells the user.
    private func failure(_ failure: RecordBounds.Failure) -> ResultsFileError {
        ResultsFile.failure(failure, path: path)
    }

    /// Checks the first record as a results file's header, reading no more than about
    /// `ResultsFile.headerLineLimit` bytes. An empty file, or a first line with no line
    /// break (a file cut short, or too short to hold one), is left to the full read, which
    /// says which.
    mutating func checkHeader() throws(ResultsFileError) {
        try readHeader(onlyWhole: true)
    }

    /// Reads the byte-order mark, if any, and the header: the first record, no longer than
    /// `ResultsFile.headerLineLimit`.
    ///
    /// - Parameter onlyWhole: check a header only if the file has one whole (`checkHeader`).
    private mutating func readHeader(onlyWhole: Bool = false) throws(ResultsFileError) {
        while byteCount < 3, !atEndOfFile { try fill() }
        markLength = withBytes { $0.starts(with: [0xEF, 0xBB, 0xBF]) } ? 3 : 0
        next = markLength
        while true {
            let end = withBytes { RecordBounds.end(in: $0, from: next) }
            let length = (end ?? byteCount) - next
            if length > ResultsFile.headerLineLimit {
                throw failure(.tooLong(line: 1, limit: ResultsFile.headerLineLimit))
            }
            if end == nil, !atEndOfFile {
                try fill()
                continue
            }
            if onlyWhole, end == nil { return }
            guard next < byteCount else {
                throw ResultsFileError(
                    path: path, line: 1, column: nil,
                    message:
                        "the file is empty; expected a simbench results CSV, header line first")
            }
            header = try ResultsFile.header(
                of: chunk(upTo: end ?? byteCount, terminated: end != nil), path: path)
            // A header cut short is refused by its record's reader.
            guard let end else { preconditionFailure("\(path): a header without its line break") }
            next = end
            line = 1 + lineFeeds(in: markLength..<next)
            break
        }
        if onlyWhole { return }
        let checks = RowChecks(path: path, header: header, runs: runs)
        self.checks = checks
        runFields = RowTable.runFields(checks.positions)
        kindFields = (checks.positions.position(of: .status), checks.positions.position(of: .role))
        width = header.count
        starts = FieldStarts(width: width)
        identities = IdentityIndex(fields: checks.identityColumns)
        // Room for the rows the file's size suggests, by its first row's length; more is
        // added as needed.
        let size = mapping?.length ?? array.capacity
        if size > next {
            let end = withBytes { RecordBounds.end(in: $0, from: next) }
            if let end, end > next {
                let rows = (size - next) / (end - next) * 5 / 4 + 16
                starts.reserve(rows: rows)
                lines.reserveCapacity(rows)
                kinds.reserveCapacity(rows)
                identityHashes.reserveCapacity(rows)
            }
        }
    }

    /// How many line feeds `range` of the bytes holds.
    private func lineFeeds(in range: Range<Int>) -> Int {
        withBytes { bytes in
            var count = 0
            for index in range where bytes[index] == RowTable.lineFeed { count += 1 }
            return count
        }
    }

    /// The record `bytes[next..<end]`, as the record reader takes it.
    private func chunk(upTo end: Int, terminated: Bool = true) -> RecordBounds.Chunk {
        RecordBounds.Chunk(
            bytes: withBytes { Array(UnsafeBufferPointer(rebasing: $0[next..<end])) }, line: line,
            offset: next - markLength,
            isTerminated: terminated)
    }

    // MARK: Rows

    /// Reads every whole record the bytes hold from `next` on.
    private mutating func readRows() throws(ResultsFileError) {
        while true {
            switch try readCleanRows() {
            case .needMore:
                return
            case .blank(let end):
                // Blank lines at the end are no records; one with more after it is refused.
                if try onlyLineBreaksFollow(end) {
                    next = byteCount
                    return
                }
                try refuse(upTo: end)
            case .refuse(let end):
                guard end - next <= ResultsFile.recordLimit else {
                    throw failure(.tooLong(line: line, limit: ResultsFile.recordLimit))
                }
                try refuse(upTo: end)
            }
        }
    }

    /// What stopped `readCleanRows`.
    private enum Stop {
        /// The bytes end inside a record.
        case needMore
        /// An empty line, which ends at `end`.
        case blank(end: Int)
        /// A record, which ends at `end`, that the record reader is to refuse.
        case refuse(end: Int)
    }

    /// Reads records from `next` on while each is a row the fast path keeps.
    private mutating func readCleanRows() throws(ResultsFileError) -> Stop {
        guard let checks else { return .needMore }
        // The bytes read, held apart from `self`, which `keep` changes meanwhile.
        let mapping = mapping
        let text = array
        let count = byteCount
        let width = width
        var fieldStarts = [UInt32](repeating: 0, count: width + 1)
        // The bytes of a plain row that are not digits (`simbench_split_plain_row`), one bit
        // each, and a word more, which a cell's bits may be read across.
        var nonDigits = [UInt64](repeating: 0, count: TableReader.nonDigitWords + 1)
        func withText(
            _ body: (UnsafeBufferPointer<UInt8>) throws(ResultsFileError) -> Stop
        ) throws(ResultsFileError) -> Stop {
            guard let mapping else { return try text.withUnsafeBufferPointer(body) }
            return try body(UnsafeBufferPointer(start: mapping.address, count: count))
        }
        return try withText { (text) throws(ResultsFileError) -> Stop in
            try fieldStarts.withUnsafeMutableBufferPointer {
                (fieldStarts) throws(ResultsFileError) -> Stop in
                try nonDigits.withUnsafeMutableBufferPointer {
                    (nonDigits) throws(ResultsFileError) -> Stop in
                    while next < text.count {
                        // The common row, split 64 bytes at a time; any other, byte by byte.
                        let plainEnd = simbench_split_plain_row(
                            text.baseAddress!, next, text.count, width, fieldStarts.baseAddress!,
                            nonDigits.baseAddress!, TableReader.nonDigitWords)
                        if plainEnd > 0 {
                            guard plainEnd - next <= ResultsFile.recordLimit,
                                checks.passes(
                                    text, fieldStarts, nonDigits: UnsafeBufferPointer(nonDigits))
                            else { return .refuse(end: plainEnd) }
                            try keep(
                                text, fieldStarts, end: plainEnd, lineFeeds: 0, doublesQuote: false)
                            continue
                        }
                        let scan = TableReader.scan(
                            text, from: next, width: width, into: fieldStarts)
                        switch scan {
                        case .needMore:
                            return .needMore
                        case .row(let end, let lineFeeds, let doublesQuote, let nonASCII, let cr):
                            guard end - next <= ResultsFile.recordLimit,
                                !nonASCII || TableReader.isUTF8(text, next..<end),
                                checks.passes(text, fieldStarts)
                            else { return .refuse(end: end) }
                            try keep(
                                text, fieldStarts, end: end, lineFeeds: lineFeeds,
                                doublesQuote: doublesQuote)
                            if cr { holdsCarriageReturn = true }
                        case .blank(let end):
                            return .blank(end: end)
                        case .other:
                            // Split as the record reader splits, which then says what is wrong.
                            guard let end = RecordBounds.end(in: text, from: next) else {
                                return .needMore
                            }
                            return .refuse(end: end)
                        }
                    }
                    return .needMore
                }
            }
        }
    }

    /// How many words of bits a plain row's non-digits may take: rows of up to 64 KiB less
    /// a block are split 64 bytes at a time, longer ones byte by byte.
    static let nonDigitWords = 1024

    /// Keeps the row whose fields start at `fieldStarts` and which ends at `end`, unless an
    /// earlier row measured the same.
    private mutating func keep(
        _ text: UnsafeBufferPointer<UInt8>, _ fieldStarts: UnsafeMutableBufferPointer<UInt32>,
        end: Int, lineFeeds: Int, doublesQuote: Bool
    ) throws(ResultsFileError) {
        let row = lines.count
        starts.append(UnsafeBufferPointer(fieldStarts))
        lines.append(UInt32(truncatingIfNeeded: line))
        let (first, hash) = identities.insert(row: row, text: text, starts: starts)
        if let first {
            starts.removeLast()
            lines.removeLast()
            throw duplicate(text, fieldStarts, firstLine: Int(lines[first]))
        }
        identityHashes.append(hash)
        kinds.append(
            RowKind.of(
                text, UnsafeBufferPointer(fieldStarts), status: kindFields.status,
                role: kindFields.role))
        if row > 0, !runFields.isEmpty,
            !RowTable.repeatsRowBefore(row, in: text, starts: starts, fields: runFields)
        {
            runBreaks.append(UInt32(truncatingIfNeeded: row))
        }
        if doublesQuote {
            for field in 0..<width {
                let start = Int(fieldStarts[field])
                let end = Int(fieldStarts[field + 1]) - 1
                if text[start] == RowTable.quote,
                    text[(start + 1)..<(end - 1)].contains(RowTable.quote)
                {
                    doubledQuotes.append(row * width + field)
                }
            }
        }
        next = end
        line += 1 + lineFeeds
    }

    /// The refusal of a row that measures what the row on line `firstLine` did.
    private func duplicate(
        _ text: UnsafeBufferPointer<UInt8>, _ fieldStarts: UnsafeMutableBufferPointer<UInt32>,
        firstLine: Int
    ) -> ResultsFileError {
        func cell(_ column: ResultColumn) -> String {
            guard let field = checks?.positions.position(of: column) else { return "" }
            let start = Int(fieldStarts[field])
            let end = Int(fieldStarts[field + 1]) - 1
            guard start < end, text[start] == RowTable.quote else {
                return String(
                    decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
            }
            let inner = UnsafeBufferPointer(rebasing: text[(start + 1)..<(end - 1)])
            return String(decoding: inner, as: UTF8.self).replacingOccurrences(
                of: "\"\"", with: "\"")
        }
        let identity = ResultIdentity(
            scenario: cell(.scenario), parameters: cell(.parameters), sweep: cell(.sweep),
            variant: cell(.variant))
        return ResultsFileError(
            path: path, line: line, column: "variant",
            message: "a duplicated row: \(identity) is already on line \(firstLine)"
                + (runs == .several ? " for the same run" : ""))
    }

    /// Hands the record `bytes[next..<end]` to the record reader and the row checks, which
    /// refuse it; keeps it if they do not (they accept no record the fast path refuses,
    /// but a row is only ever refused in their words).
    private func refuse(upTo end: Int, terminated: Bool = true) throws(ResultsFileError) -> Never {
        let chunk = chunk(upTo: end, terminated: terminated)
        let record = try ResultsFile.record(chunk, header: header, path: path)
        try checks?.check(record)
        preconditionFailure(
            "\(path): line \(line): a record the checks accept was not read (\(chunk.bytes.count) bytes)"
        )
    }

    /// Whether only line breaks (LF or CR LF) follow `end`, to the end of the text, which
    /// is read to know, and kept only when `keepingBytes`: a file may end in any number of
    /// them, which cost no memory.
    private mutating func onlyLineBreaksFollow(_ end: Int) throws(ResultsFileError) -> Bool {
        var skimmer = LineBreakSkimmer()
        withBytes { skimmer.skim(UnsafeBufferPointer(rebasing: $0[end...])) }
        while !skimmer.sawOther, !atEndOfFile {
            if keepingBytes {
                let start = byteCount
                try fill()
                withBytes { skimmer.skim(UnsafeBufferPointer(rebasing: $0[start...])) }
            } else {
                try readChunk { skimmer.skim($0) }
            }
        }
        return !skimmer.sawOther && !skimmer.pendingCarriageReturn
    }

    /// Reads line breaks in pieces, a CR LF possibly split between two.
    private struct LineBreakSkimmer {
        /// Whether a byte other than a line break's was seen.
        var sawOther = false
        /// Whether the last byte seen was a carriage return, whose line feed is to come.
        var pendingCarriageReturn = false

        mutating func skim(_ text: UnsafeBufferPointer<UInt8>) {
            for byte in text where !sawOther {
                if pendingCarriageReturn {
                    pendingCarriageReturn = false
                    if byte != RowTable.lineFeed { sawOther = true }
                } else if byte == RowTable.carriageReturn {
                    pendingCarriageReturn = true
                } else if byte != RowTable.lineFeed {
                    sawOther = true
                }
            }
        }
    }

    /// The table of the rows read.
    private mutating func table() -> RowTable {
        let fileLength = byteCount
        var unquoted = [Int: Range<Int>]()
        // The unquoted text goes after the file's bytes, which a mapping has no room for.
        if !doubledQuotes.isEmpty { leaveMapping() }
        for index in doubledQuotes {
            let row = index / width
            let field = index % width
            let (first, next) = starts.bounds(row: row, field: field)
            let start = first + 1
            let end = next - 2
            var text = [UInt8]()
            var at = start
            while at < end {
                text.append(array[at])
                at += array[at] == RowTable.quote ? 2 : 1
            }
            unquoted[index] = array.count..<(array.count + text.count)
            array += text
        }
        let bytes = mapping.map { TableBytes($0, count: mappedCount) } ?? TableBytes(array)
        return RowTable(
            bytes: bytes, fileLength: fileLength, width: width, starts: starts, lines: lines,
            unquoted: unquoted, positions: checks?.positions ?? ColumnPositions(header: header),
            holdsCarriageReturn: holdsCarriageReturn, runBreaks: runBreaks,
            identityHashes: IdentityHashes(fields: identities.fields, hashes: identityHashes),
            kinds: kinds)
    }

    // MARK: Splitting

    /// What a record's first bytes are.
    enum Scan {
        /// A row of `width` fields, well-formed, ending at `end` (past its line break), with
        /// `lineFeeds` line feeds inside quoted fields.
        case row(end: Int, lineFeeds: Int, doublesQuote: Bool, nonASCII: Bool, carriageReturn: Bool)
        /// An empty line, ending at `end`.
        case blank(end: Int)
        /// The bytes end inside the record.
        case needMore
        /// Anything else: for the record reader to split and say.
        case other
    }

    /// Splits the record at `start` into `width` fields, their starts into `fieldStarts`
    /// (and the line break's first byte + 1 after them).
    ///
    /// Unquoted text is read eight bytes at a time (`WordScan`): a word holding no quote,
    /// control byte or byte above ASCII gives its commas' places from one mask, and only
    /// the byte a word stops at, and the bytes of a quoted field, are looked at one by one.
    static func scan(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, width: Int,
        into fieldStarts: UnsafeMutableBufferPointer<UInt32>
    ) -> Scan {
        let end = text.count
        let base = UnsafeRawPointer(text.baseAddress!)
        var at = start
        // The field being read: its index, and where it starts.
        var field = 0
        var fieldStart = start
        var lineFeeds = 0
        var doublesQuote = false
        var nonASCII = false
        var carriageReturn = false
        fieldStarts[0] = UInt32(truncatingIfNeeded: start)
        while true {
            while at &+ 8 <= end {
                let word = UInt64(
                    littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                let stops = WordScan.stops(word)
                // The commas before the first stop: below its byte's high bit.
                var commas = WordScan.commas(word) & ((stops & (0 &- stops)) &- 1)
                while commas != 0 {
                    field &+= 1
                    guard field < width else { return .other }
                    fieldStart = at &+ (commas.trailingZeroBitCount &>> 3) &+ 1
                    fieldStarts[field] = UInt32(truncatingIfNeeded: fieldStart)
                    commas &= commas &- 1
                }
                if stops != 0 {
                    at &+= stops.trailingZeroBitCount &>> 3
                    break
                }
                at &+= 8
            }
            guard at < end else { return .needMore }
            var byte = text[at]
            if byte == RowTable.quote {
                // Quoted only from the field's first byte: elsewhere, for the record
                // reader to refuse.
                guard at == fieldStart else { return .other }
                at &+= 1
                while true {
                    guard at < end else { return .needMore }
                    let inside = text[at]
                    if inside == RowTable.quote {
                        guard at &+ 1 < end else { return .needMore }
                        if text[at &+ 1] == RowTable.quote {
                            doublesQuote = true
                            at &+= 2
                            continue
                        }
                        at &+= 1
                        break
                    }
                    if inside == 0 { return .other }
                    if inside == RowTable.lineFeed {
                        lineFeeds &+= 1
                    } else if inside == RowTable.carriageReturn {
                        carriageReturn = true
                    } else if inside >= 0x80 {
                        nonASCII = true
                    }
                    at &+= 1
                }
                // After the closing quote: a comma or the line break, nothing else.
                guard at < end else { return .needMore }
                byte = text[at]
                guard
                    byte == RowTable.comma || byte == RowTable.lineFeed
                        || byte == RowTable.carriageReturn
                else { return .other }
            }
            switch byte {
            case RowTable.comma:
                field &+= 1
                guard field < width else { return .other }
                at &+= 1
                fieldStart = at
                fieldStarts[field] = UInt32(truncatingIfNeeded: at)
            case RowTable.lineFeed:
                if field == 0, at == start { return .blank(end: at &+ 1) }
                guard field &+ 1 == width else { return .other }
                fieldStarts[width] = UInt32(truncatingIfNeeded: at &+ 1)
                return .row(
                    end: at &+ 1, lineFeeds: lineFeeds, doublesQuote: doublesQuote,
                    nonASCII: nonASCII, carriageReturn: carriageReturn)
            case RowTable.carriageReturn:
                guard at &+ 1 < end else { return .needMore }
                guard text[at &+ 1] == RowTable.lineFeed else { return .other }
                if field == 0, at == start { return .blank(end: at &+ 2) }
                guard field &+ 1 == width else { return .other }
                fieldStarts[width] = UInt32(truncatingIfNeeded: at &+ 1)
                return .row(
                    end: at &+ 2, lineFeeds: lineFeeds, doublesQuote: doublesQuote,
                    nonASCII: nonASCII, carriageReturn: carriageReturn)
            case 0, RowTable.quote:
                // A NUL, or a quote inside an unquoted field.
                return .other
            default:
                // Another control byte (a tab), text, or a byte of a multi-byte character.
                if byte >= 0x80 { nonASCII = true }
                at &+= 1
            }
        }
    }

    /// Whether `range` of `text`, which holds bytes above ASCII, is UTF-8.
    private static func isUTF8(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        String(validating: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self) != nil
    }
}
