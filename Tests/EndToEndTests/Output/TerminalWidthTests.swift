import Foundation
import Testing

/// The table takes the terminal's own width (its window size on a terminal, then `COLUMNS`,
/// then 120), keeps every column aligned at any width from 60 up, names what it left out
/// under the table with `--wide`, gives way keeping allocations and the CPU figures longest,
/// and a `WRONG` row always shows its reason.
@Suite("a table that fits", .serialized)
struct TerminalWidthTests {
    /// Two processes: fewer than modes are judged over, so that no row's modes column (which,
    /// when a row comes out in two modes, is kept before allocs/event and holds spaces) makes
    /// the tables differ from run to run.
    static let small = [
        "--machines", "200", "--events", "2", "--rounds", "3", "--warmup", "0", "--processes",
        "2", "--allow-debug",
    ]

    /// util-linux's `script` (macOS's takes other flags).
    static let hasScript =
        TestHost.isLinux && FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    /// Runs simbench in a pseudo-terminal `columns` wide (util-linux `script`, the terminal
    /// set with `stty`), with `COLUMNS` as given (nil: unset). Returns what the terminal
    /// showed of standard output (standard error, with the progress line and a debug build's
    /// warning, goes to /dev/null), `\r\n` made `\n`.
    static func inTerminal(
        _ arguments: [String], columns: Int, environmentColumns: String?, in directory: URL
    ) throws -> String {
        let quoted = ([SimBenchBinary.url.path] + arguments).map { "'\($0)'" }
            .joined(separator: " ")
        let exportColumns = environmentColumns.map { "export COLUMNS=\($0); " } ?? "unset COLUMNS; "
        let command =
            "stty cols \(columns) rows 50; \(exportColumns)exec \(quoted) 2> /dev/null"
        let script = URL(fileURLWithPath: "/usr/bin/script")
        let result = try SimBenchBinary.run(
            ["-q", "-e", "-c", command, "/dev/null"], in: directory, executable: script)
        #expect(result.status == 0, "\(command): \(result.standardOutput)")
        return result.standardOutput.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// `text` with every run of white space one space: wrapped lines read as one.
    static func unwrapped(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Each table: its header line (`  vending  CPU ns/event …`) and the rows under it, up to the first
    /// line that is not a row (a blank line, a note, the left-out line).
    static func tables(in text: String) -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var tables = [[String]]()
        var index = 0
        while index < lines.count {
            // A compact table is headed by its configuration's label, a wide one by `variant`.
            guard lines[index].hasPrefix("  "), lines[index].contains("CPU ns/event") else {
                index += 1
                continue
            }
            var table = [lines[index]]
            index += 1
            while index < lines.count, lines[index].hasPrefix("  "),
                !lines[index].hasPrefix("   "), !lines[index].hasPrefix("  left out"),
                !lines[index].hasPrefix("  what each"), !lines[index].hasPrefix("  note"),
                !lines[index].hasPrefix("  warning"), !lines[index].contains(" differs from ")
            {
                table.append(lines[index])
                index += 1
            }
            tables.append(table)
        }
        return tables
    }

    /// The cells of a table line and the column at which each ends: cells are separated by
    /// two spaces or more.
    static func cellEnds(_ line: String) -> [(cell: String, end: Int)] {
        var cells = [(String, Int)]()
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            while index < characters.count, characters[index] == " " { index += 1 }
            var end = index
            while end < characters.count {
                if characters[end] == " ", end + 1 < characters.count, characters[end + 1] == " " {
                    break
                }
                if characters[end] == " ", end + 1 == characters.count { break }
                end += 1
            }
            if end > index { cells.append((String(characters[index..<end]), end)) }
            index = end
        }
        return cells
    }

