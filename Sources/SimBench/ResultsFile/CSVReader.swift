/// Strict RFC 4180 parsing: the reading half of `OutputFile`.
///
/// Strict because the files it reads decide whether a CI build fails: a baseline that was
/// cut short, hand-edited into something else, or written by another tool must be refused
/// with the line it went wrong on, not half-read. Accepted: fields separated by commas,
/// records ended by CRLF (as simbench writes them) or LF (as editors may leave them),
/// fields quoted with `"` where they hold a comma, quote or line break, quotes doubled
/// inside. Refused: a quote inside an unquoted field, text after a closing quote, a quote
/// never closed, a bare carriage return, and a last record without its line break (simbench
/// always ends a file with one, so its absence means the file was truncated).
enum CSVReader {
    /// One record and where it is in the file.
    struct Record {
        /// The fields' bytes, unquoted, one after another: one buffer per record rather than
        /// a string per field, of which a file of 100,000 rows has millions.
        var text: [UInt8] = []
        /// Where each field ends in `text` (it starts where the one before ends).
        var ends: [UInt32] = []
        /// The 1-based line each field starts on, when a quoted field spans lines; empty
        /// when the whole record is on `line`, as nearly every record is: no array per row.
        var fieldLines: [Int] = []
        /// Whether the line is empty: one unquoted empty field.
        var isBlank: Bool
        /// The byte offset at which the record starts.
        var start = 0
        /// Whether a field holds a NUL byte: the one cell check that looks at every byte,
        /// made here while the bytes are read, so that a row without one is not searched.
        var holdsNUL = false

        /// The 1-based line the record starts on.
        var line = 0

        /// How many fields the record holds.
        var count: Int { ends.count }

        /// Where field `index` is in `text`.
        func range(ofField index: Int) -> Range<Int> {
            (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
        }

        /// Field `index`, as text.
        func field(_ index: Int) -> String {
            text.withUnsafeBufferPointer {
                String(
                    decoding: UnsafeBufferPointer(rebasing: $0[range(ofField: index)]),
                    as: UTF8.self)
            }
        }

        /// Every field, as text.
        var fields: [String] { (0..<count).map(field) }

        /// The 1-based line field `index` starts on.
        func line(ofField index: Int) -> Int {
            fieldLines.isEmpty ? line : fieldLines[index]
        }

        /// The line the last field starts on.
        var lastFieldLine: Int { fieldLines.last ?? line }
    }

    /// What is wrong with the text, and where.
    struct SyntaxError: Error, Equatable {
        var line: Int
        /// 0-based index of the field in its record.
        var field: Int
        var message: String
        /// Whether the text ran out inside the record (a quote never closed, no line break
        /// after the last field, a carriage return as the last byte): the shape a write cut
        /// short leaves, as opposed to a malformed record.
        var atEnd = false
        /// The byte offset at which the record in error starts.
        var recordStart = 0
    }

    /// Every record of `bytes`, which must be UTF-8 text. Blank lines at the very end are
    /// dropped; blank lines elsewhere are kept, marked, for the caller to refuse.
    ///
    /// Parsing stops at the first blank line followed by anything but line breaks: what
    /// follows is not read, and a file of a million blank lines costs no memory per line.
    ///
    /// - Complexity: O(n) in the length of the text.
    static func records(in bytes: [UInt8]) throws(SyntaxError) -> [Record] {
        var scanner = Scanner(bytes: bytes)
        var records = [Record]()
        while !scanner.isAtEnd {
            let record = try scanner.record()
            if record.isBlank {
                // Blank to the end: dropped. Else kept, for the caller to refuse, and last.
                if !scanner.onlyLineBreaksRemain { records.append(record) }
                break
            }
            records.append(record)
        }
        return records
    }

    /// The one record `bytes` holds (`RecordBounds` says where each ends), which starts
    /// on `line`, at byte `offset` of the text (for an error to name).
    ///
    /// - Parameter fields: how many fields the record is expected to hold (the header's),
    ///   room for which is made once.
    static func record(
        in bytes: [UInt8], line: Int, offset: Int, fields: Int = 0
    ) throws(SyntaxError) -> Record {
        var scanner = Scanner(bytes: bytes, line: line)
        do {
            var record = try scanner.record(expecting: fields, bytes: bytes.count)
            record.start = offset
            return record
        } catch {
            var error = error
            error.recordStart += offset
            throw error
        }
    }

    /// A cursor over the text: the byte it is at, that byte's line, and where the record it
    /// is reading starts (for an error to name).
    private struct Scanner {
        static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
        static let carriageReturn = UInt8(ascii: "\r"), lineFeed = UInt8(ascii: "\n")

        let bytes: [UInt8]
        var index: Int
        var line = 1
        var recordStart: Int
        /// Whether the record being read has a NUL byte in a field.
        var holdsNUL = false

        init(bytes: [UInt8], line: Int = 1) {
            self.bytes = bytes
            self.line = line
            index = bytes.startIndex
            recordStart = index
        }

        var isAtEnd: Bool { index >= bytes.endIndex }

        /// Whether nothing but CR LF and LF line breaks follow `index`.
        var onlyLineBreaksRemain: Bool {
            var at = index
            while at < bytes.endIndex {
                if bytes[at] == Scanner.lineFeed {
                    at += 1
                } else if bytes[at] == Scanner.carriageReturn, at + 1 < bytes.endIndex,
                    bytes[at + 1] == Scanner.lineFeed
                {
                    at += 2
                } else {
                    return false
                }
            }
            return true
        }

