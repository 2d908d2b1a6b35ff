import CSimBenchSystem
import SimBenchCore

/// The rows of a results file, kept as the file's bytes and where each field starts in them:
/// what every reader works on.
///
/// A file of 100,000 rows holds about 12 million cells, of which a reader uses a few per row.
/// So nothing is made per cell or per row when the file is read: a cell is a range of the
/// bytes, read as a number (`CellNumber`) or compared as bytes when a reader asks, and made
/// text only where it is printed.
///
/// Each row has `width + 1` offsets in `starts` (`FieldStarts`): where each of its fields
/// starts (at its opening quote, for a quoted field), then one past the line break's first
/// byte, which is where a field after the last would start. A field's bytes run to the byte
/// before the next field's start (the comma or the line break). A quoted field that doubles
/// a quote has its text, unquoted, after the file's bytes (`unquoted`).
final class RowTable: Sendable {
    /// The file's bytes from its first (any byte-order mark included), then the unquoted
    /// text of each quoted field that doubles a quote.
    let bytes: TableBytes
    /// How many of `bytes` are the file's.
    let fileLength: Int
    /// Fields per row: the header's.
    let width: Int
    /// `width + 1` offsets per row, as above.
    let starts: FieldStarts
    /// The 1-based line each row starts on.
    let lines: [UInt32]
    /// Where the unquoted text of a field that doubles a quote is in `bytes`, by the field's
    /// index among all (`row * width + field`).
    let unquoted: [Int: Range<Int>]
    /// Where each column is among a row's fields.
    let positions: ColumnPositions
    /// Whether a cell holds a carriage return (a quoted one may): text made of the cells
    /// then needs care where a CR LF is one character.
    let holdsCarriageReturn: Bool
    /// Each row's identity's hash, as the reader's duplicate check made it.
    let identityHashes: IdentityHashes
    /// The rows, in order, whose run (`RowTable.runFields`) is not written as the row
    /// before's: only there can a history's run change (`ResultsFile.runsByCount`).
    let runBreaks: [UInt32]
    /// Each row's kind (`RowKind`): whether its status is `ok` and its role `baseline`, a
    /// byte a row, told while the reader had the row at hand. A pass that asks it of every
    /// row (a chart keeps the `ok` rows) reads these 100 KB, not each row's offsets and
    /// bytes from memory.
    let kinds: [RowKind]

    init(
        bytes: TableBytes, fileLength: Int, width: Int, starts: FieldStarts, lines: [UInt32],
        unquoted: [Int: Range<Int>], positions: ColumnPositions, holdsCarriageReturn: Bool,
        runBreaks: [UInt32], identityHashes: IdentityHashes = IdentityHashes(),
        kinds: [RowKind]? = nil
    ) {
        self.kinds =
            kinds
            ?? RowKind.all(bytes, starts: starts, rows: lines.count, positions: positions)
        self.holdsCarriageReturn = holdsCarriageReturn
        self.identityHashes = identityHashes
        self.runBreaks = runBreaks
        self.bytes = bytes
        self.fileLength = fileLength
        self.width = width
        self.starts = starts
        self.lines = lines
        self.unquoted = unquoted
        self.positions = positions
    }

    /// How many rows the table holds.
    var count: Int { lines.count }

    /// Where the text of field `field` of row `row` is in `bytes`: inside the quotes of a
    /// quoted field.
    @inline(__always)
    func range(row: Int, field: Int) -> Range<Int> {
        let written = writtenRange(row: row, field: field)
        // Only a quoted field that doubles a quote has unquoted text.
        if unquoted.isEmpty { return written }
        return unquoted[row &* width &+ field] ?? written
    }

    /// Where field `field` of row `row` is in the file's bytes, inside its quotes: the text
    /// as written, a quote doubled where the field doubles one, which is the same for the
    /// same text.
    @inline(__always)
    func writtenRange(row: Int, field: Int) -> Range<Int> {
        let (start, next) = starts.bounds(row: row, field: field)
        let end = next &- 1
        guard start < end, bytes[start] == RowTable.quote else { return start..<end }
        return (start &+ 1)..<(end &- 1)
    }