    /// Every cell after the name ends where a header ends (right-aligned columns), and no
    /// line is wider than `width`.
    static func expectAligned(_ text: String, width: Int, _ context: String) {
        let tables = tables(in: text)
        #expect(!tables.isEmpty, "\(context): no table in \(text)")
        for table in tables {
            let headerEnds = Set(cellEnds(table[0]).dropFirst().map(\.end))
            for line in table {
                #expect(line.count <= width, "\(context): \(line.count) > \(width): \(line)")
                for (cell, end) in cellEnds(line).dropFirst() where cell != "WRONG" {
                    #expect(
                        headerEnds.contains(end),
                        "\(context): '\(cell)' ends at \(end), no header ends there:\n\(table.joined(separator: "\n"))"
                    )
                }
            }
        }
    }

    /// No table shows a `×` figure in its net column without the interval beside it: a net
    /// ratio is `—`, or has a bounded interval, or its column is gone.
    static func expectNetRatiosBounded(_ text: String, _ context: String) {
        for table in tables(in: text) {
            let header = cellEnds(table[0])
            guard let net = header.firstIndex(where: { $0.cell == "net of floor" }) else {
                continue
            }
            let intervalEnd =
                net + 1 < header.count && header[net + 1].cell == "95% CI"
                ? header[net + 1].end : nil
            for line in table.dropFirst() {
                let cells = cellEnds(line)
                guard let figure = cells.first(where: { $0.end == header[net].end })?.cell,
                    figure.hasSuffix("×")
                else { continue }
                let interval = intervalEnd.flatMap { end in cells.first { $0.end == end }?.cell }
                #expect(
                    interval?.hasPrefix("[") == true && interval?.contains("∞") == false,
                    "\(context): net \(figure) without its interval: \(line)\n\(table[0])")
            }
        }
    }

    @Test(
        "in an 80-column terminal, COLUMNS unset: lines fit 80, the left-out line names --wide",
        .enabled(if: hasScript, "needs util-linux script for a pseudo-terminal"))
    func terminalWidth() throws {
        let scratch = try ScratchDirectory()
        let shown = try Self.inTerminal(
            ["run", "--scenario", "vending"] + Self.small + ["--csv", scratch.path("a.csv")],
            columns: 80, environmentColumns: nil, in: scratch.url)
        Self.expectAligned(shown, width: 80, "terminal 80")
        Self.expectNetRatiosBounded(shown, "terminal 80")
        // The line under the table, unwrapped (text lines wrap at the width, tables do not).
        let flowing = Self.unwrapped(shown)
        #expect(flowing.contains("left out to fit 80 columns: "), "\(shown)")
        #expect(flowing.contains("; --wide shows every column"), "\(shown)")
        let header = try #require(Self.tables(in: shown).first?.first)
        // The headline keeps its interval: other columns give way first.
        for kept in ["CPU ns/event", "CPU ratio", "95% CI"] {
            #expect(header.contains(kept), "\(kept) kept at 80 columns: \(header)")
        }
        Self.expectSummaryLast(shown, patterns: ["state-objects", "shared-states", "table"])
        for line in shown.split(separator: "\n") {
            #expect(line.count <= 80, "\(line.count) > 80: \(line)")
        }
    }

    /// The output ends with the summary: its header, then one row per pattern, in order,
    /// each naming its scenario and pattern (`vending.table`, or `  table` under a line
    /// `vending` where the grouped names keep more columns).
    static func expectSummaryLast(_ text: String, patterns: [String]) {
        let lines = text.split(separator: "\n").map(String.init)
        guard let header = lines.lastIndex(where: { $0.hasPrefix("pattern ") }) else {
            Issue.record("no summary header:\n\(text)")
            return
        }
        let rows = lines[(header + 1)...].filter { $0 != "vending" }
        #expect(rows.count == patterns.count, "summary rows after its header:\n\(text)")
        for (row, pattern) in zip(rows, patterns) {
            let cells = row.split(separator: " ", omittingEmptySubsequences: true)
            #expect(
                cells.count > 2 && ["vending.\(pattern)", pattern].contains(String(cells[0]))
                    && cells[1].hasSuffix("×"),
                "summary row '\(row)', expected \(pattern)")
        }
    }

    @Test(
        "the terminal's own width wins over COLUMNS",
        .enabled(if: hasScript, "needs util-linux script for a pseudo-terminal"))
    func terminalOverColumns() throws {
        let scratch = try ScratchDirectory()
        let shown = try Self.inTerminal(
            ["run", "--scenario", "vending"] + Self.small + ["--csv", scratch.path("a.csv")],
            columns: 72, environmentColumns: "200", in: scratch.url)
        Self.expectAligned(shown, width: 72, "terminal 72, COLUMNS 200")
        #expect(Self.unwrapped(shown).contains("left out to fit 72 columns"), "\(shown)")
    }

    @Test("into a pipe: COLUMNS, else 120", arguments: [nil, 90] as [Int?])
    func pipeWidth(columns: Int?) throws {
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run(
            ["run", "--scenario", "vending"] + Self.small + ["--csv", scratch.path("a.csv")],
            in: scratch.url, columns: columns)
        #expect(result.status == 0, "\(result.standardError)")
        Self.expectAligned(result.standardOutput, width: columns ?? 120, "pipe \(columns ?? 120)")
    }

    @Test(
        "every width from 60 up keeps the columns aligned, allocs/event and the CPU figures last to go",
        arguments: [60, 66, 75, 84, 96, 110, 130])
    func alignedAtEveryWidth(width: Int) throws {
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run(
            ["run", "--scenario", "vending,calibrate"] + Self.small + [
                "--csv", scratch.path("a.csv"),
            ],
            in: scratch.url, columns: width)
        #expect(result.status == 0, "\(result.standardError)")
        Self.expectAligned(result.standardOutput, width: width, "COLUMNS \(width)")
        Self.expectNetRatiosBounded(result.standardOutput, "COLUMNS \(width)")
        for header in Self.tables(in: result.standardOutput).map({ $0[0] }) {
            #expect(
                header.contains("CPU ns/event") && header.contains("CPU ratio"),
                "\(width): \(header)")
            // Allocations go only when nothing but the CPU ratio's interval is left to give
            // way, and that interval goes last of all.
            if !header.contains("allocs/event") {
                for earlier in ["CV", "wall ns/event", "net of floor"] {
                    #expect(!header.contains(earlier), "\(width): \(earlier) kept over allocs")
                }
                #expect(
                    header.components(separatedBy: "95% CI").count <= 2,
                    "\(width): a CI other than the CPU ratio's kept over allocs: \(header)")
            }
            if !header.contains("95% CI") {
                #expect(!header.contains("allocs/event"), "\(width): allocs kept over the CI")
            }
        }
        // What the line after the tables names is what some table's header lacks.
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let headers = Self.tables(in: result.standardOutput).map { $0[0] }
        for (index, first) in lines.enumerated() where first.hasPrefix("left out to fit ") {
            // A line wider than the terminal goes on, indented, on the lines after it.
            let continued = lines[(index + 1)...].prefix { $0.hasPrefix("  ") }
            let line = ([first] + continued.map { $0.trimmingCharacters(in: .whitespaces) })
                .joined(separator: " ")
            let names =
                line.components(separatedBy: "columns: ").last?
                .components(separatedBy: "; --wide").first?.components(separatedBy: ", ") ?? []
            #expect(!names.isEmpty)
            for name in names where !name.hasSuffix("CI") {
                #expect(
                    headers.contains { !$0.contains(name) },
                    "\(width): \(name) left out but shown in every table: \(headers)")
            }
        }
        #expect(
            lines.filter { $0.hasPrefix("left out to fit ") }.count <= 1,
            "\(width): the left-out line is said once")
    }

    @Test("a WRONG row shows its reason at 60 columns")
    func wrongReason() throws {
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run(
            ["run", "--scenario", "selftest"] + Self.small + ["--csv", scratch.path("a.csv")],
            in: scratch.url, columns: 60)
        #expect(result.status == 3, "\(result.standardError)")
        #expect(
            Self.unwrapped(result.standardOutput).contains(
                "off-by-one: WRONG: outcome differs from the baseline; no timing"),
            "\(result.standardOutput)")
        Self.expectAligned(result.standardOutput, width: 60, "selftest 60")
    }
}
