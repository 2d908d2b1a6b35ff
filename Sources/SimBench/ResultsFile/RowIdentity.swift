/// The identifying fields of one row of a table (`IdentityIndex`): its hash, and whether
/// another row, of this table or another, has the same, compared as bytes.
struct RowIdentity {
    let table: RowTable
    let row: Int
    /// Where the table keeps each identifying column; nil where it lacks one (read as
    /// empty).
    let fields: [Int?]

    init(table: RowTable, row: Int, fields: [Int?]) {
        self.table = table
        self.row = row
        self.fields = fields
    }

    /// The fields of (scenario, params, sweep, variant) in `table`, without `params` when
    /// `ignoringParameters`.
    static func fields(of table: RowTable, ignoringParameters: Bool = false) -> [Int?] {
        let columns: [ResultColumn] =
            ignoringParameters
            ? [.scenario, .sweep, .variant] : [.scenario, .parameters, .sweep, .variant]
        return columns.map { table.positions.position(of: $0) }
    }

    /// The hash of the fields' text as written (a quote doubled where a field doubles one),
    /// which is the same for the same text wherever it is: the one the reader made for the
    /// row (`IdentityHashes`) where it hashed these fields.
    var hash: UInt32 {
        if let hash = table.identityHashes.hash(row: row, of: fields) { return hash }
        var hasher = ByteHasher()
        table.bytes.withUnsafeBufferPointer { bytes in
            for field in fields {
                if let field { hasher.combine(bytes, table.writtenRange(row: row, field: field)) }
                hasher.endField()
            }
        }
        return hasher.value
    }

    /// Whether `other` (whose fields name the same columns) has the same text in each.
    func same(as other: RowIdentity) -> Bool {
        for (field, otherField) in zip(fields, other.fields) {
            switch (field, otherField) {
            case (nil, nil): continue
            case (let field?, let otherField?):
                guard
                    table.sameText(
                        row: row, field: field, as: other.table, row: other.row,
                        field: otherField)
                else { return false }
            case (let field?, nil):
                guard table.range(row: row, field: field).isEmpty else { return false }
            case (nil, let otherField?):
                guard other.table.range(row: other.row, field: otherField).isEmpty else {
                    return false
                }
            }
        }
        return true
    }
}

/// The rows of several files grouped by what they measure (scenario, params, sweep,
/// variant): each identity numbered in the order first met, file by file and row by row,
/// and each row given its number. Identities are compared as their bytes, so a reader that
/// joins files (compare, spread, coverage) makes a string per identity, not per row.
///
/// Runs of one suite list their rows in the same order, and a reader may be named one file
/// twice (read once, its `RowTable` shared). So a file whose table an earlier file has
/// takes that file's groups whole, and a row with the same identity as the first file's row
/// at its place takes that row's group, its bytes compared with no hash looked up; only the
/// other rows are looked up by their hash.
struct IdentityGroups {
    /// Per file, each row's group: four bytes a row, as a reader of several files of a
    /// million rows each holds them.
    private let groups: [[UInt32]]
    /// Per group, the file and row that first had it.
    private let firsts: [(file: UInt32, row: UInt32)]
    /// Per file, the first file with the same table: itself, or an earlier one whose rows
    /// (and so their groups and cells) are its own.
    let sources: [Int]

    var count: Int { firsts.count }

    /// The group of row `row` of file `file`.
    func group(file: Int, row: Int) -> Int { Int(groups[file][row]) }

    /// The file and row that first had `group`.
    func first(_ group: Int) -> (file: Int, row: Int) {
        let (file, row) = firsts[group]
        return (Int(file), Int(row))
    }

    /// - Parameter ignoringParameters: group by (scenario, sweep, variant).
    init(_ files: [ResultsFile], ignoringParameters: Bool = false) {
        let sources = files.indices.map { file in
            files.firstIndex { $0.table === files[file].table }!
        }
        self.sources = sources
        let fields = files.map {
            RowIdentity.fields(of: $0.table, ignoringParameters: ignoringParameters)
        }
        var index = IdentityIndex()
        index.reserve(
            files.indices.reduce(0) { $0 + (sources[$1] == $1 ? files[$1].table.count : 0) })
        var groups = [[UInt32]]()
        var first = [(file: UInt32, row: UInt32)]()
        for (number, file) in files.enumerated() {
            guard sources[number] == number else {
                // The same rows as an earlier file: the same groups, none new.
                groups.append(groups[sources[number]])
                continue
            }
            let table = file.table
            // The first file's rows, to match this one's row by row.
            let aligned = number > 0 ? groups[0] : []
            var rows = [UInt32]()
            rows.reserveCapacity(table.count)
            for row in 0..<table.count {
                // The rows a few on, in this file and the first, asked for ahead of their
                // identities' reads (`RowTable.prefetch`).
                table.prefetch(row: row &+ 4)
                if number > 0 { files[0].table.prefetch(row: row &+ 4) }
                let identity = RowIdentity(table: table, row: row, fields: fields[number])
                if row < aligned.count,
                    identity.same(
                        as: RowIdentity(table: files[0].table, row: row, fields: fields[0]))
                {
                    // That row's group is in the index already: nothing to add.
                    rows.append(aligned[row])
                    continue
                }
                if let group = index.insert(
                    row: first.count, hash: identity.hash,
                    same: { group in
                        let file = Int(first[group].file)
                        return identity.same(
                            as: RowIdentity(
                                table: files[file].table, row: Int(first[group].row),
                                fields: fields[file]))
                    })
                {
                    rows.append(UInt32(group))
                } else {
                    rows.append(UInt32(first.count))
                    first.append((UInt32(number), UInt32(row)))
                }
            }
            groups.append(rows)
        }
        self.groups = groups
        firsts = first
    }
}

