/// The CSV records of a file, one at a time, read in chunks through a bounded buffer: what
/// every results file reader reads with.
///
/// A record ends at a line break outside quotes (a quoted field may hold line breaks), so
/// that the file is checked from its first record before the rest is read, and each row is
/// checked and kept (or dropped) as it arrives: the memory a read takes grows with the rows
/// kept, not with the bytes read. No record may be longer than the limit `next` is given:
/// past it the read stops, naming the line, without reading on.
///
/// Records are split here and parsed by `CSVReader`, whose errors are the file's; the
/// splitting follows the same rules (a quote opens a field only at its start, a doubled
/// quote inside a quoted field is one quote), so that both agree on where a record ends.
struct RecordStream {
    /// One record's bytes, its line break included, and where it is in the text.
    struct Chunk {
        var bytes: [UInt8]
        /// The 1-based line the record starts on.
        var line: Int
        /// The byte offset at which the record starts, after any byte-order mark.
        var offset: Int
        /// Whether the record ends with a line break (false: the text ends inside it).
        var isTerminated: Bool
        /// Whether the record is a line break alone: an empty line.
        var isBlank: Bool {
            bytes == [Self.lineFeed] || bytes == [Self.carriageReturn, Self.lineFeed]
        }

        static let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    }

    /// Why the stream stopped.
    enum Failure: Error {
        /// Reading failed, with `strerror`'s words.
        case unreadable(String)
        /// The record from `line` on is longer than `limit` bytes.
        case tooLong(line: Int, limit: Int)
        /// More bytes than `ResultsFile.sizeLimit` (a file that says it is small and is not,
        /// such as a file in /proc).
        case tooLarge
    }

    /// How many bytes one read asks for.
    static let chunkSize = 64 << 10

    /// Where the bytes come from: a file read from its start, or bytes already in memory.
    private let descriptor: Int32?
    private var buffer: [UInt8]
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end: Int
    private var atEndOfFile: Bool
    /// The file offset of the next read (`pread`: the descriptor's own position is left
    /// alone, so that two streams over one descriptor each read from the start).
    private var fileOffset = 0
    /// The byte-order mark's length, once the first bytes are in: 3 or 0.
    private var markLength: Int?
    /// The line and text offset of the next record.
    private(set) var line = 1
    private(set) var offset = 0
    /// Every byte read, in order, when the reader asked to keep them.
    private(set) var kept: [UInt8]?
    /// The bytes the splitter has stepped over, each time it did (a byte looked at twice
    /// counts twice): the work a test holds linear in the text.
    private(set) var bytesExamined = 0

    /// A stream over the file behind `descriptor`, from its first byte, whatever the
    /// descriptor's position.
    ///
    /// - Parameter keepingBytes: whether every byte read is kept too (`kept`), for a reader
    ///   that copies the file verbatim once it is checked.
    init(descriptor: Int32, keepingBytes: Bool = false) {
        self.descriptor = descriptor
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        end = 0
        atEndOfFile = false
        kept = keepingBytes ? [] : nil
    }

    /// A stream over `bytes`, which are the whole text.
    init(bytes: [UInt8]) {
        descriptor = nil
        buffer = bytes
        end = bytes.count
        atEndOfFile = true
    }

    /// The next record, nil at the end of the text.
    ///
    /// - Parameter limit: the most bytes the record may have, its line break included.
    mutating func next(limit: Int) throws(Failure) -> Chunk? {
        try skipByteOrderMark()
        var state = SplitState.fieldStart
        var at = start
        while true {
            let scanFrom = at
            let found = buffer.withUnsafeBufferPointer { bytes in
                while at < end {
                    // Inside quotes only a quote can change the state, and inside an
                    // unquoted field only a comma or a line feed: such runs are stepped
                    // over in a tight loop.
                    if state == .quoted {
                        while at < end, bytes[at] != SplitState.quote { at += 1 }
                        guard at < end else { break }
                    } else if state == .unquoted {
                        while at < end, bytes[at] != SplitState.comma,
                            bytes[at] != SplitState.lineFeed
                        {
                            at += 1
                        }
                        guard at < end else { break }
                    }
                    state = state.after(bytes[at])
                    at += 1
                    if state == .recordEnd { return true }
                }
                return false
            }
            bytesExamined += at - scanFrom
            if found { return try take(upTo: at, limit: limit, terminated: true) }
            if at - start > limit { throw .tooLong(line: line, limit: limit) }
            if atEndOfFile {
                guard start < end else { return nil }
                return try take(upTo: end, limit: limit, terminated: false)
            }
            let consumed = at - start
            try fill()
            at = start + consumed
        }
    }

