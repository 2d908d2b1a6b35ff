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
}