/// The identifying fields (scenario, params, sweep, variant) of chosen rows, gathered one
/// after another: a reader that orders or prints the rows of files far larger than the
/// caches reads them side by side, not each among its file's bytes.
struct IdentityFields {
    /// Fields per identity.
    let width: Int
    /// Each field's bytes, one after another.
    private var text = [UInt8]()
    /// Per identity, where each of its fields ends in `text`; each starts where the one
    /// before it ends.
    private var ends = [Int]()

    init(width: Int, count: Int) {
        self.width = width
        ends.reserveCapacity(width * count)
    }

    /// How many identities are gathered.
    var count: Int { width == 0 ? 0 : ends.count / width }

    /// Appends the next field.
    mutating func append(_ field: UnsafeBufferPointer<UInt8>) {
        text += field
        ends.append(text.count)
    }

    /// Where field `column` of identity `index` is in `text`.
    private func range(_ index: Int, _ column: Int) -> Range<Int> {
        let at = index * width + column
        return (at == 0 ? 0 : ends[at - 1])..<ends[at]
    }

    /// Identity `index` as text.
    func identity(_ index: Int) -> ResultIdentity {
        func field(_ column: Int) -> String {
            String(decoding: text[range(index, column)], as: UTF8.self)
        }
        return ResultIdentity(
            scenario: field(0), parameters: field(1), sweep: field(2), variant: field(3))
    }

    /// The indices of the identities in their order (`ResultIdentity`'s `<`): compared as
    /// bytes when every one is ASCII, where the two orders agree; as strings otherwise.
    func order() -> [Int] {
        guard text.allSatisfy({ $0 < 0x80 }) else {
            let identities = (0..<count).map(identity)
            return identities.indices.sorted { identities[$0] < identities[$1] }
        }
        // An identity has four fields at most (scenario, params, sweep, variant): a key
        // holds four ranks of 32 bits.
        precondition(width <= 4, "an identity of more than four fields")
        // Each column's cells ranked once in their bytes' order, equal cells alike, and the
        // ranks of an identity's fields packed in one key, the first field's highest: keys
        // compare as the fields' bytes do, column by column, so the sort keeps the same
        // order with one comparison of integers where it compared up to four runs of bytes.
        var keys = [UInt128](repeating: 0, count: count)
        for column in 0..<width {
            let ranks = ranks(column)
            let shift = 32 * (width - 1 - column)
            for index in 0..<count { keys[index] |= UInt128(ranks[index]) << shift }
        }
        return keys.withUnsafeBufferPointer { keys in
            (0..<count).sorted { keys[$0] < keys[$1] }
        }
    }

    /// Each identity's rank among the distinct cells of `column`, in their bytes' order
    /// (`ByteOrder`): a cell the identity before holds too (a run lists a configuration's
    /// variants together) is known without a lookup.
    private func ranks(_ column: Int) -> [UInt32] {
        text.withUnsafeBufferPointer { text in
            var cellOf = [Int](repeating: 0, count: count)
            var distinct = [Range<Int>]()
            var index = [CellBytes: Int]()
            for identity in 0..<count {
                let cell = range(identity, column)
                if identity > 0,
                    ByteOrder.compare(text, cell, text, distinct[cellOf[identity - 1]]) == 0
                {
                    cellOf[identity] = cellOf[identity - 1]
                    continue
                }
                let key = CellBytes(bytes: UnsafeBufferPointer(rebasing: text[cell]))
                if let known = index[key] {
                    cellOf[identity] = known
                } else {
                    index[key] = distinct.count
                    cellOf[identity] = distinct.count
                    distinct.append(cell)
                }
            }
            let sorted = distinct.indices.sorted {
                ByteOrder.compare(text, distinct[$0], text, distinct[$1]) < 0
            }
            var rank = [UInt32](repeating: 0, count: distinct.count)
            for (place, cell) in sorted.enumerated() { rank[cell] = UInt32(place) }
            return cellOf.map { rank[$0] }
        }
    }
}

/// A cell's bytes as a dictionary key, hashed and compared as bytes: valid while the
/// buffer it points into is.
private struct CellBytes: Hashable {
    let bytes: UnsafeBufferPointer<UInt8>

    static func == (one: CellBytes, other: CellBytes) -> Bool {
        ByteOrder.compare(one.bytes, 0..<one.bytes.count, other.bytes, 0..<other.bytes.count)
            == 0
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    }
}
