import Foundation
import SimBenchCore
import Testing

@testable import SimBench

/// Reading a results file as a stream of records: the same rows and the same errors as
/// reading its bytes at once, whatever falls on a chunk's edge, and a record past the limit
/// refused at its line.
@Suite("results file reading in chunks")
struct TableReaderTests {
    /// A file of `count` rows whose event units hold quoted commas, quotes and line breaks,
    /// so that records straddle the stream's chunk edges in every way.
    static func quotedRows(_ count: Int) -> ResultsFixture {
        ResultsFixture(
            (0..<count).map { index in
                var row = [String: String].row(
                    "variant-\(index)", role: index == 0 ? "baseline" : "pattern",
                    median: Double(100 + index))
                row["event_unit"] = String(
                    repeating: "a \"quoted\", line\r\nbreak ", count: index % 7)
                return row
            })
    }

    /// Writes `text` to a new file in a fresh directory and reads it with `read`.
    static func withFile<T>(
        _ bytes: [UInt8], _ read: (String) throws -> T
    ) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "record-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("results.csv").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try read(path)
    }

    @Test("a file read in chunks has the rows and lines of its bytes read at once")
    func chunksAgree() throws {
        let count = 1500
        let text = Array(Self.quotedRows(count).text.utf8)
        // Several chunks, so that records cross their edges.
        #expect(text.count > 4 * RecordBounds.chunkSize)
        let whole = try ResultsFile(path: "results.csv", bytes: text)
        let streamed = try Self.withFile(text) { try ResultsFile.read($0) }
        #expect(streamed.header == whole.header)
        #expect(streamed.records.map { $0.fields } == whole.records.map { $0.fields })
        #expect(streamed.records.map { $0.line } == whole.records.map { $0.line })
        #expect(streamed.bytes == text)
        // Row k starts after the header and the lines of the rows before it.
        #expect(
            streamed.records.last?.line
                == 2 + (count - 1) + (0..<(count - 1)).reduce(0) { $0 + $1 % 7 })
    }

    /// A file of `count` rows with no quoted text: its table reads the file's mapping as
    /// it is, where `quotedRows`' doubled quotes take the bytes out of it.
    static func plainRows(_ count: Int) -> ResultsFixture {
        ResultsFixture(
            (0..<count).map { index in
                .row("variant-\(index)", median: Double(100 + index))
            })
    }

    @Test("a mapped file, kept whole, has the rows, lines and bytes of its bytes read at once")
    func mappedAgrees() throws {
        let text = Array(Self.plainRows(1500).text.utf8) + Array("\r\n\n".utf8)
        #expect(text.count > 4 * RecordBounds.chunkSize)
        let whole = try ResultsFile(path: "results.csv", bytes: text)
        let mapped = try Self.withFile(text) { try ResultsFile.read($0, keepingBytes: true) }
        #expect(mapped.records.map { $0.fields } == whole.records.map { $0.fields })
        #expect(mapped.records.map { $0.line } == whole.records.map { $0.line })
        #expect(mapped.bytes.elementsEqual(text))
        let skimmed = try Self.withFile(text) { try ResultsFile.read($0) }
        #expect(skimmed.records.map { $0.fields } == whole.records.map { $0.fields })
    }

    @Test("a file that grows after it is opened is read to its new end, past its mapping")
    func grownPastMapping() throws {
        let fixture = Self.plainRows(300)
        let text = Array(fixture.text.utf8)
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The header and 100 rows when opened; the other 200 appended before it is read.
        let opened = Array(lines[0..<101].joined(separator: [UInt8(ascii: "\n")])) + [10]
        let appended = Array(text.dropFirst(opened.count))
        try Self.withFile(opened) { path in
            let descriptor = open(path, O_RDONLY)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            var reader = TableReader(path: path, descriptor: descriptor, runs: .one)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(appended))
            try handle.close()
            let table = try reader.read()
            #expect(table.count == 300)
            #expect(
                table.text(row: 299, field: table.positions.position(of: .variant)!)
                    == "variant-299")
            #expect(table.bytes.count == text.count)
        }
    }

    @Test("an error past the first chunk names the same line as the bytes read at once")
    func errorsAgree() throws {
        var fixture = Self.quotedRows(400)
        fixture.rows[350]["ns_per_event_median"] = "12,5"
        let text = Array(fixture.text.utf8)
        let expected = #expect(throws: ResultsFileError.self) {
            try ResultsFile(path: "results.csv", bytes: text)
        }
        let streamed = try Self.withFile(text) { path in
            #expect(throws: ResultsFileError.self) { try ResultsFile.read(path) }
        }
        #expect(expected?.line != nil)
        #expect(streamed?.line == expected?.line)
        #expect(streamed?.message == expected?.message)
    }

    @Test("a record longer than the limit is refused at its line, the rest unread")
    func recordLimit() throws {
        var fixture = Self.quotedRows(3)
        fixture.rows[1]["event_unit"] = String(repeating: "x", count: ResultsFile.recordLimit)
        let text = Array(fixture.text.utf8)
        let error = try Self.withFile(text) { path in
            #expect(throws: ResultsFileError.self) { try ResultsFile.read(path) }
        }
        #expect(error?.line == 3, "\(String(describing: error))")
        #expect(
            error?.message.contains("longer than \(ResultsFile.recordLimit >> 20) MiB") == true,
            "\(String(describing: error))")
        // The same from bytes in memory.
        #expect(throws: ResultsFileError.self) { try ResultsFile(path: "r.csv", bytes: text) }
    }

    @Test(
        "rows just under 65,534 bytes, at it and past it keep every field, read from a file and from bytes"
    )
    func wideRows() throws {
        var fixture = Self.plainRows(13)
        // Each row's length with an empty event unit: its line in the file, CR LF left out.
        let lengths = fixture.text.components(separatedBy: "\r\n").dropFirst().map(\.utf8.count)
        // Rows 0-5 end 6 to 1 bytes short of 65,534 bytes, rows 6-11 reach it and go up to 5
        // past; row 12 is 300,000 bytes. A row's field starts are kept in two bytes from its
        // start up to 65,534 bytes, whole past it.
        for row in 0..<12 {
            fixture.rows[row]["event_unit"] = String(
                repeating: "x", count: 65_534 - lengths[row] + row - 6)
        }
        fixture.rows[12]["event_unit"] = String(repeating: "y", count: 300_000)
        let text = Array(fixture.text.utf8)
        let expected = fixture.rows.map { row in fixture.columns.map { row[$0] ?? "" } }
        let lines = fixture.text.components(separatedBy: "\r\n").dropFirst()
        let streamed = try Self.withFile(text) { try ResultsFile.read($0) }
        for file in [try ResultsFile(path: "results.csv", bytes: text), streamed] {
            #expect(file.records.count == 13)
            for (record, cells) in zip(file.records, expected) {
                // The first field read other than written, by its column: a row's cells are
                // too long to print whole.
                let differing = zip(record.fields, cells).enumerated().first { $1.0 != $1.1 }
                #expect(
                    differing == nil && record.fields.count == cells.count,
                    "row \(record.row): \(differing.map { fixture.columns[$0.offset] } ?? "count")")
            }
            #expect(
                zip(file.records, lengths.indices).allSatisfy { record, row in
                    record.line == row + 2
                })
            // Each row written back (as merge writes it) is its line, CR LF and all.
            for (record, line) in zip(file.records, lines) {
                var written = [UInt8]()
                record.appendRecord(to: &written)
                #expect(written.elementsEqual(Array((line + "\r\n").utf8)), "row \(record.row)")
            }
        }
        // Each variant quoted where it need not be: written back unquoted, as OutputFile
        // writes it, from a row kept in two bytes an offset or whole.
        var quoted = fixture.text
        for row in fixture.rows.indices {
            quoted = quoted.replacingOccurrences(
                of: ",variant-\(row),", with: ",\"variant-\(row)\",")
        }
        let requoted = try ResultsFile(path: "quoted.csv", bytes: Array(quoted.utf8))
        for (record, line) in zip(requoted.records, lines) {
            var written = [UInt8]()
            record.appendRecord(to: &written)
            #expect(written.elementsEqual(Array((line + "\r\n").utf8)), "row \(record.row)")
        }
    }

    @Test("line breaks after the last row are read past; a row after a blank line is refused")
    func trailingLineBreaks() throws {
        let rows = Array(Self.quotedRows(3).text.utf8)
        let breaks = Array(repeating: UInt8(ascii: "\n"), count: 3 * RecordBounds.chunkSize)
        let trailing = try Self.withFile(rows + breaks + [13, 10]) { try ResultsFile.read($0) }
        #expect(trailing.records.count == 3)
        let inside = try Self.withFile(rows + breaks + rows.suffix(from: rows.count - 5)) {
            path in #expect(throws: ResultsFileError.self) { try ResultsFile.read(path) }
        }
        let firstBlank = 1 + 3 + (0..<3).reduce(0) { $0 + $1 % 7 } + 1
        #expect(inside?.line == firstBlank, "\(String(describing: inside))")
        #expect(inside?.message.contains("blank line") == true, "\(String(describing: inside))")
    }

    @Test("every cell is read where it lies as the record reader parses it", arguments: 0..<8)
    func cellsAsParsed(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces = [
            "a", "b c", "x,y", "say \"hi\"", "line\nbreak", "cr\r\nlf", "é€😀", "", " ", "\"",
            "\"\"", "tab\t",
        ]
        let fixture = ResultsFixture(
            (0..<200).map { index in
                var row = [String: String].row("variant-\(index)", median: Double(100 + index))
                for column in ["event_unit", "host", "cpu", "os", "build_flags", "load_average"] {
                    row[column] = (0..<Int(random.next() % 4)).map { _ in
                        pieces[Int(random.next() % UInt64(pieces.count))]
                    }.joined()
                }
                return row
            })
        var text = Array(fixture.text.utf8)
        // Some fields quoted though they need no quotes, some records ended by LF alone.
        if seed % 2 == 1 {
            text = Array(
                fixture.text.replacingOccurrences(of: ",vending,", with: ",\"vending\",").utf8)
        }
        if seed % 4 >= 2 {
            text = Array(
                String(decoding: text, as: UTF8.self).replacingOccurrences(
                    of: "\r\n2", with: "\n2"
                ).utf8)
        }
        let file = try ResultsFile(path: "cells.csv", bytes: text)
        let records = try CSVReader.records(in: text).dropFirst()
        #expect(file.records.map(\.fields) == records.map(\.fields), "seed \(seed)")
        #expect(file.records.map(\.line) == records.map(\.line), "seed \(seed)")
    }
}
