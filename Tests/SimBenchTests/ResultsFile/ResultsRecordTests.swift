import SimBenchCore
import Testing

@testable import SimBench

/// A row's role and status read from the cell's bytes are what its text would give.
@Suite("results record: cells read from the bytes")
struct ResultsRecordTests {
    @Test("a role and a status from the bytes are the enums' reading of the text")
    func roleAndStatus() {
        let cells = [
            "ok", "wrong", "baseline", "pattern", "floor", "", "OK", "ok ", " ok", "o", "okay",
            "Floor", "pattern\u{301}", "flo\u{301}or", "\u{212A}", "w\u{FEFF}rong",
        ]
        // Every case's raw value, and each cut short by a byte or changed in its last.
        let raws = VariantRole.allCases.map(\.rawValue) + ResultStatus.allCases.map(\.rawValue)
        let nearMisses = raws.map { String($0.dropLast()) } + raws.map { $0.dropLast() + "x" }
        for cell in cells + raws + nearMisses {
            let record = ResultsRecord(
                line: 2, fields: [cell, cell], columns: ColumnPositions(header: ["role", "status"]))
            #expect(record.role == VariantRole(rawValue: cell), "\(cell.debugDescription)")
            #expect(record.status == ResultStatus(rawValue: cell), "\(cell.debugDescription)")
        }
        // A file without the columns has neither.
        let bare = ResultsRecord(
            line: 2, fields: ["x"], columns: ColumnPositions(header: ["scenario"]))
        #expect(bare.role == nil && bare.status == nil)
    }
}
