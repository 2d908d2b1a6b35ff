import Testing

@testable import SimBench

/// Runs' rows matched row by row where they line up, whole where a file is named twice, and
/// by hash otherwise: every row given the group `IdentityGroups` gives it.
@Suite("run groups: rows of several runs matched by identity")
struct RunGroupsTests {
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

    @Test(
        "each row's group and each group's first row are IdentityGroups', whatever the runs' order")
    func sameAsIdentityGroups() throws {
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
        let expected = IdentityGroups(files)
        let groups = RunGroups(files)
        #expect(groups.count == expected.count)
        for (number, file) in files.enumerated() {
            let found = (0..<file.table.count).map { groups.group(file: number, row: $0) }
            let wanted = (0..<file.table.count).map { expected.group(file: number, row: $0) }
            #expect(found == wanted, "file \(number)")
        }
        for group in 0..<expected.count {
            #expect(groups.first(group) == expected.first(group), "group \(group)")
        }
        #expect(groups.sources == [0, 1, 0, 3, 4, 5])
    }
}
