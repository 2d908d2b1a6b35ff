import Testing

@testable import SimBench

/// A row's cells as a key, hashed and compared from the bytes: equal exactly when the cells
/// as strings are, as the charts grouped rows before.
@Suite("row key: the cells' bytes as a key, equal as their strings are")
struct RowKeyTests {
    static let header = ["scenario", "params", "variant"]

    static func record(_ scenario: String, _ parameters: String, _ variant: String)
        -> ResultsRecord
    {
        ResultsRecord(
            line: 2, fields: [scenario, parameters, variant],
            columns: ColumnPositions(header: header))
    }

    @Test("keys are equal, and hash alike, exactly when the cells' strings are")
    func equalAsStrings() {
        let columns: [ResultColumn] = [.scenario, .parameters]
        let cells = [
            ("vending", "products=40"), ("vending", "products=4"), ("vending", ""),
            ("vendin", "gproducts=4"), ("\"quoted, \"\"doubled\"\"\"", "x"),
            // Canonically equivalent text of other bytes: é composed and decomposed; the
            // Kelvin sign and K, one of them ASCII.
            ("caf\u{E9}", "x"), ("cafe\u{301}", "x"), ("\u{212A}", "x"), ("K", "x"),
        ]
        for (scenario, parameters) in cells {
            for (otherScenario, otherParameters) in cells {
                let one = RowKey(Self.record(scenario, parameters, "a"), columns)
                let other = RowKey(Self.record(otherScenario, otherParameters, "b"), columns)
                let same = [scenario, parameters] == [otherScenario, otherParameters]
                #expect((one == other) == same, "\(scenario) \(parameters) / \(otherScenario)")
                if same { #expect(one.hashValue == other.hashValue, "\(scenario)") }
            }
        }
        // Grouped by the key, the rows fall as by their strings.
        let records = cells.map { Self.record($0.0, $0.1, "v") }
        let byKey = ChartRows.grouped(records) { RowKey($0, columns) }.map { $0.records.count }
        let byStrings = ChartRows.grouped(records) { [$0[.scenario], $0[.parameters]] }.map {
            $0.records.count
        }
        #expect(byKey == byStrings)
        #expect(byKey == [1, 1, 1, 1, 1, 2, 2])
    }

    @Test("a column the file lacks reads as empty")
    func absentColumnIsEmpty() {
        let columns: [ResultColumn] = [.scenario, .sweep]
        let lacking = RowKey(Self.record("vending", "", "a"), columns)
        let empty = RowKey(
            ResultsRecord(
                line: 2, fields: ["vending", ""],
                columns: ColumnPositions(header: ["scenario", "sweep"])), columns)
        #expect(lacking == empty)
        #expect(lacking.hashValue == empty.hashValue)
        #expect(lacking.cells == ["vending", ""])
    }
}
