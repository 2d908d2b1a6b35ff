import SimBenchCore
import Testing

@testable import SimBench

/// The identities a reader gathers from files are ordered as `ResultIdentity`'s `<` orders
/// them, by bytes where all are ASCII and as strings where one is not.
@Suite("identity fields gathered from files, and their order")
struct IdentityFieldsTests {
    /// A file of rows with these (scenario, params, variant), in this order.
    private func file(_ identities: [(String, String, String)]) throws -> ResultsFile {
        try ResultsFixture(
            identities.map { scenario, params, variant in
                [String: String].row(variant, scenario: scenario, params: params, median: 100)
            }
        ).file()
    }

    /// Scenarios and variants where one begins another, empty parameters, and a comma, a
    /// quote and a semicolon that the file quotes.
    private static let ascii = [
        ("vending", "products=40", "table"), ("vend", "products=40", "table"),
        ("vending", "", "table"), ("vending", "products=4", "table"),
        ("vending", "products=40", "tab"), ("workday", "a=1;b=2", "floor"),
        ("vending", "products=40;copy=1", "table"), ("validation", "m=\"x,y\"", "switch"),
        ("Vending", "products=40", "table"), ("vending", "products=40", "enum-switch"),
    ]

    @Test(
        "gathered identities read as their rows', and order as ResultIdentity's <, ASCII or not",
        arguments: [
            ascii,
            // A decomposed é: its bytes come before "caff"'s, its text after.
            ascii + [("cafe\u{301}", "", "table"), ("caff", "", "table"), ("cafe", "", "x")],
        ])
    func orderIsIdentityOrder(identities: [(String, String, String)]) throws {
        // Half the rows in a second file, the groups met file by file.
        let half = identities.count / 2
        let files = [try file(Array(identities[..<half])), try file(Array(identities[half...]))]
        let groups = IdentityGroups(files)
        let selected = Array((0..<groups.count).reversed())
        let fields = groups.fields(of: selected, in: files)
        let expected = selected.map { group in
            files[groups.first(group).file].records[groups.first(group).row].identity
        }
        #expect((0..<fields.count).map(fields.identity) == expected)
        let ordered = fields.order().map { expected[$0] }
        #expect(ordered == expected.sorted(), "\(ordered)")
    }

    @Test(
        "thousands of random ASCII identities, runs of equal cells among them, order as ResultIdentity's <"
    )
    func randomOrderIsIdentityOrder() {
        // Cells from few words, where one begins another, empty ones, and a run of rows that
        // repeat the cells before (as a run lists a configuration's variants).
        let words = [
            "", "a", "ab", "abc", "b", "ba", "vending", "vend", "Vending", "x=1;y=2", "x=1",
        ]
        var random = SplitMix64(seed: 23)
        func word() -> String { words[Int(random.next() % UInt64(words.count))] }
        var identities = [ResultIdentity]()
        for _ in 0..<3_000 {
            if let last = identities.last, random.next() % 3 == 0 {
                var repeated = last
                repeated.variant = word()
                identities.append(repeated)
            } else {
                identities.append(
                    ResultIdentity(
                        scenario: word(), parameters: word(), sweep: word(), variant: word()))
            }
        }
        var fields = IdentityFields(width: 4, count: identities.count)
        for identity in identities {
            for cell in [identity.scenario, identity.parameters, identity.sweep, identity.variant] {
                Array(cell.utf8).withUnsafeBufferPointer { fields.append($0) }
            }
        }
        let ordered = fields.order().map { identities[$0] }
        #expect(ordered == identities.sorted())
    }
}

/// The hash a reader keeps for each row's identity is the one `RowIdentity` makes from the
/// row's bytes, so that files read from disk and tables made in memory (which keep none)
/// join: rows with quoted and quote-doubling identities among them.
@Suite("identity hashes kept by the reader")
struct IdentityHashesTests {
    private static let identities = [
        ("vending", "products=40", "table"), ("vending", "m=\"x,y\"", "switch"),
        ("workday", "a=1;b=2", "say \"hi\""), ("validation", "", "floor"),
    ]

    private func fixture() -> ResultsFixture {
        ResultsFixture(
            Self.identities.map { scenario, params, variant in
                [String: String].row(variant, scenario: scenario, params: params, median: 100)
            })
    }

    @Test("each kept hash is the hash of the row's bytes, and joins a table that keeps none")
    func keptHashesJoin() throws {
        let read = try fixture().file()
        let table = read.table
        let fields = RowIdentity.fields(of: table)
        #expect(table.identityHashes.hashes.count == Self.identities.count)
        for row in 0..<table.count {
            let kept = try #require(table.identityHashes.hash(row: row, of: fields))
            let made = RowIdentity(
                table: RowTable(
                    rows: [(0..<table.width).map { table.text(row: row, field: $0) }],
                    lines: [2], width: table.width, positions: table.positions),
                row: 0, fields: fields
            ).hash
            #expect(kept == made, "row \(row)")
        }
        // Without parameters, the hash is made, not kept.
        let withoutParameters = RowIdentity.fields(of: table, ignoringParameters: true)
        #expect(table.identityHashes.hash(row: 0, of: withoutParameters) == nil)
        // A history's rows hash their run too: kept, but not for these fields.
        let history = try fixture().file(runs: .several)
        #expect(history.table.identityHashes.hash(row: 0, of: fields) == nil)
    }
}

/// The way a reader gathers identities: from the row that first had each group.
extension IdentityGroups {
    /// The identifying fields of `selected` (groups of `files`), gathered from the row that
    /// first had each.
    func fields(of selected: [Int], in files: [ResultsFile]) -> IdentityFields {
        let fields = files.map { RowIdentity.fields(of: $0.table) }
        var gathered = IdentityFields(width: fields.first?.count ?? 0, count: selected.count)
        for group in selected {
            let (file, row) = first(group)
            let table = files[file].table
            table.bytes.withUnsafeBufferPointer { bytes in
                for field in fields[file] {
                    // A column the file lacks reads as empty.
                    let range = field.map { table.range(row: row, field: $0) } ?? 0..<0
                    gathered.append(UnsafeBufferPointer(rebasing: bytes[range]))
                }
            }
        }
        return gathered
    }
}
