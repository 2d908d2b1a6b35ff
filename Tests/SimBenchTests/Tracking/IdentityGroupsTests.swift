import Testing

@testable import SimBench

/// Runs' rows matched row by row where they line up, whole where a file is named twice, and
/// by hash otherwise: every row given the group of its identity, numbered in the order first
/// met, as a dictionary of the rows' identities as text numbers them.
@Suite("identity groups: rows of several runs matched by identity")
struct IdentityGroupsTests {
    /// A file of rows with these (variant, params), in this order.
    private func file(_ rows: [(String, String)]) throws -> ResultsFile {
        try ResultsFixture(
            rows.map { variant, params in
                [String: String].row(variant, params: params, median: 100)
            }
        ).file()
    }

    private static let rows = [
        ("enum-switch", "products=40"), ("state-objects", "products=40"),
        ("table", "products=40"), ("enum-switch", "products=4"),
        ("state-objects", "products=4"), ("table", "products=4"),
    ]

    /// The groups as a dictionary of identities made text numbers them: per file, each
    /// row's group, and each group's first row.
    private static func reference(_ files: [ResultsFile], ignoringParameters: Bool)
        -> (groups: [[Int]], firsts: [(file: Int, row: Int)])
    {
        var numbers = [String: Int]()
        var firsts = [(file: Int, row: Int)]()
        let groups = files.enumerated().map { number, file in
            file.records.enumerated().map { row, record in
                let identity = record.identity
                let key = [
                    identity.scenario, ignoringParameters ? "" : identity.parameters,
                    identity.sweep, identity.variant,
                ].joined(separator: "\u{0}")
                if let group = numbers[key] { return group }
                numbers[key] = firsts.count
                firsts.append((number, row))
                return firsts.count - 1
            }
        }
        return (groups, firsts)
    }

    @Test(
        "each row's group and each group's first row are its identity's, whatever the runs' order",
        arguments: [false, true])
    func sameAsReference(ignoringParameters: Bool) throws {
        let first = try file(Self.rows)
        // Line for line; the same file named again; rows swapped and one dropped; two
        // rows added in the middle and the order otherwise kept; a row whose parameters
        // extend the first file's at its place.
        let files = [
            first, try file(Self.rows), first,
            try file([Self.rows[1], Self.rows[0], Self.rows[2], Self.rows[5], Self.rows[4]]),
            try file(
                Array(Self.rows[..<2]) + [("floor", "products=40"), ("floor", "products=4")]
                    + Self.rows[2...]),
            try file([("enum-switch", "products=40;copy=1")] + Self.rows[1...]),
        ]
        let expected = Self.reference(files, ignoringParameters: ignoringParameters)
        let groups = IdentityGroups(files, ignoringParameters: ignoringParameters)
        #expect(groups.count == expected.firsts.count)
        for (number, file) in files.enumerated() {
            let found = (0..<file.table.count).map { groups.group(file: number, row: $0) }
            #expect(found == expected.groups[number], "file \(number)")
        }
        for group in 0..<groups.count {
            #expect(groups.first(group) == expected.firsts[group], "group \(group)")
        }
        #expect(groups.sources == [0, 1, 0, 3, 4, 5])
    }
}