    /// Skips the line breaks (LF or CR LF) that follow, and says whether the text ends
    /// there: a file may end in blank lines, which are no records. When something else
    /// follows, the stream stops before it.
    mutating func skipLineBreaksToEnd() throws(Failure) -> Bool {
        while true {
            // One pass over the buffered bytes, counting lines, with no per-byte call.
            let (skipped, lines) = buffer.withUnsafeBufferPointer { bytes in
                var at = start
                var lines = 0
                while at < end {
                    if bytes[at] == 10 {
                        at += 1
                    } else if bytes[at] == 13, at + 1 < end, bytes[at + 1] == 10 {
                        at += 2
                    } else {
                        break
                    }
                    lines += 1
                }
                return (at - start, lines)
            }
            start += skipped
            offset += skipped
            line += lines
            if start < end {
                // A carriage return at the buffer's end may be half of a CR LF.
                let splitLineBreak = buffer[start] == 13 && start + 1 == end && !atEndOfFile
                if !splitLineBreak { return false }
            }
            if atEndOfFile { return start == end }
            try fill()
        }
    }

    /// The record `buffer[start..<at]`, after which the stream is at `at`.
    private mutating func take(upTo at: Int, limit: Int, terminated: Bool) throws(Failure) -> Chunk
    {
        guard at - start <= limit else { throw .tooLong(line: line, limit: limit) }
        let bytes = Array(buffer[start..<at])
        let chunk = Chunk(bytes: bytes, line: line, offset: offset, isTerminated: terminated)
        start = at
        offset += bytes.count
        line += bytes.count(where: { $0 == Chunk.lineFeed })
        return chunk
    }

    /// Reads the next chunk of the file after the unread bytes, moving them to the front
    /// of the buffer (and growing it when a record fills it: at most to the record limit
    /// and a chunk).
    private mutating func fill() throws(Failure) {
        guard let descriptor else {
            atEndOfFile = true
            return
        }
        if start > 0 {
            let unread = end - start
            buffer.withUnsafeMutableBufferPointer { bytes in
                _ = memmove(bytes.baseAddress!, bytes.baseAddress! + start, unread)
            }
            end = unread
            start = 0
        }
        if buffer.count - end < Self.chunkSize {
            buffer += [UInt8](repeating: 0, count: Self.chunkSize)
        }
        let count = try Self.read(descriptor, into: &buffer, at: end, from: fileOffset)
        if count == 0 {
            atEndOfFile = true
            return
        }
        kept?.append(contentsOf: buffer[end..<(end + count)])
        end += count
        fileOffset += count
        guard fileOffset <= ResultsFile.sizeLimit else { throw .tooLarge }
    }

    /// Steps past a UTF-8 byte-order mark at the start of the text, once.
    private mutating func skipByteOrderMark() throws(Failure) {
        guard markLength == nil else { return }
        while end - start < 3, !atEndOfFile { try fill() }
        let mark = buffer[start..<end].starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        start += mark
        markLength = mark
    }

    /// Reads up to the free space of `buffer` from `index` on, from the file's offset
    /// `position`; 0 at its end.
    private static func read(
        _ descriptor: Int32, into buffer: inout [UInt8], at index: Int, from position: Int
    ) throws(Failure) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + index, $0.count - index, off_t(position))
            }
            if count >= 0 { return count }
            if errno != EINTR { throw .unreadable(String(cString: strerror(errno))) }
        }
    }

    /// Where the splitter is in a record: what decides whether a line feed ends it.
    private enum SplitState {
        case fieldStart, unquoted, quoted, quoteInQuoted, recordEnd

        // ASCII '"', ',' and LF as literals: they are looked for at every byte.
        static let quote: UInt8 = 34, comma: UInt8 = 44, lineFeed: UInt8 = 10

        func after(_ byte: UInt8) -> SplitState {
            let quote = SplitState.quote
            let comma = SplitState.comma
            let lineFeed = SplitState.lineFeed
            switch self {
            case .quoted:
                return byte == quote ? .quoteInQuoted : .quoted
            case .quoteInQuoted:
                if byte == quote { return .quoted }
                fallthrough
            case .fieldStart, .unquoted, .recordEnd:
                if byte == lineFeed { return .recordEnd }
                if byte == comma { return .fieldStart }
                if byte == quote, self == .fieldStart { return .quoted }
                return .unquoted
            }
        }
    }
}