    /// Where row `row` is in the file: from its first byte to its line break, excluded.
    func recordRange(row: Int) -> Range<Int> {
        starts.rowStart(row)..<(starts.start(row: row, field: width) &- 1)
    }

    /// `body` over the text of field `field` of row `row`.
    @inline(__always)
    func withField<Result>(
        row: Int, field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let range = range(row: row, field: field)
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Field `field` of row `row`, as text.
    func text(row: Int, field: Int) -> String {
        withField(row: row, field: field) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether field `field` of row `row` and field `otherField` of `other`'s row
    /// `otherRow` hold the same bytes.
    func sameText(
        row: Int, field: Int, as other: RowTable, row otherRow: Int, field otherField: Int
    ) -> Bool {
        let here = range(row: row, field: field)
        let there = other.range(row: otherRow, field: otherField)
        guard here.count == there.count else { return false }
        if here.isEmpty { return true }
        return bytes.withUnsafeBufferPointer { mine in
            other.bytes.withUnsafeBufferPointer { theirs in
                memcmp(
                    mine.baseAddress! + here.lowerBound, theirs.baseAddress! + there.lowerBound,
                    here.count) == 0
            }
        }
    }

    /// Asks for row `row`'s bytes, and the offsets of the row `prefetchDistance` after it,
    /// to be brought toward the caches, for a pass over the rows in order that calls it a
    /// few rows ahead of the row it reads (`prefetchOffsets`, `prefetchBytes`).
    @inline(__always)
    func prefetch(row: Int) {
        prefetchOffsets(row: row &+ RowTable.prefetchDistance)
        prefetchBytes(row: row)
    }

    /// Asks for row `row`'s offsets to be brought toward the caches (`simbench_prefetch`: a
    /// hint, nothing read changes; nothing for a row the table lacks). A row's first read in
    /// a pass over 100,000 rows otherwise waits on memory, its offsets and then its bytes:
    /// about 0.3 µs a row, on every pass.
    @inline(__always)
    func prefetchOffsets(row: Int) {
        starts.prefetch(row: row)
    }

    /// Asks for row `row`'s bytes to be brought toward the caches, as `prefetchOffsets` its
    /// offsets: asked for after them, they are read from the caches.
    @inline(__always)
    func prefetchBytes(row: Int) {
        guard row >= 0, row < starts.rows else { return }
        let start = starts.rowStart(row)
        let end = starts.start(row: row, field: width)
        bytes.withUnsafeBufferPointer { bytes in
            var at = start
            while at < end {
                simbench_prefetch(bytes.baseAddress! + at)
                at &+= 64
            }
        }
    }

    /// How many rows ahead `prefetch` asks for a row's offsets before its bytes.
    static let prefetchDistance = 8

    static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
    static let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
}

extension RowTable {
    /// A table of rows given as their cells (each row `width` of them, in the columns
    /// `positions` numbers) starting on `lines`: rows that were never a file's (a run's
    /// rows, a test's), written as `OutputFile.record` writes them.
    convenience init(
        rows: [[String]], lines: [Int], width: Int, positions: ColumnPositions
    ) {
        var bytes = [UInt8]()
        var starts = FieldStarts(width: width)
        var texts = [(index: Int, text: String)]()
        for (row, fields) in rows.enumerated() {
            precondition(fields.count == width, "a row of \(fields.count) cells, not \(width)")
            var rowStarts = [UInt32]()
            for (field, cell) in fields.enumerated() {
                rowStarts.append(UInt32(bytes.count))
                let quoted = OutputFile.quote(cell)
                bytes += quoted.utf8
                bytes.append(UInt8(ascii: ","))
                if cell.utf8.contains(RowTable.quote) { texts.append((row * width + field, cell)) }
            }
            bytes.removeLast()
            bytes += [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
            rowStarts.append(UInt32(bytes.count - 1))
            starts.append(rowStarts)
        }
        let fileLength = bytes.count
        var unquoted = [Int: Range<Int>]()
        for (index, text) in texts {
            unquoted[index] = bytes.count..<(bytes.count + text.utf8.count)
            bytes += text.utf8
        }
        let runFields = RowTable.runFields(positions)
        let runBreaks = bytes.withUnsafeBufferPointer { text in
            rows.indices.dropFirst().filter {
                !RowTable.repeatsRowBefore($0, in: text, starts: starts, fields: runFields)
            }.map { UInt32($0) }
        }
        self.init(
            bytes: TableBytes(bytes), fileLength: fileLength, width: width, starts: starts,
            lines: lines.map { UInt32(truncatingIfNeeded: $0) }, unquoted: unquoted,
            positions: positions,
            holdsCarriageReturn: rows.contains { $0.contains { $0.utf8.contains(13) } },
            runBreaks: runBreaks)
    }

    /// The fields a history's run is told by: its `run_id` and its `run_rows`, those of them
    /// the header has.
    static func runFields(_ positions: ColumnPositions) -> [Int] {
        [ResultColumn.runID, .runRows].compactMap { positions.position(of: $0) }
    }

    /// Whether row `row` (after the first) writes each of `fields` as the row before does,
    /// byte for byte, quotes and all: the rows' fields start at `starts`. Alike, their texts
    /// are the same; unlike, they may still be (one quoted, one not).
    static func repeatsRowBefore(
        _ row: Int, in text: UnsafeBufferPointer<UInt8>, starts: FieldStarts, fields: [Int]
    ) -> Bool {
        for field in fields {
            let (start, next) = starts.bounds(row: row, field: field)
            let count = next &- start
            let (startBefore, nextBefore) = starts.bounds(row: row &- 1, field: field)
            guard nextBefore &- startBefore == count,
                memcmp(text.baseAddress! + start, text.baseAddress! + startBefore, count) == 0
            else { return false }
        }
        return true
    }
}

/// Each row's identity's hash (`RowIdentity.hash`), as the reader's duplicate check made it
/// (`IdentityIndex`), so that a reader that joins files' rows by identity does not hash them
/// again, reading every row's bytes anew.
struct IdentityHashes: Sendable {
    /// The identifying fields hashed, as `RowIdentity.fields` names them.
    let fields: [Int?]
    let hashes: [UInt32]

    init(fields: [Int?] = [], hashes: [UInt32] = []) {
        self.fields = fields
        self.hashes = hashes
    }

    /// Row `row`'s hash, if it is of `fields`.
    @inline(__always)
    func hash(row: Int, of fields: [Int?]) -> UInt32? {
        guard !hashes.isEmpty, fields == self.fields else { return nil }
        return hashes[row]
    }
}

/// The bytes a table's cells are in: a mapped file's (`FileMapping`), or an array's.
///
/// `@unchecked Sendable` for `mapped`, the address of `mapping`'s pages: they are mapped
/// read-only, and unmapped only when the last reference to `mapping` is gone, which this
/// value holds for as long as it can hand the address out (`FileMapping`'s own proof).
struct TableBytes: @unchecked Sendable {
    private let array: [UInt8]
    private let mapping: FileMapping?
    /// `mapping`'s address, held apart: a cell read through it loads no reference, so no
    /// retain and release of the mapping per cell (a reader reads millions).
    private let mapped: UnsafePointer<UInt8>?
    /// How many bytes there are: the array's, or the first of the mapping's.
    let count: Int

    init(_ array: [UInt8]) {
        self.array = array
        mapping = nil
        mapped = nil
        count = array.count
    }

    /// The first `count` bytes of `mapping`.
    init(_ mapping: FileMapping, count: Int) {
        precondition(count <= mapping.length, "\(count) bytes of a mapping of \(mapping.length)")
        array = []
        self.mapping = mapping
        mapped = mapping.address
        self.count = count
    }

    @inline(__always)
    subscript(index: Int) -> UInt8 {
        guard let mapped else { return array[index] }
        precondition(index >= 0 && index < count, "byte \(index) of \(count)")
        return mapped[index]
    }

    /// `body` over the bytes, in place.
    @inline(__always)
    func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let mapped else { return try array.withUnsafeBufferPointer(body) }
        return try body(UnsafeBufferPointer(start: mapped, count: count))
    }

    /// The bytes `range`, copied.
    func copy(_ range: Range<Int>) -> [UInt8] {
        guard mapping != nil else { return Array(array[range]) }
        return withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The bytes as an array: the array itself, shared, or the mapping's copied.
    var asArray: [UInt8] { mapping == nil ? array : copy(0..<count) }
}

/// A regular file's bytes mapped into memory (`Platform.mapFile`): a reader of a file of
/// 100 MB then costs no copy of it and no fresh page, only the page cache's pages mapped.
/// Unmapped when the last table reading them is gone.
///
/// `@unchecked Sendable`: the pages are mapped read-only (`PROT_READ`), so no thread writes
/// them, and any may read them; they are unmapped only in `deinit`, once no reference (and
/// so no reader) remains. Another program that cuts the file short while it is mapped makes
/// a read of the pages past its new end fail (`SIGBUS`), which simbench's handler reports
/// (`simbench_interruption_install`).
final class FileMapping: @unchecked Sendable {
    let address: UnsafePointer<UInt8>
    let length: Int

    /// The first `length` bytes of the file behind `descriptor`; nil where it cannot be
    /// mapped, or `length` is 0.
    init?(descriptor: Int32, length: Int) {
        guard length > 0, let address = Platform.mapFile(descriptor, length: length) else {
            return nil
        }
        self.address = address.assumingMemoryBound(to: UInt8.self)
        self.length = length
    }

    deinit {
        Platform.unmapFile(UnsafeRawPointer(address), length: length)
    }
}

/// A row's status and role, as `RowTable.kinds` keeps them: whether its status cell is `ok`
/// and its role cell `baseline`.
struct RowKind: Sendable, Equatable {
    private let bits: UInt8

    init(ok: Bool, baseline: Bool) {
        bits = (ok ? 1 : 0) | (baseline ? 2 : 0)
    }

    var isOK: Bool { bits & 1 != 0 }
    var isBaseline: Bool { bits & 2 != 0 }

    static let okWord = ResultStatus.ok.rawValue
    static let baselineWord = VariantRole.baseline.rawValue

    /// The kind of the row whose fields start at `fieldStarts` in `text` (a row the reader
    /// split, its `width + 1` offsets): a quoted cell read between its quotes, as a cell
    /// reads (one that doubles a quote is neither word, quoted or not).
    static func of(
        _ text: UnsafeBufferPointer<UInt8>, _ fieldStarts: UnsafeBufferPointer<UInt32>,
        status: Int?, role: Int?
    ) -> RowKind {
        func holds(_ field: Int?, _ word: String) -> Bool {
            guard let field else { return word.isEmpty }
            var start = Int(fieldStarts[field])
            var end = Int(fieldStarts[field + 1]) - 1
            if start < end, text[start] == RowTable.quote {
                start += 1
                end -= 1
            }
            // Compared as bytes: `elementsEqual` over the word's UTF-8 view is a generic call of
            // about 150 instructions, for two cells of every row read.
            let count = end - start
            let cell = UnsafeBufferPointer(rebasing: text[start..<end])
            guard word.utf8.count == count else { return false }
            return word.utf8.withContiguousStorageIfAvailable {
                count == 0 || memcmp(cell.baseAddress!, $0.baseAddress!, count) == 0
            } ?? cell.elementsEqual(word.utf8)
        }
        return RowKind(ok: holds(status, okWord), baseline: holds(role, baselineWord))
    }

    /// The kinds of the `rows` rows of a table of `bytes` whose fields start at `starts`:
    /// for a table made other than by the reader, which tells each as it reads it.
    static func all(
        _ bytes: TableBytes, starts: FieldStarts, rows: Int, positions: ColumnPositions
    ) -> [RowKind] {
        let status = positions.position(of: .status)
        let role = positions.position(of: .role)
        return bytes.withUnsafeBufferPointer { text in
            (0..<rows).map { row in
                let fieldStarts = (0..<starts.stride).map {
                    UInt32(truncatingIfNeeded: starts.start(row: row, field: $0))
                }
                return fieldStarts.withUnsafeBufferPointer {
                    of(text, $0, status: status, role: role)
                }
            }
        }
    }
}
