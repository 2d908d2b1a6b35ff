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

    /// The hash of the fields' text: the same for the same text wherever it is.
    var hash: UInt32 {
        var hasher = ByteHasher()
        table.bytes.withUnsafeBufferPointer { bytes in
            for field in fields {
                if let field { hasher.combine(bytes, table.range(row: row, field: field)) }
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
struct IdentityGroups {
    /// Per file, each row's group: four bytes a row, as a reader of several files of a
    /// million rows each holds them.
    private let groups: [[UInt32]]
    /// Per group, the file and row that first had it.
    private let firsts: [(file: UInt32, row: UInt32)]

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
        let fields = files.map {
            RowIdentity.fields(of: $0.table, ignoringParameters: ignoringParameters)
        }
        var index = IdentityIndex()
        index.reserve(files.reduce(0) { $0 + $1.table.count })
        var groups = [[UInt32]]()
        var first = [(file: UInt32, row: UInt32)]()
        for (number, file) in files.enumerated() {
            let table = file.table
            var rows = [UInt32]()
            rows.reserveCapacity(table.count)
            for row in 0..<table.count {
                let identity = RowIdentity(table: table, row: row, fields: fields[number])
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

extension IdentityGroups {
    /// `selected` (groups of `files`, grouped by their four identifying columns) in the
    /// order of their identities (`ResultIdentity`'s `<`): compared as bytes when every one
    /// is ASCII, where the two orders agree; as strings otherwise.
    func sorted(_ selected: [Int], of files: [ResultsFile]) -> [Int] {
        let identities = selected.map { group in
            let (file, row) = first(group)
            return RowIdentity(
                table: files[file].table, row: row,
                fields: RowIdentity.fields(of: files[file].table))
        }
        guard identities.allSatisfy(\.isASCII) else {
            let strings = selected.map { group in
                files[first(group).file].records[first(group).row].identity
            }
            return selected.indices.sorted { strings[$0] < strings[$1] }.map { selected[$0] }
        }
        return selected.indices.sorted { identities[$0].precedes(identities[$1]) }.map {
            selected[$0]
        }
    }
}

extension RowIdentity {
    /// Whether every field's bytes are ASCII.
    var isASCII: Bool {
        table.bytes.withUnsafeBufferPointer { bytes in
            fields.allSatisfy { field in
                guard let field else { return true }
                return bytes[table.range(row: row, field: field)].allSatisfy { $0 < 0x80 }
            }
        }
    }

    /// Whether this identity comes before `other` field by field, each compared as bytes:
    /// for ASCII text, the order of strings.
    func precedes(_ other: RowIdentity) -> Bool {
        table.bytes.withUnsafeBufferPointer { mine in
            other.table.bytes.withUnsafeBufferPointer { theirs in
                for (field, otherField) in zip(fields, other.fields) {
                    let here = field.map { table.range(row: row, field: $0) } ?? 0..<0
                    let there =
                        otherField.map { other.table.range(row: other.row, field: $0) } ?? 0..<0
                    let order = ByteOrder.compare(mine, here, theirs, there)
                    if order != 0 { return order < 0 }
                }
                return false
            }
        }
    }
}
