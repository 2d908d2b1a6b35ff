import CSimBenchSystem

/// Where each field of each row starts in a table's bytes: `width + 1` offsets a row, as
/// `RowTable` describes them, kept as each row's start (four bytes) and each field's offset
/// from it (two bytes). A file of 100,000 rows of 118 columns then holds 24 MB of them, not
/// the 47 MB of four bytes a field, and a reader touches half the fresh pages for them.
///
/// A row of 65,534 bytes or more, line break left out (its last offset, one past the line
/// break's first byte, would be 65,535 or more; a row may be up to `ResultsFile.recordLimit`),
/// keeps its offsets whole, apart (`wide`), and each of its two-byte offsets is `wideMark`.
struct FieldStarts: Sendable {
    /// Offsets per row: the fields, then one past the line break's first byte.
    let stride: Int
    /// Each row's first byte.
    private var rowStarts = [UInt32]()
    /// Each field's start less its row's, `stride` a row; `wideMark` throughout a wide row.
    private var offsets = [UInt16]()
    /// The starts of each wide row, whole, by row.
    private var wide = [Int: [UInt32]]()

    /// What a wide row's two-byte offsets all are: no offset of a row that is not wide.
    static let wideMark = UInt16.max

    /// The starts of rows of `width` fields, none yet.
    init(width: Int) {
        stride = width + 1
    }

    /// How many rows there are.
    var rows: Int { rowStarts.count }

    /// Makes room for `rows` rows without growing.
    mutating func reserve(rows: Int) {
        rowStarts.reserveCapacity(rows)
        offsets.reserveCapacity(rows * stride)
    }

    /// Adds a row whose `stride` starts are `starts`, in order.
    mutating func append(_ starts: UnsafeBufferPointer<UInt32>) {
        precondition(starts.count == stride, "a row of \(starts.count) starts, not \(stride)")
        let first = starts[0]
        rowStarts.append(first)
        if starts[stride - 1] - first < UInt32(Self.wideMark) {
            // Made on the stack and appended at once: an append an offset costs a dozen
            // instructions, for each of 12 million fields in a file of 100,000 rows.
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: stride) { row in
                simbench_row_offsets(starts.baseAddress!, stride, first, row.baseAddress!)
                offsets.append(contentsOf: UnsafeBufferPointer(row))
            }
        } else {
            wide[rowStarts.count - 1] = Array(starts)
            offsets.append(contentsOf: repeatElement(Self.wideMark, count: stride))
        }
    }

    /// Adds a row whose starts are `starts`, in order.
    mutating func append(_ starts: [UInt32]) {
        starts.withUnsafeBufferPointer { append($0) }
    }

    /// Takes the last row away.
    mutating func removeLast() {
        let row = rowStarts.count - 1
        rowStarts.removeLast()
        offsets.removeLast(stride)
        wide[row] = nil
    }

    /// Where field `field` of row `row` starts; `field` may be `stride - 1`, one past the
    /// row's line break's first byte.
    @inline(__always)
    func start(row: Int, field: Int) -> Int {
        let offset = offsets[row &* stride &+ field]
        guard offset != Self.wideMark else { return Int(wide[row]![field]) }
        return Int(rowStarts[row]) &+ Int(offset)
    }

    /// Where field `field` of row `row` starts, and where field `field + 1` does (one past
    /// the comma or line break that ends it): `field` is one of the row's fields, below
    /// `stride - 1`.
    @inline(__always)
    func bounds(row: Int, field: Int) -> (start: Int, next: Int) {
        let index = row &* stride &+ field
        let offset = offsets[index]
        guard offset != Self.wideMark else {
            let starts = wide[row]!
            return (Int(starts[field]), Int(starts[field &+ 1]))
        }
        let first = Int(rowStarts[row])
        return (first &+ Int(offset), first &+ Int(offsets[index &+ 1]))
    }

    /// `body` over row `row`'s first byte and its `stride` offsets from there, for a pass
    /// over many of the row's fields: nil for a wide row, whose offsets are kept whole
    /// (`start(row:field:)` reads them).
    @inline(__always)
    func withOffsets<Result>(
        row: Int, _ body: (_ first: Int, _ offsets: UnsafeBufferPointer<UInt16>) -> Result
    ) -> Result? {
        let first = Int(rowStarts[row])
        return offsets.withUnsafeBufferPointer { offsets in
            let mine = UnsafeBufferPointer(
                rebasing: offsets[(row &* stride)..<(row &* stride &+ stride)])
            return mine[0] == Self.wideMark ? nil : body(first, mine)
        }
    }

    /// Where row `row` starts: its first field's start.
    @inline(__always)
    func rowStart(_ row: Int) -> Int { Int(rowStarts[row]) }

    /// Asks for row `row`'s starts to be brought toward the caches (`simbench_prefetch`: a
    /// hint, nothing read changes; nothing for a row there is not).
    @inline(__always)
    func prefetch(row: Int) {
        guard row >= 0, row < rowStarts.count else { return }
        rowStarts.withUnsafeBufferPointer { simbench_prefetch($0.baseAddress! + row) }
        offsets.withUnsafeBufferPointer { offsets in
            let first = UnsafeRawPointer(offsets.baseAddress! + row &* stride)
            var offset = 0
            while offset < stride &* 2 {
                simbench_prefetch(first + offset)
                offset &+= 64
            }
            // The last offset's line, which the steps above may stop short of.
            simbench_prefetch(first + (stride &* 2 &- 1))
        }
    }
}
