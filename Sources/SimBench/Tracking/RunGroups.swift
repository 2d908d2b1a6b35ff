/// The rows of several runs of one suite grouped by what they measure, numbered as
/// `IdentityGroups` numbers them (each identity in the order first met, file by file and row
/// by row), for readers that join runs (coverage, spread).
///
/// Runs of one suite list their rows in the same order, and a proof often names one file
/// more than once (read once, its `RowTable` shared). So a file whose table an earlier file
/// has takes that file's groups whole, and a row with the same identity as the first file's
/// row at its place takes that row's group, its bytes compared with no hash made; only the
/// other rows are looked up by their hash.
struct RunGroups {
    /// Per file, each row's group.
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

    init(_ files: [ResultsFile]) {
        let sources = files.indices.map { file in
            files.firstIndex { $0.table === files[file].table }!
        }
        self.sources = sources
        let fields = files.map { RowIdentity.fields(of: $0.table) }
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
