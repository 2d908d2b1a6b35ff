import Testing

@testable import SimBench

/// The parser's records: each field's bytes, unquoted, in one buffer per record, read back
/// as the text that was written.
@Suite("CSV records")
struct CSVReaderTests {
    /// The fields of every record of `text`.
    static func fields(_ text: String) throws -> [[String]] {
        try CSVReader.records(in: Array(text.utf8)).map(\.fields)
    }

    @Test("quoted fields keep their commas, line breaks and doubled quotes; empty fields stay")
    func quotedFields() throws {
        let text = "a,\"b,c\",\"say \"\"hi\"\"\",\"two\r\nlines\",,\"\"\r\nd,é,\"\",f\n"
        #expect(
            try Self.fields(text) == [
                ["a", "b,c", "say \"hi\"", "two\r\nlines", "", ""], ["d", "é", "", "f"],
            ])
    }

    @Test("a field's line is the record's, until a quoted field spans lines")
    func fieldLines() throws {
        let records = try CSVReader.records(in: Array("h\r\nx,\"1\n2\n3\",y\r\nz,w,v\r\n".utf8))
        #expect(records.map(\.line) == [1, 2, 5])
        #expect((0..<3).map(records[1].line(ofField:)) == [2, 2, 4])
        #expect(records[1].lastFieldLine == 4)
        #expect(records[2].fieldLines.isEmpty && records[2].line(ofField: 2) == 5)
    }

    @Test("a blank line is one unquoted empty field; a quoted empty field is not blank")
    func blankLines() throws {
        let records = try CSVReader.records(in: Array("a\r\n\"\"\r\n\r\nb\r\n".utf8))
        #expect(records.map(\.isBlank) == [false, false, true])
        #expect(records[1].fields == [""])
    }

    @Test("a NUL byte in a field is noted, quoted or not; a record without one is not")
    func nulBytes() throws {
        let records = try CSVReader.records(in: Array("a\0,b\r\n\"c\0\",d\r\ne,f\r\n".utf8))
        #expect(records.map(\.holdsNUL) == [true, true, false])
        #expect(records[0].fields == ["a\0", "b"])
    }

    @Test(
        "malformed records fail on their line and field, as before",
        arguments: [
            ("a,b\"c\r\n", 1, 1, false), ("\"a\"b\r\n", 1, 0, false), ("a,\"b\r\n", 1, 1, true),
            ("a\rb\r\n", 1, 0, false), ("a,b", 1, 1, true), ("x\r\n\"a\r\nb", 2, 0, true),
        ])
    func malformed(_ text: String, line: Int, field: Int, atEnd: Bool) {
        do {
            _ = try CSVReader.records(in: Array(text.utf8))
            Issue.record("'\(text)' parsed")
        } catch {
            #expect(error.line == line && error.field == field && error.atEnd == atEnd, "\(error)")
        }
    }

    @Test("a row's cells read back as the text they were made of, any UTF-8 included")
    func recordCells() {
        let fields = ["", "vending", "12.5", "é, \"q\"\r\n", "", "日本"]
        let header = fields.indices.map { "c\($0)" }
        let record = ResultsRecord(
            line: 2, fields: fields, columns: ColumnPositions(header: header))
        #expect(record.fields == fields)
        #expect(record.cell(at: 5) == "日本" && record.cell(at: 0).isEmpty)
    }

    @Test(
        "a cell is found by its column wherever the file keeps it, and is empty where it lacks it")
    func columnPositions() {
        // An older file's few columns, in another order than this version's.
        let header = [ResultColumn.variant.name, "unknown", ResultColumn.scenario.name]
        let record = ResultsRecord(
            line: 2, fields: ["table", "x", "vending"], columns: ColumnPositions(header: header))
        #expect(record[.scenario] == "vending" && record[.variant] == "table")
        #expect(record[.nsPerEventMedian].isEmpty && record.number(.nsPerEventMedian) == nil)
        // A column made beyond the declared ones is found by its name.
        let extra = ResultColumn("unknown", .text) { _ in "" }
        #expect(record[extra] == "x")
        // Cells compared by their bytes, across files that keep them in other places; an
        // absent column is the same as an empty cell.
        let other = ResultsRecord(
            line: 3, fields: ["vending", "", "enum-switch"],
            columns: ColumnPositions(
                header: [ResultColumn.scenario.name, ResultColumn.host.name, "unknown"]))
        #expect(
            record.hasSameCell(.scenario, as: other) && other.hasSameCell(.scenario, as: record))
        #expect(!record.hasSameCell(.variant, as: other))
        #expect(record.hasSameCell(.host, as: other) && record.hasSameCell(.cpu, as: other))
        #expect(!record.hasSameCell(extra, as: other))
        // This version's rows: every column where the header puts it.
        let row = ResultsRecord(
            line: 0, fields: ResultRow.columns, columns: ColumnPositions.current)
        #expect(ResultColumn.all.allSatisfy { row[$0] == $0.name })
        // A mechanism's or a call kind's column is made anew at each call, with an ordinal of
        // its own: still found where the file keeps it.
        for mechanism in Mechanism.allCases {
            #expect(row[ResultColumn.mechanism(mechanism)] == mechanism.columnName)
        }
        for kind in MechanismCall.allCases {
            #expect(row[ResultColumn.calls(kind)] == kind.columnName)
        }
    }

    @Test(
        "a numeric cell judged from its bytes gets what reading it as a Double gave",
        arguments: [
            "0", "-0", "-0.000", "-0e5", "12.5", "-1", "-0.001", ".5", "-.5", "5.", "1e308",
            "1e309", "-1e309", "1.2e-05", "-1.2e-05", "1e-400", "-1e-400", "3E+20",
            String(repeating: "9", count: 299), String(repeating: "9", count: 320),
            "-" + String(repeating: "9", count: 320),
            "0." + String(repeating: "0", count: 330) + "1",
            "-0." + String(repeating: "0", count: 330) + "1", "fast", "1_0", "0x1p3", "",
            "-", ".", "-.", "1.2.3", "--1", "+1", "1 ", "\u{663}", "007.250", "-0.0000", "1.", ".5",
            "-.5", "-1.", "0",
        ])
    func numberProblems(_ cell: String) {
        // The rule every cell was once read by: a plain decimal, a finite Double, and at
        // least 0 unless signed.
        func expected(signed: Bool) -> RowChecks.CellProblem? {
            guard ResultsSchema.isPlainDecimal(cell), let number = Double(cell) else {
                return .notANumber
            }
            guard number.isFinite else { return .notFinite }
            return signed || number >= 0 ? nil : .negative
        }
        for signed in [false, true] {
            let found = Array(cell.utf8).withUnsafeBufferPointer {
                RowChecks.numberProblem($0, signed: signed)
            }
            #expect(found == expected(signed: signed), "\(cell) signed: \(signed)")
            // The reader's one-pass judgement, where it gives one, agrees.
            let accepted = Array(cell.utf8).withUnsafeBufferPointer {
                RowChecks.acceptsPlainDecimal($0, signed: signed)
            }
            if let accepted {
                #expect(accepted == (expected(signed: signed) == nil), "\(cell) signed: \(signed)")
            }
        }
    }
}
