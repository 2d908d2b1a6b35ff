/// A row's cells in some columns, as a dictionary key: what `[record[a], record[b], …]`
/// is as a key, hashed and compared from the file's bytes with no string made for an
/// ASCII cell (nearly every one). A chart groups 100,000 rows by five or six cells each.
///
/// It equals another key exactly when those arrays of strings would: cells of the same
/// bytes are equal, ASCII cells of other bytes are not, and a cell with any other byte is
/// compared as a `String` (canonical equivalence, as `==` on strings). Each cell is hashed
/// as `String.hash(into:)` hashes it, so equal cells hash alike either way.
///
/// The cells are hashed once, when the key is made: a dictionary that grows hashes its keys
/// again, and one that probes compares keys, and each of those would otherwise read the
/// cells of a row anywhere in the file.
struct RowKey: Hashable {
    let record: ResultsRecord
    /// The columns, in order; a column the file lacks reads as empty.
    let columns: [ResultColumn]
    /// The cells' hash: equal keys have equal cells, hence equal hashes.
    private let cellsHash: Int

    init(_ record: ResultsRecord, _ columns: [ResultColumn]) {
        self.record = record
        self.columns = columns
        var hasher = Hasher()
        Self.hashCells(of: record, columns, into: &hasher)
        cellsHash = hasher.finalize()
    }

    /// The cells, as text.
    var cells: [String] { columns.map { record[$0] } }

    func hash(into hasher: inout Hasher) { hasher.combine(cellsHash) }

    private static func hashCells(
        of record: ResultsRecord, _ columns: [ResultColumn], into hasher: inout Hasher
    ) {
        for column in columns {
            let ascii = record.withCell(column) { cell in
                guard cell.allSatisfy({ $0 < 0x80 }) else { return false }
                // As `String.hash(into:)` hashes text already in normal form: its bytes,
                // then a terminator.
                hasher.combine(bytes: UnsafeRawBufferPointer(cell))
                hasher.combine(0xFF as UInt8)
                return true
            }
            if !ascii { record[column].hash(into: &hasher) }
        }
    }

    static func == (one: RowKey, other: RowKey) -> Bool {
        guard one.cellsHash == other.cellsHash, one.columns == other.columns else { return false }
        for column in one.columns where !one.record.hasSameCell(column, as: other.record) {
            let ascii =
                one.record.withCell(column) { $0.allSatisfy { $0 < 0x80 } }
                && other.record.withCell(column) { $0.allSatisfy { $0 < 0x80 } }
            if ascii || one.record[column] != other.record[column] { return false }
        }
        return true
    }
}