        /// The record that starts at `index`, up to and past its line break: each field,
        /// then what ends it, a comma or the line break.
        ///
        /// - Parameters:
        ///   - fields: room made for this many fields.
        ///   - bytes: room made for this many bytes of fields.
        mutating func record(expecting fields: Int = 0, bytes count: Int = 0) throws(SyntaxError)
            -> Record
        {
            recordStart = index
            var record = Record(isBlank: false, start: index, line: line)
            record.ends.reserveCapacity(fields)
            record.text.reserveCapacity(count)
            holdsNUL = false
            var wasQuoted = false
            while true {
                let field = record.count
                if line != record.line, record.fieldLines.isEmpty {
                    // A quoted field spanned lines: from here on, each field's line is kept.
                    record.fieldLines = Array(repeating: record.line, count: field)
                }
                if !record.fieldLines.isEmpty { record.fieldLines.append(line) }
                wasQuoted = index < bytes.endIndex && bytes[index] == Scanner.quote
                if wasQuoted {
                    try quotedField(field, into: &record.text)
                } else {
                    try unquotedField(field, into: &record.text)
                }
                record.ends.append(UInt32(record.text.count))
                if try endOfField(field) { break }
            }
            record.isBlank = record.count == 1 && record.text.isEmpty && !wasQuoted
            record.holdsNUL = holdsNUL
            return record
        }

        /// Appends to `text` the field whose opening quote is at `index`, unquoted, with
        /// `index` past its closing quote. Fails when the text ends before the quote closes.
        mutating func quotedField(_ field: Int, into text: inout [UInt8]) throws(SyntaxError) {
            let opening = line
            index += 1
            while true {
                guard index < bytes.endIndex else {
                    throw error(
                        "a quoted field is never closed: the file is truncated",
                        line: opening, field: field, atEnd: true)
                }
                let byte = bytes[index]
                if byte == Scanner.quote {
                    if index + 1 < bytes.endIndex, bytes[index + 1] == Scanner.quote {
                        text.append(Scanner.quote)
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                if byte == Scanner.lineFeed { line += 1 }
                if byte == 0 { holdsNUL = true }
                text.append(byte)
                index += 1
            }
        }

        /// Appends to `text` the unquoted field at `index`, with `index` at the comma, line
        /// break or end of text after it. Fails on a quote inside it.
        mutating func unquotedField(_ field: Int, into text: inout [UInt8]) throws(SyntaxError) {
            let start = index
            // One pass over the buffer, with no bounds check per byte; the field appended
            // from the buffer, not from a slice of the array (a retain and a generic copy).
            let (end, quoted, sawNUL) = bytes.withUnsafeBufferPointer { bytes in
                var at = start
                var sawNUL = false
                while at < bytes.endIndex {
                    let byte = bytes[at]
                    if byte == Scanner.comma || byte == Scanner.carriageReturn
                        || byte == Scanner.lineFeed
                    {
                        break
                    }
                    if byte == Scanner.quote { return (at, true, sawNUL) }
                    if byte == 0 { sawNUL = true }
                    at += 1
                }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<at]))
                return (at, false, sawNUL)
            }
            index = end
            if quoted {
                throw error(
                    "a quote inside an unquoted field (RFC 4180 quotes whole fields)",
                    line: line, field: field)
            }
            if sawNUL { holdsNUL = true }
        }

        /// Moves past what ends a field: a comma (false: another field follows) or a line
        /// break (true: the record ends). Fails at the end of the text, on a bare carriage
        /// return, and on anything else after the field.
        mutating func endOfField(_ field: Int) throws(SyntaxError) -> Bool {
            guard index < bytes.endIndex else {
                throw error(
                    "the last record does not end with a line break: the file is truncated",
                    line: line, field: field, atEnd: true)
            }
            if bytes[index] == Scanner.comma {
                index += 1
                return false
            }
            if try lineBreak(field: field) { return true }
            throw error("text after the closing quote of a field", line: line, field: field)
        }

        /// Skips a line break at `index`, if there is one; fails on a bare carriage return.
        mutating func lineBreak(field: Int) throws(SyntaxError) -> Bool {
            if bytes[index] == Scanner.lineFeed {
                index += 1
            } else if bytes[index] == Scanner.carriageReturn {
                guard index + 1 < bytes.endIndex, bytes[index + 1] == Scanner.lineFeed else {
                    throw error(
                        "a carriage return not followed by a line feed", line: line,
                        field: field, atEnd: index + 1 == bytes.endIndex)
                }
                index += 2
            } else {
                return false
            }
            line += 1
            return true
        }

        /// An error in the record being read.
        func error(
            _ message: String, line: Int, field: Int, atEnd: Bool = false
        ) -> SyntaxError {
            SyntaxError(
                line: line, field: field, message: message, atEnd: atEnd,
                recordStart: recordStart)
        }
    }

    /// The fields of a record cut short (`bytes`, with no line break that ends it): all
    /// but the last are complete; the last is whatever part of its field was written.
    static func fieldsOfCutRecord(_ bytes: ArraySlice<UInt8>) -> [String] {
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        var fields = [String]()
        var value = [UInt8]()
        var quoted = false
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if quoted {
                if byte == quote {
                    if index + 1 < bytes.endIndex, bytes[index + 1] == quote {
                        value.append(quote)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    value.append(byte)
                }
            } else if byte == quote {
                quoted = true
            } else if byte == comma {
                fields.append(String(decoding: value, as: UTF8.self))
                value = []
            } else if byte != UInt8(ascii: "\r") {
                value.append(byte)
            }
            index += 1
        }
        fields.append(String(decoding: value, as: UTF8.self))
        return fields
    }
}
