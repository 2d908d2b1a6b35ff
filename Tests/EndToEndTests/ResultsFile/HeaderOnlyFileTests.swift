import Foundation
import SimBench
import Testing

/// A results file with its header and no row gets one answer from every reader: one line
/// saying it holds no result rows, and exit status 1, with nothing written.
@Suite("readers: a header-only file is refused the same way by every reader")
struct HeaderOnlyFileTests {
    /// Each reader's command line over the header-only file `input`, and the words its
    /// refusal ends with.
    static let readers: [(arguments: [String], action: String)] = [
        (["compare", "h.csv", "h.csv"], "compare"),
        (["export", "h.csv", "--format", "github", "--out", "out.json"], "export"),
        (["merge", "h.csv", "--out", "all.csv"], "merge"),
        (["report", "h.csv", "--out", "report.html"], "report"),
        (["plot", "h.csv", "--chart", "ratios", "--out", "chart.svg"], "plot"),
        (["spread", "h.csv", "h.csv"], "measure the spread of"),
        (["coverage", "h.csv", "h.csv", "h.csv"], "judge"),
        (["baseline", "save", "main", "h.csv"], "save as a baseline"),
    ]

    @Test("refused, one line, exit 1, nothing written", arguments: readers.indices)
    func refused(index: Int) throws {
        let (arguments, action) = Self.readers[index]
        let scratch = try ScratchDirectory()
        try (ResultRow.columns.joined(separator: ",") + "\r\n")
            .write(toFile: scratch.path("h.csv"), atomically: true, encoding: .utf8)
        let result = try SimBenchBinary.run(arguments, in: scratch.url)
        #expect(result.status == 1, "\(arguments)")
        #expect(
            result.errorLines
                == [
                    "simbench: h.csv: line 2: no result rows, only a header; nothing to \(action)"
                ], "\(arguments)")
        #expect(scratch.contents == ["h.csv"], "\(arguments)")
    }
}
