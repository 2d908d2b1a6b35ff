import Testing

@testable import SimBench

/// `simbench merge` joins shards, refusing what cannot be one run.
@Suite("merge")
struct ResultsMergeTests {
    static let vending = ResultsFixture([
        .row("enum-switch", role: "baseline", median: 100, ratio: 1),
        .row("table", median: 80, ratio: 0.8),
    ])
    static let workday = ResultsFixture([
        .row(
            "enum-switch", scenario: "workday", role: "baseline", params: "step=1", median: 50,
            ratio: 1, run: "run-2")
    ])

    @Test("parts are joined in order, cells unchanged, and read back as one run")
    func joins() throws {
        let merged = try ResultsMerge.merge([
            Self.vending.file("a.csv"), Self.workday.file("b.csv"),
        ])
        #expect(merged.rows == 3)
        let file = try ResultsFile(path: "all.csv", bytes: merged.document)
        #expect(
            file.records.map(\.identity.benchmarkName) == [
                "vending.enum-switch[products=40]", "vending.table[products=40]",
                "workday.enum-switch[step=1]",
            ])
        #expect(file.records[0][.cpu] == "test cpu, 2 GHz")
        #expect(
            merged.document
                == Array(
                    (Self.vending.text + Self.workday.text.split(separator: "\r\n", maxSplits: 1)[1])
                        .utf8))
    }

    @Test("cells copied as bytes are quoted as a written row's: commas, quotes, line breaks")
    func quotedCells() throws {
        var row = [String: String].row("table", median: 80, host: "a, \"quoted\"\r\nhost")
        row["cpu"] = "plain é€"
        row["build_flags"] = "-Xswiftc \"-O\""
        let part = ResultsFixture([row, .row("enum-switch", role: "baseline", median: 100)])
        let merged = try ResultsMerge.merge([try part.file("a.csv")])
        #expect(merged.rows == 2)
        #expect(String(decoding: merged.document, as: UTF8.self) == part.text)
    }

    @Test("a row in two parts is refused, naming both places")
    func duplicate() throws {
        do throws(ResultsFileError) {
            _ = try ResultsMerge.merge([Self.vending.file("a.csv"), Self.vending.file("b.csv")])
            Issue.record("merged a duplicated row")
        } catch {
            #expect(error.path == "b.csv" && error.line == 2 && error.column == "variant")
            #expect(error.message.contains("a.csv line 2"), "\(error)")
        }
    }

    @Test("parts with different headers are refused")
    func differentSchema() throws {
        var older = Self.workday
        older.columns = ResultsSchema.requiredColumns
        do throws(ResultsFileError) {
            _ = try ResultsMerge.merge([Self.vending.file("a.csv"), older.file("old.csv")])
            Issue.record("merged different schemas")
        } catch {
            #expect(error.path == "old.csv" && error.line == 1)
            #expect(error.message.contains("different simbench versions"), "\(error)")
        }
    }
}
