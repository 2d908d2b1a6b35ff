import Foundation
import SimBench
import Testing

/// The manual's "harness alone": a program of its own drives the library, and gets child
/// processes and the allocation pass through the child role, as `simbench` does.
@Suite("the harness alone (the manual's example)")
struct HarnessAloneTests {
    /// The package's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The example program, built beside simbench.
    static let binary = SimBenchBinary.url.deletingLastPathComponent()
        .appendingPathComponent("HarnessAlone")

    @Test("the example runs its two processes and its allocation pass as children of its own")
    func runs() throws {
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run([], in: scratch.url, executable: Self.binary)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        // One line per variant: variant, processes, median ns, ratio, allocations per event.
        let lines = result.standardOutput.split(separator: "\n").map {
            $0.split(separator: " ").map(String.init)
        }
        #expect(lines.map { $0.first ?? "" } == ["add", "shift"], "\(result.standardOutput)")
        for line in lines {
            #expect(line.count == 5 && line[1] == "2", "pooled from two processes: \(line)")
            let allocations = line.count == 5 ? Double(line[4]) : nil
            #expect(
                allocations.map { !$0.isNaN } == true,
                "counted by the allocation pass: \(line), stderr: \(result.standardError)")
        }
        // The children's request and result files are gone; nothing was written here.
        #expect(scratch.contents.isEmpty)
    }

    @Test("the manual's example is the program the test runs")
    func manualShowsTheProgram() throws {
        let program = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/HarnessAlone/main.swift"),
            encoding: .utf8)
        let article = try String(
            contentsOf: Self.root.appendingPathComponent(
                "Sources/SimBench/SimBench.docc/OwnCode.md"), encoding: .utf8)
        let start = try #require(program.range(of: "// The example:\n"))
        let end = try #require(program.range(of: "// End of the example."))
        let example = String(program[start.upperBound..<end.lowerBound])
        let section = try #require(article.range(of: "### The harness alone"))
        let block = try #require(article[section.upperBound...].range(of: "```swift\n"))
        let blockEnd = try #require(article[block.upperBound...].range(of: "```"))
        #expect(String(article[block.upperBound..<blockEnd.lowerBound]) == example)
    }
}
