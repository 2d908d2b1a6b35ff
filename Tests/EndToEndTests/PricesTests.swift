import Foundation
import Testing

/// `run --prices FILE` refuses, with one line and exit status 64 before anything runs, a
/// prices file it cannot price this host's run by.
@Suite("run --prices")
struct PricesTests {
    /// The mechanism rows `host --csv` writes (timed, not counted), at the smallest sizes.
    static func hostFile(in scratch: ScratchDirectory) throws -> String {
        let path = scratch.path("prices.csv")
        let result = try SimBenchBinary.run([
            "host", "--allow-debug", "--machines", "20", "--events", "5", "--processes", "1",
            "--rounds", "2", "--counts", scratch.path("absent.csv"), "--csv", path,
        ])
        // An absent --counts file is refused before anything runs.
        #expect(result.status == 64, "stderr: \(result.standardError)")
        let written = try SimBenchBinary.run(
            [
                "host", "--allow-debug", "--machines", "20", "--events", "5", "--processes", "1",
                "--rounds", "2", "--csv", path,
            ], in: scratch.url)
        #expect(written.status == 0, "stderr: \(written.standardError)")
        return path
    }

    /// `run` of vending at the smallest sizes, counted and priced by `prices`.
    static func run(prices: String, in scratch: ScratchDirectory, counted: Bool = true) throws
        -> CommandResult
    {
        try SimBenchBinary.run(
            [
                "run", "--allow-debug", "--scenarios", "vending", "--machines", "20", "--events",
                "5", "--rounds", "2", "--processes", "1", "--prices", prices, "--csv",
                scratch.path("run.csv"),
            ] + (counted ? ["--instructions", "callgrind"] : []), in: scratch.url)
    }

    @Test("a file of another CPU identity, one without counts, and no counted pass: refused")
    func refused() throws {
        let scratch = try ScratchDirectory()
        let path = try Self.hostFile(in: scratch)

        let uncounted = try Self.run(prices: path, in: scratch)
        #expect(uncounted.status == 64, "stderr: \(uncounted.standardError)")
        #expect(uncounted.errorLines.count == 1, "\(uncounted.standardError)")
        #expect(uncounted.standardError.contains("not both counted"), "\(uncounted.standardError)")

        let noCounts = try Self.run(prices: path, in: scratch, counted: false)
        #expect(noCounts.status == 64, "stderr: \(noCounts.standardError)")
        #expect(noCounts.standardError.contains("--prices needs counts"))

        // The same rows, measured on another processor: another CPUID family.
        var records = parseCSV(try String(contentsOfFile: path, encoding: .utf8))
        let family = try #require(records.first?.firstIndex(of: "cpu_family"))
        for index in records.indices.dropFirst() { records[index][family] = "999" }
        let quoted = records.map { record in
            record.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
                .joined(separator: ",")
        }
        try (quoted.joined(separator: "\n") + "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let other = try Self.run(prices: path, in: scratch)
        #expect(other.status == 64, "stderr: \(other.standardError)")
        #expect(other.errorLines.count == 1, "\(other.standardError)")
        #expect(other.standardError.contains("another CPU's prices"), "\(other.standardError)")
        #expect(
            other.standardError.contains(
                "measure them here with 'simbench host --instructions callgrind --csv"),
            "\(other.standardError)")
        #expect(other.standardError.contains("family 999"), "\(other.standardError)")
        #expect(!scratch.contents.contains("run.csv"), "nothing run, nothing written")
    }
}
