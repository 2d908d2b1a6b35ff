/// Where a CSV record ends, and what reading one can fail on: the splitting rules every
/// results file reader shares (`TableReader`), so that all agree on where a record ends.
///
/// A record ends at a line break outside quotes (a quoted field may hold line breaks). The
/// rules follow `CSVReader`'s, which parses the records and names their errors: a quote
/// opens a field only at its start, and a doubled quote inside a quoted field is one quote.
enum RecordBounds {
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

    /// Why reading stopped.
    enum Failure: Error {
        /// Reading failed, with `strerror`'s words.
        case unreadable(String)
        /// The record from `line` on is longer than `limit` bytes.
        case tooLong(line: Int, limit: Int)
        /// More bytes than `ResultsFile.sizeLimit` (a file that says it is small and is not,
        /// such as a file in /proc).
        case tooLarge
    }

    /// How many bytes a read asks for first: a file that is not a results file is refused
    /// after its first line, not after reading it whole.
    static let chunkSize = 64 << 10

    /// Where the record that starts at `start` ends in `bytes`: one past its line break;
    /// nil when the bytes end first.
    static func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var state = SplitState.fieldStart
        var at = start
        while at < bytes.count {
            state = state.after(bytes[at])
            at += 1
            if state == .recordEnd { return at }
        }
        return nil
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
